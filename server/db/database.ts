import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { CamelCasePlugin, Kysely, Migrator, PostgresDialect, SqliteDialect, type Transaction } from 'kysely';
import type { AppConfig } from '../config.js';
import { migrations } from './migrations/index.js';
import type { DB } from './schema.js';
import { withStatementCache } from './statementCache.js';
import { WalFlusher } from './walFlush.js';

export type Dialect = 'sqlite' | 'postgres';
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
};

export async function openDatabase(config: Pick<AppConfig, 'dataDir' | 'databaseUrl' | 'databaseSchema'>) {
  const database = config.databaseUrl
    ? await openPostgres(config.databaseUrl, config.databaseSchema)
    : openSqlite(config.dataDir);
  await migrate(database, config.databaseUrl ? config.databaseSchema : undefined);
  return database;
}

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
  const wal = new WalFlusher(`${file}-wal`);
  const db = new Kysely<DB>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite, { onWrite: () => wal.noteWrite() }) }),
    plugins: [new CamelCasePlugin()],
  });
  return {
    db,
    dialect: 'sqlite',
    flush: () => wal.flush(),
    close: async () => {
      await wal.flush();
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
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    ...(schema ? { options: `-c search_path="${schema.replace(/"/g, '')}"` } : {}),
  });
  // An idle connection that PostgreSQL drops (a restart, a failover, an administrator) is removed from
  // the pool and the next query opens a new one. Unheard, the pool's 'error' event would end the process.
  pool.on('error', () => {});
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }), plugins: [new CamelCasePlugin()] });
  return {
    db,
    dialect: 'postgres',
    poolStats: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max: pool.options.max,
    }),
    close: async () => {
      await db.destroy();
    },
  };
}

async function migrate(database: Database, schema?: string): Promise<void> {
  // Several app processes may start at once against one PostgreSQL database; Kysely's migrator
  // serialises them with an advisory lock there (and a lock table on SQLite).
  const migrator = new Migrator({
    db: database.db.withoutPlugins() as Kysely<unknown>,
    provider: { getMigrations: async () => migrations(database.dialect) },
    // Named explicitly in a schema of its own, or Kysely may find another schema's table and skip creating it.
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}

export const nowIso = () => new Date().toISOString();
