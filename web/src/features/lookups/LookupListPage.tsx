import { messages } from '@domain/messages';
import { lookupsQuery } from '@web/api/lookups';
import { groupShades } from '@web/components/listPage/groupShades';
import { type ListColumn, ListPage } from '@web/components/listPage/ListPage';
import { type LookupAdminRow, lookupAdminApi } from './lookupAdminApi';
import { lookupEntity } from './lookupEntity';

const columns: ListColumn<LookupAdminRow>[] = [
  { key: 'type', header: 'Type', cell: (row) => row.lookupType.name },
  { key: 'name', header: 'Name', cell: (row) => row.name, link: (row) => `/admin/lookup/${row.id}` },
  {
    key: 'displayOrder',
    header: 'Display Order',
    cell: (row) => row.displayOrder,
    className: 'smr-col-number',
  },
];

/** /admin/lookup/list (docs/product.md#screens-lookups). */
export function LookupListPage() {
  return (
    <ListPage<LookupAdminRow>
      title="Admin | Lookup Items"
      listKey="lookups"
      noun="Lookup items"
      queryKey={lookupAdminApi.keys.all}
      search={lookupAdminApi.search}
      columns={columns}
      emptyText={messages.admin.noMatchingLookups}
      add={{ to: '/admin/lookup/new', label: 'Add Lookup Item' }}
      isInactive={(row) => !row.isActive}
      rowClassNames={(rows) =>
        groupShades(rows, (row) => row.lookupType.enumValue).map((shade) => `smr-row-group-${shade}`)
      }
      removal={{
        ...lookupEntity.removal,
        request: (row, options) => lookupAdminApi.remove(row.id, options),
        itemName: (row) => row.name,
        fallback: (row) =>
          row.isActive ? (
            <span className="badge text-bg-light smr-badge-system" title={messages.admin.lookupIsSystem}>
              System
            </span>
          ) : (
            <span className="badge text-bg-secondary">Inactive</span>
          ),
      }}
      invalidates={[lookupsQuery.queryKey]}
    />
  );
}
