import type { AuditEntryView } from '../../domain/schemas/auditView.js';
import type { AuditEntryRow } from '../db/rows.js';

/** The details are stored as JSON text; an unreadable one goes out as the text itself. */
function detailsOf(text: string | null): unknown {
  if (text == null) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** One audit entry for the admin trail. */
export function presentAuditEntry(row: AuditEntryRow): AuditEntryView {
  return {
    id: row.id,
    at: row.at,
    actor:
      row.actorId != null && row.actorUserName != null
        ? { id: row.actorId, userName: row.actorUserName, fullName: row.actorFullName ?? '' }
        : null,
    action: row.action,
    entity: row.entity,
    entityId: row.entityId,
    details: detailsOf(row.details),
  };
}
