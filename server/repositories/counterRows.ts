import type { Executor } from '../db/database.js';
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
