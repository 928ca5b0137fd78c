import type { Executor } from './database.js';
import type { CacheName } from './migrations/004_cache_versions.js';
import { reusableQuery } from './reusableQuery.js';

/** At most this many keys per cache and database; the oldest go first. */
const MAX_KEYS = 100;

const versionOf = reusableQuery((db: Executor, name: CacheName) =>
  db.selectFrom('cacheVersions').select('version').where('name', '=', name),
);

type Entry<V> = { version: number; value: V };

/**
 * Answers built from rarely changed tables (the lookups, the assessments' content), kept in memory
 * and checked against the count of changes that database triggers keep (migration 004): one indexed
 * read instead of several queries and a large serialization. Correct with several processes, since
 * every process reads the same count. The version is read before loading, so a change racing a load
 * leaves an entry that the next call already finds stale, never a stale entry that looks fresh.
 * `load` answering undefined (nothing found) is not kept, so unknown keys cannot fill the memory.
 */
export function versionedCache<V>(
  name: CacheName,
  load: (db: Executor, key: string) => Promise<V | undefined>,
) {
  const perDatabase = new WeakMap<Executor, Map<string, Entry<V>>>();
  return async (db: Executor, key: string): Promise<V | undefined> => {
    const [row] = await versionOf(db, name);
    const version = Number(row?.version ?? -1);
    let entries = perDatabase.get(db);
    if (!entries) {
      entries = new Map();
      perDatabase.set(db, entries);
    }
    const cached = entries.get(key);
    if (cached && cached.version === version) return cached.value;
    const value = await load(db, key);
    entries.delete(key);
    if (value !== undefined) {
      entries.set(key, { version, value });
      if (entries.size > MAX_KEYS) entries.delete(entries.keys().next().value as string);
    }
    return value;
  };
}
