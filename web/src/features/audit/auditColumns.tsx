import type { AuditSortColumn } from '@domain/rules/auditTrail';
import type { AuditEntryView } from '@domain/schemas/auditView';
import { formatDateTime } from '@web/components/formatDate';
import type { ListColumn } from '@web/components/listPage/ListPage';

type Column = ListColumn<AuditEntryView, AuditSortColumn>;

/** 'user 12' or 'organization'; the trail names the kind of item and its id. */
export function itemText(entry: Pick<AuditEntryView, 'entity' | 'entityId'>): string {
  return entry.entityId == null ? entry.entity : `${entry.entity} ${entry.entityId}`;
}

/** The recorded details as short 'key: value' pairs; anything else as its text. */
export function detailsText(details: unknown): string {
  if (details == null) return '';
  if (typeof details !== 'object' || Array.isArray(details)) return JSON.stringify(details);
  return Object.entries(details as Record<string, unknown>)
    .map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join(', ');
}

/** When (M/dd/yyyy h:mm a, docs/product.md#limits), Who, Action, Item (entity and id), Details. */
export const auditColumns: readonly Column[] = [
  {
    key: 'at',
    header: 'When',
    cell: (row) => formatDateTime(row.at),
    sort: 'at',
    className: 'smr-col-nowrap',
  },
  {
    key: 'who',
    header: 'Who',
    cell: ({ actor }) =>
      actor ? (
        <span className="smr-audit-who">
          <span className="smr-audit-name">{actor.fullName}</span>
          <span className="smr-audit-username">{actor.userName}</span>
        </span>
      ) : (
        <span className="smr-audit-system">System</span>
      ),
    sort: 'actor',
  },
  { key: 'action', header: 'Action', cell: (row) => row.action, sort: 'action' },
  { key: 'item', header: 'Item', cell: itemText, className: 'smr-col-nowrap' },
  {
    key: 'details',
    header: 'Details',
    // Nothing at all when there are none, so the stacked phone rows leave the label out.
    cell: (row) => {
      const text = detailsText(row.details);
      return text ? <code className="smr-audit-details">{text}</code> : null;
    },
  },
];
