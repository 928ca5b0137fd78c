import { messages } from '@domain/messages';
import { type ListColumn, ListPage } from '@web/components/listPage/ListPage';
import { type SectionAdminRow, sectionAdminApi } from './sectionAdminApi';
import { sectionRemoval } from './sectionEntity';

const columns: ListColumn<SectionAdminRow>[] = [
  {
    key: 'displayOrder',
    header: 'Display Order',
    cell: (row) => row.displayOrder,
    className: 'smr-col-number',
  },
  {
    key: 'caption',
    header: 'Caption',
    cell: (row) => row.caption,
    link: (row) => `/admin/section/${row.id}`,
  },
  { key: 'code', header: 'Code', cell: (row) => <code className="smr-code">{row.code}</code> },
  { key: 'questions', header: 'Questions', cell: (row) => row.questionCount, className: 'smr-col-number' },
];

/** /admin/section/list: 'Admin | Section Items'. */
export function SectionListPage() {
  return (
    <ListPage<SectionAdminRow>
      title="Admin | Section Items"
      heading="Sections"
      listKey="sections"
      noun="Sections"
      queryKey={sectionAdminApi.keys.all}
      search={sectionAdminApi.search}
      columns={columns}
      emptyText={messages.admin.noMatchingItems}
      emptyHint="Add a section with Add Section, then add its questions from Question Items."
      add={{ to: '/admin/section/new', label: 'Add Section' }}
      isInactive={(row) => !row.isActive}
      removal={{
        ...sectionRemoval,
        request: (row, options) => sectionAdminApi.remove(row.id, options),
        itemName: (row) => row.caption,
      }}
    />
  );
}
