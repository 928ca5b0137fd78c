import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { BackupError, backupPath, fileKind, stamp, syncFileAndFolder, temporaryBeside } from './files.js';

export type Inventory = { tables: number; rows: number };

/** Tables (Kysely's own included) and their rows, read straight from a SQLite file. */
function inventoryOf(db: SQLite.Database): Inventory {
  const tables = db
    .prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%'")
    .pluck()
    .all() as string[];
  let rows = 0;
  for (const table of tables)
    rows += db
      .prepare(`select count(*) from "${table.replace(/"/g, '""')}"`)
      .pluck()
      .get() as number;
  return { tables: tables.length, rows };
}

/** Checks a copy, makes it one self-contained file (no -wal beside it) and says what it holds. */
function checkCopy(file: string, what: string): Inventory {
  const db = new SQLite(file, { fileMustExist: true });
  try {
    const check = db.pragma('integrity_check', { simple: true });
    if (check !== 'ok') throw new BackupError(`${what} fails SQLite's integrity check: ${String(check)}`);
    const isApp = db
      .prepare("select count(*) from sqlite_master where type = 'table' and name = 'kysely_migration'")
      .pluck()
      .get();
    if (!isApp)
      throw new BackupError(`${what} is a SQLite database, but not one of this app (no migrations table).`);
    db.pragma('journal_mode = DELETE');
    return inventoryOf(db);
  } finally {
    db.close();
  }
}

/**
 * SQLite's online backup API (better-sqlite3) from $DATA_DIR/app.db into a new file, while the server
 * keeps running. Every page is copied in one step, inside one read transaction: the copy is the
 * database as it was at one moment, with every write committed (and so every write acknowledged)
 * before the backup began. (Copied in small steps, each write of the server would restart the copy.)
 * The copy is written beside its target, checked (integrity_check), flushed, then renamed into place.
 */
export async function backupSqlite(
  dataDir: string,
  given?: string,
): Promise<Inventory & { file: string; bytes: number }> {
  const source = path.join(dataDir, 'app.db');
  if (!fs.existsSync(source)) throw new BackupError(`No database at ${source}: nothing to back up.`);
  const target = backupPath(dataDir, 'db', given);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const partial = temporaryBeside(target);
  try {
    const db = new SQLite(source, { fileMustExist: true, timeout: 5000 });
    try {
      await db.backup(partial, { progress: () => 0x7fffffff });
    } finally {
      db.close();
    }
    const inventory = checkCopy(partial, 'The backup');
    syncFileAndFolder(partial);
    fs.renameSync(partial, target);
    syncFileAndFolder(target);
    return { file: target, bytes: fs.statSync(target).size, ...inventory };
  } finally {
    fs.rmSync(partial, { force: true });
  }
}

/**
 * Opens the database for this process alone, or says which process holds it: a server keeps its
 * database open (WAL mode) from start to stop, and an exclusive lock is refused while it does.
 */
function openAlone(file: string): SQLite.Database {
  const db = new SQLite(file, { fileMustExist: true, timeout: 1000 });
  try {
    db.pragma('locking_mode = EXCLUSIVE');
    db.exec('BEGIN EXCLUSIVE');
    db.exec('COMMIT');
    return db;
  } catch (error) {
    db.close();
    if ((error as { code?: string }).code?.startsWith('SQLITE_BUSY'))
      throw new BackupError(
        `${file} is in use by another process (is the server running?): stop it, then restore. Nothing was changed.`,
      );
    throw error;
  }
}

export type SqliteRestore = Inventory & { file: string; replacedKeptAs?: string };

/**
 * Puts a backup in place of $DATA_DIR/app.db. The backup is copied beside the target and checked
 * first, so a bad file changes nothing. An existing database is replaced only with `force`, never
 * while a process holds it, and is kept as app.db.before-restore-<time>. The copy is renamed over
 * the target in one step (atomic): at no moment is there half a database at app.db.
 */
export async function restoreSqlite(dataDir: string, file: string, force: boolean): Promise<SqliteRestore> {
  const kind = fileKind(file);
  if (kind === 'pg_dump')
    throw new BackupError(`${file} is a PostgreSQL dump: set DATABASE_URL to restore it into PostgreSQL.`);
  if (kind !== 'sqlite')
    throw new BackupError(`${file} is not a backup of this app (not a SQLite database).`);
  fs.mkdirSync(dataDir, { recursive: true });
  const target = path.join(dataDir, 'app.db');
  const partial = temporaryBeside(target);
  try {
    fs.copyFileSync(file, partial);
    const inventory = checkCopy(partial, file);
    syncFileAndFolder(partial);
    let replacedKeptAs: string | undefined;
    if (fs.existsSync(target)) {
      const current = openAlone(target);
      try {
        const existing = inventoryOf(current);
        if (existing.tables > 0 && !force)
          throw new BackupError(
            `${target} already holds a database (${existing.tables} tables, ${existing.rows} rows). ` +
              'Run again with --force to replace it (it is kept beside, as app.db.before-restore-<time>). Nothing was changed.',
          );
        // Fold the WAL into the file, so the database kept aside is whole on its own.
        current.pragma('wal_checkpoint(TRUNCATE)');
      } finally {
        current.close();
      }
      replacedKeptAs = `${target}.before-restore-${stamp()}`;
      fs.linkSync(target, replacedKeptAs);
      // A WAL or shared-memory file left beside would be read as part of the restored database.
      for (const suffix of ['-wal', '-shm']) fs.rmSync(`${target}${suffix}`, { force: true });
    }
    fs.renameSync(partial, target);
    syncFileAndFolder(target);
    return { file: target, replacedKeptAs, ...inventory };
  } finally {
    fs.rmSync(partial, { force: true });
  }
}
