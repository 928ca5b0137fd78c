// What admin/audit/search answers: one entry of the audit trail (issue 13), newest first.

export type AuditEntryView = {
  id: number;
  /** ISO date and time of the change. */
  at: string;
  /** Who made it; null for the system or an anonymous caller (e.g. a sign-up). */
  actor: { id: number; userName: string; fullName: string } | null;
  /** What was done, e.g. 'user-updated', 'delete', 'deactivate'. */
  action: string;
  /** What kind of thing it was done to, e.g. 'user', 'organization', 'section'. */
  entity: string;
  entityId: number | null;
  /** The recorded details (JSON), or null. */
  details: unknown;
};
