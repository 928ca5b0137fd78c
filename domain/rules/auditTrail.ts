import { type ListSort, nextSortOf } from './listSort.js';

/**
 * The columns the audit trail sorts by, on the server (docs/decisions.md#web-list-sorting-audit):
 * when, who (the actor's full name; the System, without an actor, last) and the action. Without a
 * choice the server keeps its own order, newest entry first; the list shows that as When, newest first.
 */
export const auditSortColumns = ['at', 'actor', 'action'] as const;
export type AuditSortColumn = (typeof auditSortColumns)[number];
export type AuditSort = ListSort<AuditSortColumn>;
export const defaultAuditSort: AuditSort = { column: 'at', direction: 'desc' };
export const nextAuditSort = nextSortOf<AuditSortColumn>(['at']);
