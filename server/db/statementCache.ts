import type SQLite from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

/** How many distinct SQL texts keep their prepared statement (least recently used go first). */
export const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely's SQLite driver prepares every statement anew, and under load preparing costs more than
 * running: the same few dozen SQL texts repeat on every request. This hands Kysely a database whose
 * prepare() returns the statement prepared earlier for the same text. Kysely runs one query at a time
 * on its single SQLite connection, so a statement is never shared by two queries at once; a statement
 * still iterating (a stream left open) is never handed out again, a fresh one is prepared instead.
 * SQLite re-prepares a cached statement by itself when a migration changes the schema.
 */
export function withStatementCache(sqlite: SQLite.Database, size = STATEMENT_CACHE_SIZE): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => {
      cache.clear();
      sqlite.close();
    },
    prepare(sql: string) {
      const cached = cache.get(sql);
      if (cached && !cached.busy) {
        // Map keeps insertion order: moving the entry to the end makes the first entry the least recent.
        cache.delete(sql);
        cache.set(sql, cached);
        return cached;
      }
      const statement = sqlite.prepare(sql);
      if (!cached) {
        cache.set(sql, statement);
        if (cache.size > size) cache.delete(cache.keys().next().value as string);
      }
      return statement;
    },
  };
}
