import { sql } from 'kysely';
import type { LookMark } from '../db/commitLooks.js';
import { familyOf, type KeptCount, keptCount } from '../db/counterChanges.js';
import type { Executor } from '../db/database.js';
import { reusableQuery } from '../db/reusableQuery.js';
import { isPostgres } from './paging.js';
import { readPerTurn } from './readPerTurn.js';

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
 * committed change any of them counts, in any process. Compiled once per database; served from
 * memory while none of their families moved (db/counterChanges.ts) when `keep`: only for point reads'
 * kept answers. Lists, pages and the portfolio read it every time: they must show a write another
 * process acknowledged in the very next answer, and its NOTIFY may arrive milliseconds after that.
 */
export function counterSum(namesOf: (db: Executor) => string[], keep = false): KeptCount<Executor> {
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
  // Shared by the callers of one event-loop turn on PostgreSQL (readPerTurn.ts).
  const read = readPerTurn(async (db: Executor) => {
    const [row] = await query(db);
    return Number(row?.version ?? -1);
  });
  if (!keep) return Object.assign(read, { peek: () => undefined });
  // The families are the same on both databases (only the number of slots differs).
  let kept: KeptCount<Executor> | undefined;
  const keptFor = (db: Executor) => {
    kept ??= keptCount([...new Set(namesOf(db).map(familyOf))], read);
    return kept;
  };
  return Object.assign((db: Executor, since?: LookMark) => keptFor(db)(db, since), {
    peek: (db: Executor, since?: LookMark) => keptFor(db).peek(db, since),
  });
}

/** One counterSum per key, made at its first use. */
export function counterSums<K>(
  keyOf: (of: K) => string,
  namesOf: (of: K, db: Executor) => string[],
  keep = false,
) {
  const sums = new Map<string, KeptCount<Executor>>();
  const sumOf = (of: K): KeptCount<Executor> => {
    const key = keyOf(of);
    let sum = sums.get(key);
    if (!sum) {
      sum = counterSum((db) => namesOf(of, db), keep);
      sums.set(key, sum);
    }
    return sum;
  };
  return Object.assign((db: Executor, of: K): Promise<number> => sumOf(of)(db), {
    /** The sum kept for `db` when it is still current, without waiting; else undefined. */
    peek: (db: Executor, of: K): number | undefined => sumOf(of).peek(db),
  });
}
