import type { Transaction } from 'kysely';
import type { Db, Executor } from '../db/database.js';
import type { DB } from '../db/schema.js';
import { auditRepository } from '../repositories/audit.js';

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
 * The write path of every command: the change and its audit record commit together or not at all
 * (a change without its record, or a record of a change that rolled back, would mislead the audit
 * screen). The write receives the transaction and the one way to record an entry in it.
 */
export function audited<T>(db: Db, write: (trx: Transaction<DB>, audit: Audit) => Promise<T>): Promise<T> {
  return db.transaction().execute((trx) => write(trx, auditIn(trx)));
}

/**
 * For a step that runs inside a transaction its caller opened (a password set during a sign-up, an
 * invite sent while an organization is saved): the entry joins that transaction.
 */
export function auditIn(trx: Executor): Audit {
  return async ({ actor, ...entry }) => {
    await auditRepository.record(trx, { actorId: actor, ...entry });
  };
}
