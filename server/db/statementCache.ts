import type SQLite from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/** How many distinct SQL texts keep their prepared statement (least recently used go first). */
export const STATEMENT_CACHE_SIZE = 500;

type Options = {
  size?: number;
  onWrite?: () => void;
  /** Hears, after it ran, of every statement whose text `writes` says writes what it watches. */
  watch?: { writes: (sql: string) => boolean; wrote: () => void };
};

/**
 * Kysely's SQLite driver prepares every statement anew, and under load preparing costs more than
 * running: the same few dozen SQL texts repeat on every request. This hands Kysely a database whose
 * prepare() returns the statement prepared earlier for the same text. Kysely runs one query at a time
 * on its single SQLite connection, so a statement is never shared by two queries at once; a statement
 * still iterating (a stream left open) is never handed out again, a fresh one is prepared instead.
 * SQLite re-prepares a cached statement by itself when a migration changes the schema.
 * `onWrite` hears of every statement run that may have changed the database (walFlush.ts).
 * `watch` of those that write certain tables (sessionChanges.ts).
 */
export function withStatementCache(sqlite: SQLite.Database, options: Options = {}): SqliteDatabase {
  const { size = STATEMENT_CACHE_SIZE, watch } = options;
  const cache = new Map<string, { raw: SQLite.Statement; statement: SqliteStatement }>();
  // Every statement but a pure read may change the database: BEGIN and COMMIT, and an INSERT,
  // UPDATE or DELETE with RETURNING too, which Kysely runs with all() as it reads rows back.
  const wrap = (raw: SQLite.Statement, sql: string): SqliteStatement => {
    if ((raw.reader && raw.readonly) || (!options.onWrite && !watch)) return raw;
    const watched = watch?.writes(sql) ? watch.wrote : undefined;
    const onWrite = watched
      ? () => {
          options.onWrite?.();
          watched();
        }
      : () => options.onWrite?.();
    return {
      reader: raw.reader,
      all: (parameters) => {
        const rows = raw.all(parameters);
        onWrite();
        return rows;
      },
      iterate: function* (parameters) {
        try {
          yield* raw.iterate(parameters);
        } finally {
          onWrite();
        }
      },
      run: (parameters) => {
        const outcome = raw.run(parameters);
        onWrite();
        return outcome;
      },
    };
  };
  return {
    close: () => {
      cache.clear();
      sqlite.close();
    },
    prepare(sql: string) {
      const cached = cache.get(sql);
      if (cached && !cached.raw.busy) {
        // Map keeps insertion order: moving the entry to the end makes the first entry the least recent.
        cache.delete(sql);
        cache.set(sql, cached);
        return cached.statement;
      }
      const entry = { raw: sqlite.prepare(sql), statement: undefined as unknown as SqliteStatement };
      entry.statement = wrap(entry.raw, sql);
      if (!cached) {
        cache.set(sql, entry);
        if (cache.size > size) cache.delete(cache.keys().next().value as string);
      }
      return entry.statement;
    },
  };
}
