import type { Transaction } from 'kysely';
import { nowIso } from '../db/clock.js';
import type { Db, Executor } from '../db/database.js';
import type { DB } from '../db/schema.js';
import { type AuditRow, auditRepository } from '../repositories/audit.js';

/** One audit record, in the one shape every write of the server uses; the audit screen reads these fields. */
export type AuditEntry = {
  /** The user who made the change; null when nobody was signed in (a self sign-up, a mailed link). */
  actor: number | null;
  action: string;
  entity: string;
  entityId: number | null;
  details?: unknown;
};

/** Records an entry in the transaction of the write it describes. */
export type Audit = (entry: AuditEntry) => Promise<void>;

/**
 * The entries of each transaction audited() has open, written together just before it commits.
 * An organization saved with ten new people records eleven entries: one INSERT instead of eleven
 * (each a round trip on PostgreSQL while the transaction holds its locks). The rows keep the order
 * and the moment (`at`) in which they were recorded, so the trail reads as if written one by one.
 */
const pending = new WeakMap<Executor, AuditRow[]>();

/**
 * The write path of every command: the change and its audit record commit together or not at all
 * (a change without its record, or a record of a change that rolled back, would mislead the audit
 * screen). The write receives the transaction and the one way to record an entry in it.
 */
export function audited<T>(db: Db, write: (trx: Transaction<DB>, audit: Audit) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    const entries: AuditRow[] = [];
    pending.set(trx, entries);
    try {
      const result = await write(trx, auditIn(trx));
      pending.delete(trx);
      if (entries.length > 0) await auditRepository.recordMany(trx, entries);
      return result;
    } finally {
      pending.delete(trx);
    }
  });
}

/**
 * For a step that runs inside a transaction its caller opened (a password set during a sign-up, an
 * invite sent while an organization is saved): the entry joins that transaction, written with the
 * others at its commit when audited() opened it, at once otherwise.
 */
export function auditIn(trx: Executor): Audit {
  return async (entry) => {
    const row = auditRowOf(entry);
    const entries = pending.get(trx);
    if (entries) entries.push(row);
    else await auditRepository.recordMany(trx, [row]);
  };
}

/** An entry as stored, recorded now. */
export function auditRowOf({ actor, details, ...entry }: AuditEntry): AuditRow {
  return {
    at: nowIso(),
    actorId: actor,
    ...entry,
    // Turned to text now: a details object the caller changes later must not change the record.
    details: details === undefined ? null : JSON.stringify(details),
  };
}
