import { sql } from 'kysely';
import type { Executor } from '../db/database.js';
import { LIST_SLOTS } from '../db/migrations/014_list_versions.js';
import type { PageTable } from '../db/migrations/015_page_versions.js';
import { reusableQuery } from '../db/reusableQuery.js';
import { counterRows } from './counterRows.js';
import { isPostgres } from './paging.js';

/**
 * The sum of the change counts of migration 015 of some tables: it moves with every committed
 * change to any of them, in any process. Read by exact names (counterRows.ts says why).
 */
const versionQueries = new Map<string, ReturnType<typeof versionQueryOf>>();
function versionQueryOf(tables: readonly PageTable[]) {
  return reusableQuery((db: Executor) =>
    db
      .selectFrom('cacheVersions')
      .select(sql<number | string | null>`sum(version)`.as('version'))
      .where(
        'name',
        'in',
        tables.flatMap((t) => counterRows(db, `rows:${t}`, LIST_SLOTS)).map((name) => sql.lit(name)),
      ),
  );
}

async function readVersion(db: Executor, tables: readonly PageTable[]) {
  const key = tables.join(',');
  let query = versionQueries.get(key);
  if (!query) {
    query = versionQueryOf(tables);
    versionQueries.set(key, query);
  }
  const [row] = await query(db);
  return Number(row?.version ?? -1);
}

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
