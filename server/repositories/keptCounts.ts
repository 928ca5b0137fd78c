import type { Executor } from '../db/database.js';
import { LIST_SLOTS, type ListCounter } from '../db/migrations/014_list_versions.js';
import { counterRows, counterSums } from './counterRows.js';

/** Filters whose counts a list keeps per database, the least recently asked going first. */
const MAX_KEPT = 200;

type Kept = { version: number; count: number };

/** The sum of the change counts of migration 014 of one list's tables (all slots of each counter). */
const listVersions = counterSums(
  (counters: readonly ListCounter[]) => counters.join(','),
  (counters, db) => counters.flatMap((c) => counterRows(db, c, LIST_SLOTS)),
);

export function listVersion(db: Executor, counters: readonly ListCounter[]): Promise<number> {
  return listVersions(db, counters);
}

/**
 * A list's count per filter, kept in memory while the tables it reads stand still, so a page no
 * longer reads every matching row for its count (docs/perf-notes/counts.md): the count of all 50,000
 * people or 51,898 invites grows with the data, one small read of the change counts does not.
 *
 * Exact and fresh in every process, with no time to live: the change counts are kept by database
 * triggers (migration 014) whichever process wrote, and read before the count, so a write racing a
 * count leaves an entry the next call already finds stale. Kept per Executor: a transaction is its
 * own Executor, so a count that sees its uncommitted writes never serves anyone else.
 */
export function keptCounts<F>(
  counters: readonly ListCounter[],
  keyOf: (filter: F) => string,
  count: (db: Executor, filter: F) => Promise<number>,
) {
  const perDatabase = new WeakMap<Executor, Map<string, Kept>>();
  const countAt = async (db: Executor, version: number, filter: F): Promise<number> => {
    let kept = perDatabase.get(db);
    if (!kept) {
      kept = new Map();
      perDatabase.set(db, kept);
    }
    const key = keyOf(filter);
    const found = kept.get(key);
    if (found && found.version === version) {
      kept.delete(key);
      kept.set(key, found);
      return found.count;
    }
    const n = await count(db, filter);
    kept.delete(key);
    kept.set(key, { version, count: n });
    if (kept.size > MAX_KEPT) kept.delete(kept.keys().next().value as string);
    return n;
  };
  const one = async (db: Executor, filter: F): Promise<number> =>
    countAt(db, await listVersion(db, counters), filter);
  /** Several filters' counts on one read of the change counts (a list with text and without). */
  const many = async (db: Executor, filters: readonly F[]): Promise<number[]> => {
    const version = await listVersion(db, counters);
    return Promise.all(filters.map((filter) => countAt(db, version, filter)));
  };
  return Object.assign(one, { many });
}
