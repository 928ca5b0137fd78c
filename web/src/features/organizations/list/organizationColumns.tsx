import { OrganizationType } from '@domain/codes';
import type { OrganizationSortColumn } from '@domain/rules/organizationLists';
import type { OrganizationListRow } from '@domain/schemas/organizationView';
import type { ListColumn } from '@web/components/listPage/ListPage';
import { StatusBadge } from '@web/components/StatusBadge';
import { organizationItemPath } from './organizationListKind';

type Column = ListColumn<OrganizationListRow, OrganizationSortColumn>;

const edit: Column = {
  key: 'edit',
  header: 'Edit',
  // The visible word is the same on every row; the hidden name tells screen-reader users which one.
  cell: (row) => (
    <span className="btn btn-sm btn-outline-primary">
      Edit<span className="visually-hidden"> {row.displayName}</span>
    </span>
  ),
  link: (row) => organizationItemPath(row.type.enumValue, row.id),
  className: 'smr-col-action',
};
const name: Column = {
  key: 'name',
  header: 'Name',
  sort: 'name',
  // Greyed rows say why in words too.
  cell: (row) =>
    row.isActive ? (
      row.displayName
    ) : (
      <>
        <span>{row.displayName}</span> <StatusBadge tone="neutral">Inactive</StatusBadge>
      </>
    ),
};
const hqRegion: Column = {
  key: 'hqRegion',
  header: 'HQ Region (State)',
  sort: 'hqRegion',
  cell: ({ hqRegion, state }) =>
    hqRegion && state ? `${hqRegion.name} (${state.name})` : (hqRegion?.name ?? state?.name ?? ''),
};
const hqState: Column = {
  key: 'hqState',
  header: 'HQ State',
  cell: (row) => row.state?.name ?? '',
  sort: 'state',
};
const type: Column = { key: 'type', header: 'Type', cell: (row) => row.type.name };
const businessArea: Column = {
  key: 'businessArea',
  header: 'Business Area',
  cell: (row) => row.businessType?.name ?? '',
};
const consultingFirm: Column = {
  key: 'consultingFirm',
  header: 'Consulting Firm',
  sort: 'consultingFirm',
  cell: (row) => row.consultingFirm?.name ?? '',
};
const roadmapStatus: Column = {
  key: 'roadmapStatus',
  header: 'Roadmap Status',
  sort: 'roadmapStatus',
  cell: (row) => row.roadmapStatus?.name ?? '',
};
const benchmarkCreated: Column = {
  key: 'benchmarkCreated',
  header: 'Benchmark Created',
  cell: (row) => (row.benchmarkCreated ? 'Yes' : ''),
};

/**
 * The columns of docs/product.md#screens-organization-list for a list of `listType` (null: every type).
 * `seesInstituteColumns`: the admin's consulting-firm, roadmap and benchmark columns (section 6).
 */
export function organizationColumns(listType: number | null, seesInstituteColumns: boolean): Column[] {
  const manufacturers = listType === OrganizationType.Manufacturer;
  return [
    edit,
    name,
    ...(manufacturers ? [hqRegion] : []),
    ...(listType === OrganizationType.Consultant ? [hqState] : []),
    ...(listType === null ? [type] : []),
    businessArea,
    ...(manufacturers && seesInstituteColumns ? [consultingFirm, roadmapStatus, benchmarkCreated] : []),
  ];
}
