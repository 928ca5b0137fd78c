import { messages } from '@domain/messages';
import { inputTypeLabels, needsChoices } from '@domain/rules/content';
import { type ListColumn, ListPage } from '@web/components/listPage/ListPage';
import { type QuestionAdminRow, questionAdminApi } from './questionAdminApi';
import { questionRemoval } from './questionEntity';

const columns: ListColumn<QuestionAdminRow>[] = [
  {
    key: 'section',
    header: 'Section',
    cell: (row) =>
      row.section.isActive ? (
        row.section.caption
      ) : (
        <span className="smr-text-inactive">{row.section.caption} (Inactive)</span>
      ),
  },
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
    link: (row) => `/admin/question/${row.id}`,
    className: 'smr-col-wide',
  },
  {
    key: 'inputType',
    header: 'Input Type',
    cell: (row) => inputTypeLabels[row.inputType] ?? row.inputType,
    className: 'smr-col-nowrap',
  },
  { key: 'required', header: 'Required', cell: (row) => (row.isRequired ? 'Yes' : '') },
  {
    key: 'choices',
    header: 'Choices',
    // Only choice-list types have choices to count.
    cell: (row) => (needsChoices(row.inputType) ? row.choiceCount : ''),
    className: 'smr-col-number',
  },
];

/** /admin/question/list: 'Admin | Question Items', by section order then question order. */
export function QuestionListPage() {
  return (
    <ListPage<QuestionAdminRow>
      title="Admin | Question Items"
      heading="Questions"
      listKey="questions"
      noun="Questions"
      queryKey={questionAdminApi.keys.all}
      search={questionAdminApi.search}
      columns={columns}
      emptyText={messages.admin.noMatchingItems}
      emptyHint="Add a question with Add Question; each question belongs to a section."
      add={{ to: '/admin/question/new', label: 'Add Question' }}
      isInactive={(row) => !row.isActive}
      removal={{
        ...questionRemoval,
        request: (row, options) => questionAdminApi.remove(row.id, options),
        itemName: (row) => row.caption,
      }}
    />
  );
}
