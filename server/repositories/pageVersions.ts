import { sql } from 'kysely';
import type { Executor } from '../db/database.js';
import { LIST_SLOTS } from '../db/migrations/014_list_versions.js';
import type { PageTable } from '../db/migrations/015_page_versions.js';
import { reusableQuery } from '../db/reusableQuery.js';
import { isPostgres } from './paging.js';

/**
 * The sum of the change counts of migration 015 of some tables: it moves with every committed
 * change to any of them, in any process. The rows are named one by one, not `like 'rows:users:%'`:
 * exact names read the primary key, where a pattern reads every row of cache_versions (each
 * counter's 64 slots and, on PostgreSQL, the dead versions the triggers' updates leave until a
 * vacuum: 0.9 ms and more on the bench's freshly seeded dataset).
 */
const versionQueries = new Map<string, ReturnType<typeof versionQueryOf>>();
function versionQueryOf(tables: readonly PageTable[], slots: number) {
  const names = tables.flatMap((t) => Array.from({ length: slots }, (_, slot) => `rows:${t}:${slot}`));
  return reusableQuery((db: Executor) =>
    db
      .selectFrom('cacheVersions')
      .select(sql<number | string | null>`sum(version)`.as('version'))
      .where(
        'name',
        'in',
        names.map((n) => sql.lit(n)),
      ),
  );
}

export async function pageVersion(db: Executor, tables: readonly PageTable[]): Promise<number> {
  const slots = isPostgres(db) ? LIST_SLOTS : 1;
  const key = `${slots}:${tables.join(',')}`;
  let query = versionQueries.get(key);
  if (!query) {
    query = versionQueryOf(tables, slots);
    versionQueries.set(key, query);
  }
  const [row] = await query(db);
  return Number(row?.version ?? -1);
}
