import { OrganizationType } from '@domain/codes';
import { messages } from '@domain/messages';
import {
  canCreateOrganization,
  canDeactivateOrganization,
  type OrganizationActor,
} from '@domain/policies/organizations';
import {
  defaultOrganizationSort,
  nextOrganizationSort,
  type OrganizationSortColumn,
  organizationSortColumns,
} from '@domain/rules/organizationLists';
import type { OrganizationListRow } from '@domain/schemas/organizationView';
import { organizationAdminApi, organizationListKeys } from '@web/api/organizationAdmin';
import { allOrganizationsQuery, consultingFirmsQuery } from '@web/api/organizations';
import { ListPage, type ListRemoval } from '@web/components/listPage/ListPage';
import { useListSort } from '@web/components/listPage/useListSort';
import { useAuth } from '@web/lib/auth/useAuth';
import { paths } from '@web/lib/paths';
import { Navigate, useParams } from 'react-router';
import { ManufacturerListMenu } from './ManufacturerListMenu';
import { organizationColumns } from './organizationColumns';
import {
  newOrganizationPath,
  type OrganizationListKind,
  organizationEmptyHint,
  organizationListKindOf,
} from './organizationListKind';

const targetOf = (row: OrganizationListRow) => ({
  id: row.id,
  type: row.type.enumValue,
  consultingFirmId: row.consultingFirm?.id ?? null,
  isActive: row.isActive,
});

/** Deactivating a firm also takes it out of the firm pickers. */
const staleAfterDeactivation = [consultingFirmsQuery.queryKey, allOrganizationsQuery.queryKey];

/** /admin/organization/list/{type}[/unassigned] (docs/product.md#screens-organization-list). */
export function OrganizationListPage() {
  const kind = organizationListKindOf(useParams());
  if (!kind) return <Navigate to={paths.notFound} replace />;
  // A fresh list (search text, page) for each type and view.
  return <OrganizationList key={`${kind.type}-${kind.unassigned}`} kind={kind} />;
}

function OrganizationList({ kind }: { kind: OrganizationListKind }) {
  const { user, role } = useAuth();
  const { sort, sorting } = useListSort(
    organizationSortColumns,
    defaultOrganizationSort,
    nextOrganizationSort,
  );
  if (!role) return null;
  const actor: OrganizationActor = { role, organizationId: user?.organization?.id ?? null };
  const isAdmin = role === 'admin';
  const filter = { type: kind.type, unassigned: kind.unassigned };
  // The column shows when this caller could deactivate an active organization of this list's type.
  const deactivates = canDeactivateOrganization(actor, {
    id: 0,
    type: kind.type,
    consultingFirmId: null,
    isActive: true,
  });
  const removal: ListRemoval<OrganizationListRow> = {
    kind: 'deactivate',
    confirmText: (row) => messages.admin.confirmDeactivate(row.name),
    errorTitle: messages.admin.deactivateErrorTitle,
    allowed: (row) => canDeactivateOrganization(actor, targetOf(row)),
    request: (row, options) => organizationAdminApi.deactivate(row.id, options),
    itemName: (row) => row.displayName,
    // The name's badge already says Inactive.
    fallback: () => null,
  };

  return (
    <ListPage<OrganizationListRow, OrganizationSortColumn>
      title={kind.title}
      listKey="organizations"
      noun={kind.title}
      queryKey={organizationListKeys.of(filter)}
      search={(search, options) => organizationAdminApi.search({ ...search, ...filter, sort }, options)}
      filters={sort}
      columns={organizationColumns(kind.type, isAdmin)}
      sorting={sorting}
      emptyText={messages.admin.noMatchingItems}
      emptyHint={organizationEmptyHint(kind, role)}
      add={
        kind.addLabel && canCreateOrganization(actor, kind.type)
          ? { to: newOrganizationPath(kind.type), label: kind.addLabel }
          : undefined
      }
      // A consultant's manufacturers all work with their firm: there is nothing unassigned to show.
      views={kind.type === OrganizationType.Manufacturer && isAdmin ? <ManufacturerListMenu /> : null}
      isInactive={(row) => !row.isActive}
      removal={deactivates ? removal : undefined}
      invalidates={staleAfterDeactivation}
    />
  );
}
