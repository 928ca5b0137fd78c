import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { type AppConfig, loadConfig } from '../../config.js';
import type { Dialect } from '../dialect.js';

// Test support for the data-safety tests (migrations, backup and restore, two processes): a database
// of its own per test (a SQLite data directory, or a PostgreSQL schema), reachable both through the
// app's config and as a plain Kysely without the app's migrations or plugins.

// biome-ignore lint/suspicious/noExplicitAny: raw access to any schema
export type RawDb = Kysely<any>;

export type Scratch = {
  dialect: Dialect;
  dataDir: string;
  /** PostgreSQL: the schema this scratch database lives in. */
  schema?: string;
  /** The environment `npm start` and the scripts read (DATA_DIR, DATABASE_URL, DATABASE_SCHEMA). */
  env: Record<string, string>;
  config: AppConfig;
  /** A plain connection: no migration run, no camel-case plugin. */
  raw: () => Promise<RawDb>;
  dispose: () => Promise<void>;
};

export const ADMIN_PASSWORD = 'Admin#Pass2024';

export function postgresUrl(): string | undefined {
  return process.env.TEST_DATABASE_URL;
}

/** The URL of another database on the same server. */
export function urlOfDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

export async function adminQuery(url: string, text: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * A fresh, empty database. PostgreSQL: a new schema in TEST_DATABASE_URL's database, or with
 * `ownDatabase` a new database of its own (a restore target no other test touches), same schema name
 * when `schema` is given.
 */
export async function scratchDatabase(
  dialect: Dialect,
  options: { ownDatabase?: boolean; schema?: string; env?: Record<string, string> } = {},
): Promise<Scratch> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'smr-safety-'));
  const base = postgresUrl();
  let url: string | undefined;
  let database: string | undefined;
  const schema =
    dialect === 'postgres' ? (options.schema ?? `t_${randomBytes(6).toString('hex')}`) : undefined;
  if (dialect === 'postgres') {
    if (!base) throw new Error('TEST_DATABASE_URL is not set');
    url = base;
    if (options.ownDatabase) {
      database = `smr_restore_${randomBytes(5).toString('hex')}`;
      await adminQuery(base, `CREATE DATABASE ${database}`);
      url = urlOfDatabase(base, database);
    }
  }
  const env: Record<string, string> = {
    LOG_LEVEL: 'silent',
    ADMIN_PASSWORD,
    DATA_DIR: dataDir,
    ...(url && schema ? { DATABASE_URL: url, DATABASE_SCHEMA: schema } : {}),
    ...options.env,
  };
  const config: AppConfig = {
    ...loadConfig(env),
    webDir: undefined,
    ...(url && schema ? { databaseSchema: schema } : {}),
  };
  const opened: RawDb[] = [];
  const raw = async (): Promise<RawDb> => {
    let db: RawDb;
    if (dialect === 'sqlite') {
      fs.mkdirSync(dataDir, { recursive: true });
      const sqlite = new SQLite(path.join(dataDir, 'app.db'));
      sqlite.pragma('journal_mode = WAL');
      sqlite.pragma('foreign_keys = ON');
      db = new Kysely({ dialect: new SqliteDialect({ database: sqlite }) });
    } else {
      await adminQuery(url as string, `CREATE SCHEMA IF NOT EXISTS "${schema}"`);
      const pool = new pg.Pool({ connectionString: url, max: 2, options: `-c search_path="${schema}"` });
      pool.on('error', () => {});
      db = new Kysely({ dialect: new PostgresDialect({ pool }) });
    }
    opened.push(db);
    return db;
  };
  const dispose = async () => {
    for (const db of opened.splice(0)) await db.destroy().catch(() => {});
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (base && database) await adminQuery(base, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    else if (url && schema) await adminQuery(url, `DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  };
  return { dialect, dataDir, schema, env, config, raw, dispose };
}
