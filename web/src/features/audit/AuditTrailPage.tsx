import {
  type AuditSortColumn,
  auditSortColumns,
  defaultAuditSort,
  nextAuditSort,
} from '@domain/rules/auditTrail';
import type { AuditEntryView } from '@domain/schemas/auditView';
import { ListPage } from '@web/components/listPage/ListPage';
import { useListSort } from '@web/components/listPage/useListSort';
import { auditApi, auditKeys } from './auditApi';
import { auditColumns } from './auditColumns';
import './audit.css';

/** /admin/audit/list: who created, changed, deactivated or deleted what, and when (docs/decisions.md#audit-trail). Read only. */
export function AuditTrailPage() {
  const { sort, sorting, chosen } = useListSort(auditSortColumns, defaultAuditSort, nextAuditSort);
  return (
    <ListPage<AuditEntryView, AuditSortColumn>
      title="Audit Trail"
      listKey="auditTrail"
      noun="Audit Entries"
      queryKey={auditKeys.all}
      // No order in the address: the server's own, newest first (docs/decisions.md#web-list-sorting-audit).
      search={(search, options) => auditApi.search(chosen ? { ...search, sort } : search, options)}
      filters={chosen ? sort : undefined}
      columns={auditColumns}
      sorting={sorting}
      emptyText="No audit entries yet."
      emptyHint="Every change made in the product (saves, deletions, sign-ins refused) is written here as it happens."
      className="smr-audit-list"
    />
  );
}
