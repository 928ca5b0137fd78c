import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { BackupError, backupPath, fileKind, syncFileAndFolder, temporaryBeside } from './files.js';

/**
 * libpq's view of DATABASE_URL for pg_dump and pg_restore: the password goes in PGPASSWORD, never on
 * a command line that any user of the machine can read in the process list.
 */
function libpq(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = '';
  return { dbname: u.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => {
      stdout += d;
    });
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new BackupError(
              `${command} is not installed: install the PostgreSQL client tools (the server's major version or newer).`,
            )
          : error,
      ),
    );
    child.on('close', (code) =>
      code === 0
        ? resolve(stdout)
        : reject(
            new BackupError(`${command} failed (exit ${code}): ${stderr.trim().replace(/\s*\n\s*/g, ' ')}`),
          ),
    );
  });
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The schema the app uses: DATABASE_SCHEMA, else the connection's current schema (its search_path). */
export async function appSchema(url: string, explicit?: string): Promise<string> {
  if (explicit) return explicit;
  const { rows } = await withClient(url, (c) =>
    c.query<{ schema: string | null }>('select current_schema() as schema'),
  );
  const schema = rows[0]?.schema;
  if (!schema)
    throw new BackupError('The search path of DATABASE_URL names no existing schema: set DATABASE_SCHEMA.');
  return schema;
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Tables of a schema and their rows. */
export async function schemaInventory(
  url: string,
  schema: string,
): Promise<{ tables: number; rows: number }> {
  return withClient(url, async (client) => {
    const { rows: tables } = await client.query<{ name: string }>(
      "select table_name as name from information_schema.tables where table_schema = $1 and table_type = 'BASE TABLE'",
      [schema],
    );
    let rows = 0;
    for (const { name } of tables) {
      const { rows: n } = await client.query<{ n: string }>(
        `select count(*) as n from ${quoteIdent(schema)}.${quoteIdent(name)}`,
      );
      rows += Number(n[0]?.n ?? 0);
    }
    return { tables: tables.length, rows };
  });
}

/** The schemas a custom-format dump creates or fills, and its tables, from its table of contents. */
async function dumpContents(
  file: string,
): Promise<{ schemas: Set<string>; tables: number; trigramIndexes: number }> {
  const list = await run('pg_restore', ['--list', file], process.env);
  const schemas = new Set<string>();
  let tables = 0;
  let trigramIndexes = 0;
  for (const line of list.split('\n')) {
    if (line.startsWith(';')) continue;
    // "149; 2615 92152 SCHEMA - t_abc owner", "6362; 1259 92153 TABLE t_abc users owner"
    const parts = line.split(/\s+/);
    if (parts[3] === 'SCHEMA' && parts[4] === '-' && parts[5]) schemas.add(parts[5]);
    if (parts[3] === 'TABLE' && parts[4] !== 'DATA' && parts[4]) {
      schemas.add(parts[4]);
      tables++;
    }
    // "6400; 1259 92300 INDEX t_abc users_full_name_trgm owner": migration 012's pg_trgm indexes.
    if (parts[3] === 'INDEX' && parts[5]?.endsWith('_trgm')) trigramIndexes++;
  }
  return { schemas, tables, trigramIndexes };
}

/**
 * pg_dump of the app's schema in custom format (compressed; pg_restore picks what to restore). pg_dump
 * reads one snapshot (a repeatable-read transaction): the dump holds every transaction committed
 * before it began, and the app keeps running meanwhile.
 */
export async function backupPostgres(
  url: string,
  explicitSchema: string | undefined,
  dataDir: string,
  given?: string,
): Promise<{ file: string; bytes: number; schema: string; tables: number }> {
  const schema = await appSchema(url, explicitSchema);
  const target = backupPath(dataDir, 'dump', given);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const partial = temporaryBeside(target);
  const { dbname, env } = libpq(url);
  try {
    await run(
      'pg_dump',
      ['--format=custom', `--schema=${quoteIdent(schema)}`, `--file=${partial}`, `--dbname=${dbname}`],
      env,
    );
    const { tables } = await dumpContents(partial); // pg_restore can read it
    if (tables === 0) throw new BackupError(`Schema "${schema}" holds no tables: nothing to back up.`);
    syncFileAndFolder(partial);
    fs.renameSync(partial, target);
    syncFileAndFolder(target);
    return { file: target, bytes: fs.statSync(target).size, schema, tables };
  } finally {
    fs.rmSync(partial, { force: true });
  }
}

/**
 * pg_restore --clean of a dump into the app's schema, in one transaction (--single-transaction
 * --exit-on-error): it succeeds whole or changes nothing. A schema that already holds tables is
 * replaced only with `force`. Ownership and grants are left to the role restoring (--no-owner
 * --no-privileges), so a dump restores under another role.
 */
export async function restorePostgres(
  url: string,
  explicitSchema: string | undefined,
  file: string,
  force: boolean,
): Promise<{ schema: string; tables: number; rows: number; otherSessions: number }> {
  const kind = fileKind(file);
  if (kind === 'sqlite')
    throw new BackupError(
      `${file} is a SQLite backup: unset DATABASE_URL to restore it into $DATA_DIR/app.db.`,
    );
  if (kind !== 'pg_dump') throw new BackupError(`${file} is not a pg_dump custom-format backup.`);
  const schema = await appSchema(url, explicitSchema);
  const dump = await dumpContents(file);
  if (dump.schemas.size !== 1 || !dump.schemas.has(schema))
    throw new BackupError(
      `The backup holds schema ${[...dump.schemas].map((s) => `"${s}"`).join(', ')}, the app here uses "${schema}"; ` +
        "pg_restore cannot rename a schema: set DATABASE_SCHEMA (or the search_path in DATABASE_URL) to the backup's. Nothing was changed.",
    );
  const existing = await schemaInventory(url, schema);
  if (existing.tables > 0 && !force)
    throw new BackupError(
      `Schema "${schema}" already holds ${existing.tables} tables (${existing.rows} rows). ` +
        'Stop the app and run again with --force to replace them. Nothing was changed.',
    );
  const otherSessions = await withClient(url, async (c) => {
    const { rows } = await c.query<{ n: string }>(
      "select count(*) as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'",
    );
    return Number(rows[0]?.n ?? 0);
  });
  // The trigram indexes of migration 012 need pg_trgm, which lives outside the dumped schema (in public):
  // a database restored afresh lacks it. It is installed first, as the migration would, outside the
  // restore's transaction (it holds no data; installing it twice is a no-op).
  if (dump.trigramIndexes > 0) await ensureTrigramExtension(url);
  const { dbname, env } = libpq(url);
  await run(
    'pg_restore',
    [
      '--clean',
      '--if-exists',
      '--single-transaction',
      '--exit-on-error',
      '--no-owner',
      '--no-privileges',
      `--dbname=${dbname}`,
      file,
    ],
    env,
  );
  return { schema, ...(await schemaInventory(url, schema)), otherSessions };
}

/** pg_trgm installed in the database, or a BackupError saying what to ask of its administrator. */
async function ensureTrigramExtension(url: string): Promise<void> {
  await withClient(url, async (c) => {
    const { rows } = await c.query("select 1 from pg_extension where extname = 'pg_trgm'");
    if (rows.length > 0) return;
    try {
      await c.query('create extension if not exists pg_trgm with schema public');
    } catch (error) {
      throw new BackupError(
        `The backup's search indexes need the pg_trgm extension, which this role cannot install (${(error as Error).message}). ` +
          'Ask the database administrator to run "create extension pg_trgm with schema public" in this database, then restore again. Nothing was changed.',
      );
    }
  });
}
