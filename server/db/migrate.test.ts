import { spawn } from 'node:child_process';
import path from 'node:path';
import { Migrator, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { OrganizationType, UserGroup, UserStatus } from '../../domain/codes.js';
import { buildApp } from '../app.js';
import { hashPassword } from '../auth/passwords.js';
import { contentDigest } from './backup/inventory.js';
import { type RawDb, type Scratch, scratchDatabase } from './backup/testSupport.js';
import { CounterChanges } from './counterChanges.js';
import { type Database, migrate } from './database.js';
import type { Dialect } from './dialect.js';
import { initialMigration } from './migrations/001_initial.js';
import { migrations } from './migrations/index.js';
import { SessionChanges } from './sessionChanges.js';

// docs/decisions.md#data-migrations: a newer version started on an older database migrates it in one transaction, and a
// migration that fails leaves the database exactly as it was and stops the process with one clear line.

const dialects: Dialect[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
const OLD_PASSWORD = 'Old#Release2023';
const root = path.resolve(import.meta.dirname, '../..');

const scratches: Scratch[] = [];
afterEach(async () => {
  for (const s of scratches.splice(0)) await s.dispose();
});

/** A database made by the first released schema only (migration 001), holding a firm and its user. */
async function firstRelease(dialect: Dialect): Promise<{ scratch: Scratch; raw: RawDb }> {
  const scratch = await scratchDatabase(dialect);
  scratches.push(scratch);
  const raw = await scratch.raw();
  const { error } = await new Migrator({
    db: raw,
    provider: { getMigrations: async () => ({ '001_initial': initialMigration(dialect) }) },
    ...(scratch.schema ? { migrationTableSchema: scratch.schema } : {}),
  }).migrateToLatest();
  if (error) throw error;
  const now = '2023-05-01T10:00:00.000Z';
  await sql`insert into organizations (name, code, type, created_at, updated_at)
    values ('Old Firm', 'old-firm', ${OrganizationType.Consultant}, ${now}, ${now})`.execute(raw);
  const { rows } = await sql<{ id: number }>`select id from organizations where code = 'old-firm'`.execute(
    raw,
  );
  await sql`insert into users (user_name, user_name_key, full_name, email, user_group, organization_id, status,
      password_hash, registration_complete, created_at, updated_at)
    values ('oldie', 'oldie', 'Old Timer', 'oldie@example.com', ${UserGroup.Consultant}, ${rows[0]?.id},
      ${UserStatus.Approved}, ${await hashPassword(OLD_PASSWORD)}, ${now}, ${now}, ${now})`.execute(raw);
  await sql`insert into app_settings (key, value) values ('kept', 'since 2023')`.execute(raw);
  return { scratch, raw };
}

async function executedMigrations(raw: RawDb): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(raw);
  return rows.map((r) => r.name);
}

/** The app's Database over a plain connection, so migrate() can be given other migrations. */
function asDatabase(raw: RawDb, dialect: Dialect): Database {
  return {
    db: raw as Database['db'],
    dialect,
    close: async () => {},
    sessionChanges: new SessionChanges(true),
    counterChanges: new CounterChanges(true),
  };
}

describe.each(dialects)('migrations on %s', (dialect) => {
  it('a database of the first released schema migrates to the latest on start and keeps its rows', async () => {
    const { scratch, raw } = await firstRelease(dialect);
    expect(await executedMigrations(raw)).toEqual(['001_initial']);

    const app = await buildApp(scratch.config);
    try {
      expect(await executedMigrations(raw)).toEqual(Object.keys(migrations(dialect)).sort());
      const user = await app.deps.db
        .selectFrom('users')
        .select(['fullName', 'email', 'tokenVersion'])
        .where('userNameKey', '=', 'oldie')
        .executeTakeFirstOrThrow();
      expect(user).toEqual({ fullName: 'Old Timer', email: 'oldie@example.com', tokenVersion: 0 });
      const { rows } = await sql<{
        value: string;
      }>`select value from app_settings where key = 'kept'`.execute(raw);
      expect(rows[0]?.value).toBe('since 2023');
      // Later migrations' tables exist and work on the old rows.
      await sql`select count(*) from cache_versions`.execute(raw);
      await sql`select count(*) from rate_limits`.execute(raw);
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      const login = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { userName: 'oldie', password: OLD_PASSWORD },
      });
      expect(login.json().isSuccess).toBe(true);
    } finally {
      await app.close();
    }
  });

  it('a failing migration after good ones leaves the database exactly as it was and names the migration', async () => {
    const { raw } = await firstRelease(dialect);
    const before = await contentDigest(raw, dialect);
    const broken = {
      ...migrations(dialect),
      // Sorts after every real migration: 002 onwards succeed inside the transaction, then this fails.
      '900_broken': {
        async up(db: RawDb) {
          await db.schema.createTable('half_done').addColumn('id', 'integer').execute();
          await sql`update organizations set name = 'Changed'`.execute(db);
          await sql`insert into app_settings (key, value) values ('half', 'written')`.execute(db);
          await sql`select * from no_such_table`.execute(db);
        },
      },
    };
    const error = await migrate(asDatabase(raw, dialect), undefined, () => broken).then(
      () => undefined,
      (e: Error) => e,
    );
    expect(error?.message).toMatch(
      /^Migration 900_broken failed; the database was left unchanged: .*no_such_table/,
    );
    expect(error?.message).not.toContain('\n');
    expect(await executedMigrations(raw)).toEqual(['001_initial']);
    expect(await contentDigest(raw, dialect)).toBe(before);

    // The real migrations still apply afterwards, all of them, keeping the rows.
    await migrate(asDatabase(raw, dialect), undefined);
    expect(await executedMigrations(raw)).toEqual(Object.keys(migrations(dialect)).sort());
    const { rows } = await sql<{ name: string }>`select name from organizations`.execute(raw);
    expect(rows.map((r) => r.name)).toEqual(['Old Firm']);
  });

  it('the server exits non-zero with one line naming the failed migration, and the database stays as it was', async () => {
    const { scratch, raw } = await firstRelease(dialect);
    // Something in the way of migration 005: the real migrations 002 to 004 run, then 005 fails.
    await sql`create table rate_limits (held integer)`.execute(raw);
    const before = await contentDigest(raw, dialect);
    const env: Record<string, string> = { ...scratch.env, LOG_LEVEL: 'info', PORT: '0' };
    if (dialect === 'postgres') {
      // The server reads no schema setting: the URL puts it on the connection's search path.
      env.DATABASE_URL = `${env.DATABASE_URL}?options=${encodeURIComponent(`-c search_path=${scratch.schema}`)}`;
    }
    const { code, stderr, stdout } = await runServer(env);
    expect(code).not.toBe(0);
    const lines = stderr.split('\n').filter((l) => l.includes('Migration'));
    expect(lines, stderr).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^Migration 005_rate_limits failed; the database was left unchanged: .*rate_limits/,
    );
    expect(stderr).not.toMatch(/^\s+at /m); // no stack trace
    expect(stdout).not.toContain('listening');
    expect(await executedMigrations(raw)).toEqual(['001_initial']);
    expect(await contentDigest(raw, dialect)).toBe(before);
  }, 60_000);
});

function runServer(
  env: Record<string, string>,
): Promise<{ code: number | null; stderr: string; stdout: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', ...env },
    });
    let stderr = '';
    let stdout = '';
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    child.stdout.on('data', (d) => {
      stdout += d;
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), 50_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr, stdout });
    });
  });
}
