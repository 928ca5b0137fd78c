import { sql } from 'kysely';
import type { Executor } from '../db/database.js';
import { reusableQuery } from '../db/reusableQuery.js';
import { isPostgres } from './paging.js';

/**
 * The names of the cache_versions rows one counter of migrations 013 and 014 counts in: 'people:0'
 * on SQLite (one writer), 'people:0' to 'people:63' on PostgreSQL (one per connection slot).
 *
 * Readers name the rows exactly, never `like 'people:%'`: the primary key serves equality under any
 * collation, whereas a LIKE prefix under the database's collation (C.UTF-8 included) reads every page
 * of the table, and on PostgreSQL without (or with a lagging) autovacuum those pages are mostly dead
 * row versions: 1,867 pages, 17-22 ms per read (docs/perf-notes/counters.md). As literals in the
 * statement (`sql.lit`), not 128 parameters: PostgreSQL then plans with the names in view, and a read
 * of the compact table costs what the scan did (0.09 ms, not 0.18).
 */
export function counterRows(db: Executor, counter: string, slots: number): string[] {
  const n = isPostgres(db) ? slots : 1;
  return Array.from({ length: n }, (_, slot) => `${counter}:${slot}`);
}

/**
 * A read of the sum of some counters' rows (namesOf names them, by counterRows): it moves with every
 * committed change any of them counts, in any process. Compiled once per database.
 */
export function counterSum(namesOf: (db: Executor) => string[]): (db: Executor) => Promise<number> {
  const query = reusableQuery((db: Executor) =>
    db
      .selectFrom('cacheVersions')
      .select(sql<number | string | null>`sum(version)`.as('version'))
      .where(
        'name',
        'in',
        namesOf(db).map((name) => sql.lit(name)),
      ),
  );
  return async (db) => {
    const [row] = await query(db);
    return Number(row?.version ?? -1);
  };
}

/** One counterSum per key, made at its first use. */
export function counterSums<K>(keyOf: (of: K) => string, namesOf: (of: K, db: Executor) => string[]) {
  const sums = new Map<string, (db: Executor) => Promise<number>>();
  return (db: Executor, of: K): Promise<number> => {
    const key = keyOf(of);
    let sum = sums.get(key);
    if (!sum) {
      sum = counterSum((db) => namesOf(of, db));
      sums.set(key, sum);
    }
    return sum(db);
  };
}
