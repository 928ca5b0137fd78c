import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  CamelCasePlugin,
  Kysely,
  type Migration,
  Migrator,
  PostgresDialect,
  SqliteDialect,
  sql,
  type Transaction,
} from 'kysely';
import type { AppConfig } from '../config.js';
import { listenForChanges } from './changeListener.js';
import { CommitLooks } from './commitLooks.js';
import { CounterChanges, watchCounters, writesNoticedCounters } from './counterChanges.js';
import { withSpreadCounterSlots } from './counterSlots.js';
import { CounterUpkeep } from './counterUpkeep.js';
import type { Dialect } from './dialect.js';
import { setLaxCommits } from './laxCommits.js';
import { NOTICED_COUNTER_FAMILIES } from './migrations/019_counter_changes.js';
import { migrations } from './migrations/index.js';
import type { DB } from './schema.js';
import { withinSchema } from './schemaIntrospection.js';
import { endsTransaction, SessionChanges, writesSessionRows } from './sessionChanges.js';
import { withStatementCache } from './statementCache.js';
import { insertStatementName, reusedStatementNames } from './statementNames.js';
import { WalCheckpointer } from './walCheckpoint.js';
import { WalFlusher } from './walFlush.js';

export type Db = Kysely<DB>;
/** Repositories take either the database or a transaction, so commands can compose them. */
export type Executor = Kysely<DB> | Transaction<DB>;

/** A connection pool's use right now: open connections, the idle ones, and callers waiting for one. */
export type PoolStats = { total: number; idle: number; waiting: number; max: number };

export type Database = {
  db: Db;
  dialect: Dialect;
  close: () => Promise<void>;
  /** SQLite only (PostgreSQL commits durably itself): resolves once every write so far is on disk. */
  flush?: () => Promise<void>;
  /** PostgreSQL only (SQLite has its one connection): the pool's use, for the metrics. */
  poolStats?: () => PoolStats;
  /** Changes to what a session row is read from, for the caches that keep such rows. */
  sessionChanges: SessionChanges;
  /** Moves of the change counters, for the counts read from them (counterChanges.ts). */
  counterChanges: CounterChanges;
};

export async function openDatabase(config: Pick<AppConfig, 'dataDir' | 'databaseUrl' | 'databaseSchema'>) {
  const database = config.databaseUrl
    ? await openPostgres(config.databaseUrl, config.databaseSchema)
    : openSqlite(config.dataDir);
  await migrate(database, config.databaseUrl ? config.databaseSchema : undefined);
  return database;
}

/**
 * The connection's page cache, in SQLite's terms (negative: KiB), 8 MiB instead of the 16 MiB
 * better-sqlite3 builds SQLite with (docs/decisions.md#performance-sqlite-cache): the cache fills up
 * to the pages read and is heap the process keeps, so it grew with the data (a 5,000-person database
 * is 9 MiB in all; at 200,000 the cache filled). Pages beyond it come from the OS page cache.
 */
export const SQLITE_CACHE_SIZE = -8192;

function openSqlite(dataDir: string): Database {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'app.db');
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  // NORMAL: a commit does not wait for the disk on the main thread; every answer waits instead for
  // the WAL flush that covers its writes (walFlush.ts), so an acknowledged write survives power loss.
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma(`cache_size = ${SQLITE_CACHE_SIZE}`);
  // Checkpoints run on a worker thread, not inside a commit on this one (walCheckpoint.ts).
  sqlite.pragma('wal_autocheckpoint = 0');
  const checkpoints = new WalCheckpointer(file, (error) => {
    sqlite.pragma('wal_autocheckpoint = 1000');
    process.emitWarning(`SQLite checkpoints are back on the main thread: ${String(error)}`, {
      code: 'SMR_WAL_CHECKPOINT_WORKER',
    });
  });
  const wal = new WalFlusher(`${file}-wal`);
  // Another connection's commits (a second process, an operator's sqlite3) move data_version; this
  // connection's own writes are heard statement by statement (sessionChanges.ts, counterChanges.ts).
  const dataVersion = sqlite.prepare('pragma data_version').pluck();
  let seenVersion = dataVersion.get();
  const othersCommitted = () => {
    const version = dataVersion.get();
    if (version !== seenVersion) {
      seenVersion = version;
      sessionChanges.changed();
      counterChanges.changed();
    }
  };
  // One count of looks for both, so that a look for one serves the other in the same request.
  const looks = new CommitLooks(othersCommitted);
  const sessionChanges = new SessionChanges(true, looks);
  const counterChanges = new CounterChanges(true, looks);
  const onWrite = () => {
    wal.noteWrite();
    checkpoints.dirty();
    counterChanges.wrote();
  };
  const watch = { writes: writesSessionRows, wrote: () => sessionChanges.wrote() };
  const db = new Kysely<DB>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite, { onWrite, watch }) }),
    plugins: [new CamelCasePlugin()],
  });
  watchCounters(db, counterChanges);
  return {
    db,
    dialect: 'sqlite',
    sessionChanges,
    counterChanges,
    flush: () => wal.flush(),
    close: async () => {
      await wal.flush();
      // Before the last connection closes: that one checkpoints everything and removes the WAL.
      await checkpoints.close();
      await db.destroy();
      wal.close();
    },
  };
}

async function openPostgres(url: string, schema?: string): Promise<Database> {
  // Loaded only here: most installations run on SQLite and never need the PostgreSQL client.
  const { default: pg } = await import('pg');
  if (schema) {
    // Tests get a schema of their own, so suites never share rows.
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE SCHEMA IF NOT EXISTS "${schema.replace(/"/g, '')}"`);
    await admin.end();
  }
  // Kysely hands every query to the client as text and values: the reusable ones (reusableQuery.ts)
  // go as named statements instead, prepared once per connection rather than parsed and planned on
  // every call, which on the hottest reads costs PostgreSQL more than running them.
  // Not live until the listener below listens: until then every session row and count is read from
  // the database.
  const sessionChanges = new SessionChanges(false);
  const counterChanges = new CounterChanges(false, undefined, new Set(NOTICED_COUNTER_FAMILIES));
  class PreparingClient extends pg.Client {
    /** A statement of this connection, in a transaction still open, may have moved a kept counter... */
    private wroteCounters = false;
    /** ...or written what a session row is read from. */
    private wroteSessionRows = false;
    private inTransaction = false;

    override query(...args: unknown[]): never {
      const [text, values] = args;
      const name =
        typeof text === 'string' && args.length === 2
          ? (reusedStatementNames.get(text) ?? insertStatementName(text))
          : undefined;
      const query = super.query as (...a: unknown[]) => never;
      const result = name ? query.call(this, { name, text, values }) : query.apply(this, args);
      return typeof text === 'string' ? this.watched(text, result) : result;
    }

    /**
     * A write tells counterChanges (when it may move a counter kept here) and sessionChanges (when it
     * writes what a session row is read from) as it is sent, and again once it is visible to every
     * connection (its statement done outside a transaction, or the commit or rollback ended): a row
     * or count read in between may be the old one.
     */
    private watched(text: string, result: never): never {
      if (/^\s*(begin|start\s+transaction)\b/i.test(text)) this.inTransaction = true;
      const ends = endsTransaction(text);
      if (ends) this.inTransaction = false;
      if (writesNoticedCounters(text)) {
        this.wroteCounters = true;
        counterChanges.wrote();
      }
      if (writesSessionRows(text)) {
        this.wroteSessionRows = true;
        sessionChanges.wrote();
      }
      const wrote = this.wroteCounters || this.wroteSessionRows;
      if (!wrote || this.inTransaction || !((result as unknown) instanceof Promise)) return result;
      const counters = this.wroteCounters;
      const sessions = this.wroteSessionRows;
      this.wroteCounters = false;
      this.wroteSessionRows = false;
      const after = () => {
        if (counters) counterChanges.wrote();
        if (sessions) sessionChanges.wrote();
      };
      return (result as Promise<unknown>).finally(after) as never;
    }
  }
  const clientConfig = {
    connectionString: url,
    ...(schema ? { options: `-c search_path="${schema.replace(/"/g, '')}"` } : {}),
  };
  const pool = new pg.Pool({ Client: PreparingClient, max: 10, ...clientConfig });
  const listener = listenForChanges(pg.Client, clientConfig, {
    sessions: sessionChanges,
    counters: counterChanges,
  });
  // An idle connection that PostgreSQL drops (a restart, a failover, an administrator) is removed from
  // the pool and the next query opens a new one. Unheard, the pool's 'error' event would end the process.
  pool.on('error', () => {});
  // One connection, opened for each turn and closed when idle: no backend held between turns.
  const upkeepPool = new pg.Pool({
    ...clientConfig,
    max: 1,
    idleTimeoutMillis: 1_000,
    application_name: 'smr counter upkeep',
  });
  upkeepPool.on('error', () => {});
  const upkeep = new CounterUpkeep(upkeepPool);
  upkeep.start();
  const db = new Kysely<DB>({
    dialect: new PostgresDialect({ pool: withSpreadCounterSlots(pool) }),
    plugins: [new CamelCasePlugin()],
  });
  watchCounters(db, counterChanges);
  // The rate-limit hits' connections (laxCommits.ts): a few, each statement short, the hit prepared
  // once per connection like the hot statements of the main pool (every write call makes one).
  const laxPool = new pg.Pool({
    Client: PreparingClient,
    ...clientConfig,
    max: 4,
    application_name: 'smr counter hits',
  });
  laxPool.on('error', () => {});
  laxPool.on('connect', (client) => {
    // Queued before the connection's first statement. Set here, not in the URL's options, which the
    // URL of the configuration may already hold (its search_path) and would win.
    client.query('set synchronous_commit = off').catch(() => {});
  });
  const lax = new Kysely<DB>({
    dialect: new PostgresDialect({ pool: laxPool }),
    plugins: [new CamelCasePlugin()],
  });
  setLaxCommits(db, lax);
  return {
    db,
    dialect: 'postgres',
    sessionChanges,
    counterChanges,
    poolStats: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max: pool.options.max,
    }),
    close: async () => {
      await listener.close();
      await upkeep.close();
      await lax.destroy();
      await db.destroy();
    },
  };
}

/** PostgreSQL transaction-level advisory lock held from the first look at the migrations to the commit. */
const MIGRATION_LOCK_KEY = 5_172_031_405;

/**
 * Every pending migration in ONE transaction, on both databases: a newer version started on an older
 * database moves it to the latest schema at once, and a migration that fails leaves it exactly as it
 * was (Kysely's own bookkeeping tables included), with an error naming the migration.
 *
 * Kysely's Migrator alone does that on PostgreSQL only: its SQLite adapter says "no transactional
 * DDL", so there each migration's statements would run one by one in autocommit and a failure halfway
 * would leave half a migration behind. SQLite has transactional DDL, so the transaction is opened here
 * on the one connection (BEGIN IMMEDIATE: a second process opening the same file waits for it) and
 * the Migrator runs inside it with its own transactions off. On PostgreSQL the same, with an advisory
 * lock taken inside the transaction and held until the commit, so a process starting at the same
 * moment reads the migrations only once this one's are committed.
 */
export async function migrate(
  database: Database,
  schema?: string,
  provide: () => Record<string, Migration> = () => migrations(database.dialect),
): Promise<void> {
  const sqlite = database.dialect === 'sqlite';
  let failure: Error | undefined;
  // The first migration to fail and why: on PostgreSQL the failure aborts the transaction, and the
  // Migrator's own clean-up then fails too and would report that instead.
  let failed: { name: string; error: unknown } | undefined;
  const watched = () =>
    Object.fromEntries(
      Object.entries(provide()).map(([name, migration]): [string, Migration] => [
        name,
        {
          ...migration,
          up: async (db) => {
            try {
              await migration.up(db);
            } catch (error) {
              failed ??= { name, error };
              throw error;
            }
          },
        },
      ]),
    );
  await database.db
    .withoutPlugins()
    .connection()
    .execute(async (connection) => {
      const conn = connection as unknown as Kysely<unknown>;
      try {
        await sql.raw(sqlite ? 'begin immediate' : 'begin').execute(conn);
      } catch (error) {
        failure = migrationError(undefined, error); // another process holds the database
        return;
      }
      try {
        // Kysely's migration tables belong in the app's schema: without one named, Kysely would take
        // another schema's kysely_migration (another app's, in the same database) for the app's own.
        // The one the search path finds (where earlier starts made it), else the current schema.
        let tableSchema = schema;
        if (!sqlite) {
          await sql`select pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`.execute(conn);
          const { rows } = await sql<{ s: string | null }>`select coalesce(
              (select n.nspname from pg_class c join pg_namespace n on n.oid = c.relnamespace
                where c.oid = to_regclass('kysely_migration')),
              current_schema()) as s`.execute(conn);
          tableSchema ??= rows[0]?.s ?? undefined;
        }
        const { error, results } = await new Migrator({
          db: !sqlite && tableSchema ? withinSchema(conn, tableSchema) : conn,
          provider: { getMigrations: async () => watched() },
          disableTransactions: true,
          ...(tableSchema ? { migrationTableSchema: tableSchema } : {}),
        }).migrateToLatest();
        const name = failed?.name ?? results?.find((r) => r.status === 'Error')?.migrationName;
        if (error || name) failure = migrationError(name, failed?.error ?? error);
      } catch (error) {
        failure = migrationError(failed?.name, failed?.error ?? error);
      }
      await sql.raw(failure ? 'rollback' : 'commit').execute(conn);
      // Kysely's Migrator holds a session-level advisory lock while it runs; a failed migration
      // leaves it held (its unlock runs in the aborted transaction), and the connection, back in the
      // pool, would then block every later migration: a retry deadlocked on it.
      if (failure && !sqlite) await sql.raw('select pg_advisory_unlock_all()').execute(conn);
    });
  if (failure) throw failure;
  // SQLite commits with synchronous=NORMAL: the new schema is on disk before anything is served.
  await database.flush?.();
}

/** One line an operator can act on: which migration, that nothing changed, and the database's reason. */
function migrationError(migration: string | undefined, error: unknown): Error {
  const reason = (error instanceof Error ? error.message : String(error)).replace(/\s*\n\s*/g, ' ');
  const what = migration ? `Migration ${migration} failed` : 'Migrating the database failed';
  return new Error(`${what}; the database was left unchanged: ${reason}`);
}
