import type { Executor } from '../db/database.js';
import { nowIso } from '../db/database.js';

/** The audit trail: who changed what. Written in the same transaction as the change it records. */
export const auditRepository = {
  record(
    db: Executor,
    entry: {
      actorId: number | null;
      action: string;
      entity: string;
      entityId: number | null;
      details?: unknown;
    },
  ) {
    return db
      .insertInto('auditLog')
      .values({
        at: nowIso(),
        actorId: entry.actorId,
        action: entry.action,
        entity: entry.entity,
        entityId: entry.entityId,
        details: entry.details === undefined ? null : JSON.stringify(entry.details),
      })
      .execute();
  },
};
