import { ListPage } from '@web/components/listPage/ListPage';
import { auditApi, auditKeys } from './auditApi';
import { auditColumns } from './auditColumns';
import './audit.css';

/** /admin/audit/list: who created, changed, deactivated or deleted what, and when (docs/decisions.md#audit-trail). Read only. */
export function AuditTrailPage() {
  return (
    <ListPage
      title="Audit Trail"
      listKey="auditTrail"
      noun="Audit Entries"
      queryKey={auditKeys.all}
      search={auditApi.search}
      columns={auditColumns}
      emptyText="No audit entries yet."
      emptyHint="Every change made in the product (saves, deletions, sign-ins refused) is written here as it happens."
      className="smr-audit-list"
    />
  );
}
