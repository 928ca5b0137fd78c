import type { Executor } from '../db/database.js';
import { LIST_SLOTS } from '../db/migrations/014_list_versions.js';
import type { PageTable } from '../db/migrations/015_page_versions.js';
import { counterRows, counterSums } from './counterRows.js';
import { isPostgres } from './paging.js';

/**
 * The sum of the change counts of migration 015 of some tables: it moves with every committed
 * change to any of them, in any process. Read from the database every time (counterSum).
 */
const readVersion = counterSums(
  (tables: readonly PageTable[]) => tables.join(','),
  (tables, db) => tables.flatMap((t) => counterRows(db, `rows:${t}`, LIST_SLOTS)),
);

/** Reads of the counts asked for and not yet sent, per database and set of tables. */
const unsent = new WeakMap<Executor, Map<string, Promise<number>>>();

export function pageVersion(db: Executor, tables: readonly PageTable[]): Promise<number> {
  if (!isPostgres(db)) return readVersion(db, tables);
  // On PostgreSQL the requests of one turn of the event loop share one read, sent at its end: each
  // of them arrived before the read was sent, so it sees every write committed before any of them
  // asked (a write acknowledged to a client shows in that client's next page). A read already sent
  // is never joined: it could predate a write its joiner had seen committed.
  const key = `${LIST_SLOTS}:${tables.join(',')}`;
  let waiting = unsent.get(db);
  if (!waiting) {
    waiting = new Map();
    unsent.set(db, waiting);
  }
  const batch = waiting;
  const found = batch.get(key);
  if (found) return found;
  const read = new Promise<number>((resolve, reject) =>
    setImmediate(() => {
      batch.delete(key);
      readVersion(db, tables).then(resolve, reject);
    }),
  );
  batch.set(key, read);
  return read;
}
