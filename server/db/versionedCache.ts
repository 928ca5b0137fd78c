import type { LookMark } from './commitLooks.js';
import { keptCount } from './counterChanges.js';
import type { Executor } from './database.js';
import type { CacheName } from './migrations/004_cache_versions.js';
import { reusableQuery } from './reusableQuery.js';

/** At most this many keys per cache and database unless told; the least recently asked go first. */
const MAX_KEYS = 100;

const versionOf = reusableQuery((db: Executor, name: CacheName) =>
  db.selectFrom('cacheVersions').select('version').where('name', '=', name),
);

/** A counter's count, read from the database when it may have moved (counterChanges.ts). */
const countOf = (name: CacheName) =>
  keptCount([name], async (db: Executor) => Number((await versionOf(db, name))[0]?.version ?? -1));

/** The change count a cache's answers are kept against; `since` as in counterChanges.ts keptCount. */
export type VersionOf = (db: Executor, since?: LookMark) => Promise<number>;

export type CacheBounds<V> = {
  maxKeys?: number;
  /** What an entry weighs (its bytes); with maxBytes, the cache keeps at most that much per database. */
  sizeOf?: (value: V) => number;
  maxBytes?: number;
};

type Entry<V> = { version: number; value: V; size: number };
type Entries<V> = { map: Map<string, Entry<V>>; bytes: number };

/**
 * Answers built from rarely changed tables (the lookups, the assessments' content, an organization's
 * form), kept in memory and checked against the count of changes that database triggers keep
 * (migrations 004 and 016): that count, kept in memory itself while it cannot have moved
 * (counterChanges.ts), else one indexed read, instead of several queries and a large serialization.
 * Correct with several processes, since every process reads the same count. The version is read
 * before loading, so a change racing a load leaves an entry that the next call already finds stale,
 * never a stale entry that looks fresh. `load` answering undefined (nothing found) is not kept, so
 * unknown keys cannot fill the memory; the keys and bytes kept are bounded besides.
 */
export function versionedCache<V>(
  counted: CacheName | VersionOf,
  load: (db: Executor, key: string) => Promise<V | undefined>,
  bounds: CacheBounds<V> = {},
) {
  const readVersion: VersionOf = typeof counted === 'function' ? counted : countOf(counted);
  const maxKeys = bounds.maxKeys ?? MAX_KEYS;
  const maxBytes = bounds.maxBytes ?? Number.POSITIVE_INFINITY;
  const perDatabase = new WeakMap<Executor, Entries<V>>();
  const remove = (entries: Entries<V>, key: string) => {
    const found = entries.map.get(key);
    if (!found) return;
    entries.map.delete(key);
    entries.bytes -= found.size;
  };
  /** `since`: the mark of the request reading (commitLooks.ts), so that it looks once per request. */
  return async (db: Executor, key: string, since?: LookMark): Promise<V | undefined> => {
    const version = await readVersion(db, since);
    let entries = perDatabase.get(db);
    if (!entries) {
      entries = { map: new Map(), bytes: 0 };
      perDatabase.set(db, entries);
    }
    const cached = entries.map.get(key);
    if (cached && cached.version === version) {
      entries.map.delete(key);
      entries.map.set(key, cached);
      return cached.value;
    }
    const value = await load(db, key);
    remove(entries, key);
    if (value !== undefined) {
      const size = bounds.sizeOf?.(value) ?? 0;
      if (size > maxBytes) return value;
      entries.map.set(key, { version, value, size });
      entries.bytes += size;
      while (entries.map.size > maxKeys || entries.bytes > maxBytes)
        remove(entries, entries.map.keys().next().value as string);
    }
    return value;
  };
}
