import path from 'node:path';
import type { AppConfig } from '../../config.js';
import { BackupError, humanSize } from './files.js';
import { backupPostgres, restorePostgres } from './postgres.js';
import { backupSqlite, restoreSqlite } from './sqlite.js';

// `npm run backup` and `npm run restore`: the same environment as `npm start` (config.ts), plus
// DATABASE_SCHEMA for a PostgreSQL schema other than the connection's current one.

export type Settings = Pick<AppConfig, 'dataDir' | 'databaseUrl'> & { schema?: string };

const count = (n: number) => n.toLocaleString('en-US');
const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;
/** Where a PostgreSQL database is, without its password. */
const place = (url: string) => {
  const u = new URL(url);
  return `${u.host}${u.pathname}`;
};

/** Backs up the configured database; answers the lines to print. */
export async function backup(settings: Settings, target?: string): Promise<string[]> {
  const started = Date.now();
  if (!settings.databaseUrl) {
    const made = await backupSqlite(settings.dataDir, target);
    return [
      `Backed up ${path.join(settings.dataDir, 'app.db')} to ${made.file}`,
      `  ${humanSize(made.bytes)}, ${made.tables} tables, ${count(made.rows)} rows, integrity ok, in ${seconds(started)}`,
    ];
  }
  const made = await backupPostgres(settings.databaseUrl, settings.schema, settings.dataDir, target);
  return [
    `Backed up schema "${made.schema}" of ${place(settings.databaseUrl)} to ${made.file}`,
    `  ${humanSize(made.bytes)}, ${made.tables} tables, pg_dump custom format, in ${seconds(started)}`,
  ];
}

/** Restores a backup into the configured database; answers the lines to print. */
export async function restore(
  settings: Settings,
  file: string | undefined,
  force: boolean,
): Promise<string[]> {
  if (!file) throw new BackupError('Name the backup to restore: npm run restore -- FILE [--force]');
  const source = path.resolve(file);
  const started = Date.now();
  if (!settings.databaseUrl) {
    const done = await restoreSqlite(settings.dataDir, source, force);
    return [
      `Restored ${source} into ${done.file}`,
      `  ${done.tables} tables, ${count(done.rows)} rows, integrity ok, in ${seconds(started)}`,
      ...(done.replacedKeptAs ? [`The database it replaced is kept as ${done.replacedKeptAs}`] : []),
      'Start the app: it applies the migrations of a newer version on start.',
    ];
  }
  const done = await restorePostgres(settings.databaseUrl, settings.schema, source, force);
  return [
    `Restored ${source} into schema "${done.schema}" of ${place(settings.databaseUrl)}`,
    `  ${done.tables} tables, ${count(done.rows)} rows, in one transaction, in ${seconds(started)}`,
    ...(done.otherSessions > 0
      ? [`${done.otherSessions} other sessions are connected to this database: restart the app's processes.`]
      : []),
    'Start the app: it applies the migrations of a newer version on start.',
  ];
}
