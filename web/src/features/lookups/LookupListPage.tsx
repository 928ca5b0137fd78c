import { messages } from '@domain/messages';
import { useQuery } from '@tanstack/react-query';
import { lookupsQuery } from '@web/api/lookups';
import { groupShades } from '@web/components/listPage/groupShades';
import { type ListColumn, ListPage } from '@web/components/listPage/ListPage';
import { ListViewsBar } from '@web/components/listPage/ListViewMenu';
import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { type LookupAdminRow, lookupAdminApi, lookupTypesQuery } from './lookupAdminApi';
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

/** The type filter, kept in the address (?type={enum value}) like the list's search and page. */
function useTypeFilter() {
  const [params, setParams] = useSearchParams();
  const type = Number(params.get('type')) || null;
  const setType = (next: number | null) =>
    setParams(
      (current) => {
        const changed = new URLSearchParams(current);
        if (next) changed.set('type', String(next));
        else changed.delete('type');
        // Another type is another list: it starts at its first page.
        changed.delete('page');
        return changed;
      },
      { replace: true },
    );
  return [type, setType] as const;
}

/** A select of the lookup types; 'All types' shows every item. */
function TypeFilter({ type, onChange }: { type: number | null; onChange: (type: number | null) => void }) {
  const id = useId();
  const types = useQuery(lookupTypesQuery);
  return (
    <div className="smr-list-filter">
      <label htmlFor={id}>Type</label>
      <select
        id={id}
        className="form-select form-select-sm"
        value={type ?? ''}
        onChange={(event) => onChange(Number(event.target.value) || null)}
      >
        <option value="">All types</option>
        {(types.data ?? []).map((item) => (
          <option key={item.enumValue} value={item.enumValue}>
            {item.name}
          </option>
        ))}
      </select>
    </div>
  );
}

/** /admin/lookup/list (docs/product.md#screens-lookups), with a filter by lookup type. */
export function LookupListPage() {
  const [type, setType] = useTypeFilter();
  const filter = type ? { lookupType: type } : {};
  return (
    <ListPage<LookupAdminRow>
      title="Admin | Lookup Items"
      heading="Lookup Items"
      listKey="lookups"
      noun="Lookup items"
      queryKey={lookupAdminApi.keys.all}
      search={(search, options) => lookupAdminApi.search({ ...search, ...filter }, options)}
      filters={filter}
      views={<ListViewsBar start={<TypeFilter type={type} onChange={setType} />} />}
      columns={columns}
      emptyText={messages.admin.noMatchingLookups}
      emptyHint={
        type
          ? 'Choose All types to see the items of every type.'
          : "Add an item with Add Lookup Item; it then appears in the forms' choices."
      }
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
