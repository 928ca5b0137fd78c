import { z } from 'zod';
import { pageOf } from './answers.js';

// What admin/audit/search answers: one entry of the audit trail (docs/decisions.md#audit-trail), newest first.

export const auditEntryViewSchema = z.object({
  id: z.number().int(),
  /** ISO date and time of the change. */
  at: z.string(),
  /** Who made it; null for the system or an anonymous caller (e.g. a sign-up). */
  actor: z.object({ id: z.number().int(), userName: z.string(), fullName: z.string() }).nullable(),
  /** What was done, e.g. 'user-updated', 'delete', 'deactivate'. */
  action: z.string(),
  /** What kind of thing it was done to, e.g. 'user', 'organization', 'section'. */
  entity: z.string(),
  entityId: z.number().int().nullable(),
  /** The recorded details (JSON), or null. */
  details: z.unknown(),
});
export type AuditEntryView = z.output<typeof auditEntryViewSchema>;

export const auditPageSchema = pageOf(auditEntryViewSchema);
