import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { manufacturerSave } from '../../test/organizations.js';
import { BackupError } from './files.js';
import { restorePostgres } from './postgres.js';
import { restoreSqlite } from './sqlite.js';
import { ADMIN_PASSWORD, type RawDb, type Scratch, scratchDatabase } from './testSupport.js';

// docs/decisions.md#data-backup: a backup taken while 8 clients write through the API, restored into a fresh database,
// holds every row acknowledged before the backup began; the restored database passes SQLite's
// integrity check and the app starts on it. Then the restore's refusals.

const dialects = process.env.TEST_DATABASE_URL ? (['sqlite', 'postgres'] as const) : (['sqlite'] as const);
const root = path.resolve(import.meta.dirname, '../../..');
const CLIENTS = 8;

const scratches: Scratch[] = [];
afterEach(async () => {
  for (const s of scratches.splice(0)) await s.dispose();
});
async function scratch(...args: Parameters<typeof scratchDatabase>) {
  const s = await scratchDatabase(...args);
  scratches.push(s);
  return s;
}

/** Runs one of the npm scripts as `npm run` does (tsx), with the given environment. */
function script(
  name: 'backup' | 'restore',
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `scripts/${name}.ts`, ...args], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => {
      stdout += d;
    });
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

type Acknowledged = { kind: 'organization' | 'result'; id: number; at: number };

/** 8 clients over HTTP: half save manufacturers with two users and four invites, half submit the trial. */
async function writeLoad(app: FastifyInstance, base: string) {
  const post = async (url: string, token: string | undefined, body: unknown) => {
    const res = await fetch(`${base}/api/${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    return (await res.json()) as { isSuccess?: boolean; data?: { id?: number; token?: string } } & Record<
      string,
      unknown
    >;
  };
  const token = (await post('auth/login', undefined, { userName: 'admin', password: ADMIN_PASSWORD })).data
    ?.token as string;
  const template = await manufacturerSave(app, {
    users: [
      { id: -1, fullName: 'Avery Stone', userName: 'x' },
      { id: -2, fullName: 'Blake Rivers', userName: 'y', champion: true },
    ],
  });
  const trial = (await post('assessment/bycode', token, { query: 'trial' })) as unknown as {
    sections: { questions: { choices: { selected?: boolean }[] }[] }[];
  };
  for (const section of trial.sections)
    for (const q of section.questions) if (q.choices[0]) q.choices[0].selected = true;

  const acknowledged: Acknowledged[] = [];
  const failures: string[] = [];
  let stop = false;
  let n = 0;
  const client = async (i: number) => {
    while (!stop) {
      const k = n++;
      const tag = `${process.pid}-${i}-${k}`;
      const saving = i % 2 === 0;
      const body = saving
        ? {
            ...template,
            organization: { ...template.organization, name: `Load Maker ${tag}` },
            users: template.users.map((u, j) => ({
              ...u,
              userName: `load${j}-${tag}`,
              email: `load${j}-${tag}@example.com`,
            })),
          }
        : {
            assessmentResult: {
              ...trial,
              startDateTime: new Date(Date.UTC(2020, 0, 1) + k * 1000 + i).toISOString(),
            },
          };
      const answer = await post(saving ? 'admin/organization/add' : 'assessmentresult/add', token, body);
      const id = answer.data?.id;
      if (answer.isSuccess && typeof id === 'number')
        acknowledged.push({ kind: saving ? 'organization' : 'result', id, at: performance.now() });
      else failures.push(JSON.stringify(answer).slice(0, 300));
    }
  };
  const clients = Array.from({ length: CLIENTS }, (_, i) => client(i));
  return {
    acknowledged,
    failures,
    stop: async () => {
      stop = true;
      await Promise.all(clients);
    },
  };
}

/** Every row an acknowledged write made, by table, read from one database. */
async function rowsOf(db: RawDb, acknowledged: Acknowledged[]) {
  const orgs = acknowledged.filter((a) => a.kind === 'organization').map((a) => a.id);
  const results = acknowledged.filter((a) => a.kind === 'result').map((a) => a.id);
  const select = async (table: string, column: string, ids: number[]) => {
    if (ids.length === 0) return [];
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)}
      where ${sql.ref(column)} in (${sql.join(ids)}) order by id`.execute(db);
    return rows.map((r) => JSON.stringify(r));
  };
  return {
    organizations: await select('organizations', 'id', orgs),
    users: await select('users', 'organization_id', orgs),
    invites: await select('assessment_invites', 'organization_id', orgs),
    results: await select('assessment_results', 'id', results),
    answers: await select('answers', 'assessment_result_id', results),
  };
}

describe.each(dialects)('backup and restore on %s', (dialect) => {
  it('a backup taken under write load holds every row acknowledged before it began; restored, it checks and starts', async () => {
    const source = await scratch(dialect);
    // The write load submits results as one admin, many a second: past the per-user write limits.
    const app = await buildApp({ ...source.config, writeLimitFactor: 100_000 });
    let load: Awaited<ReturnType<typeof writeLoad>> | undefined;
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
      load = await writeLoad(app, base);
      await new Promise((r) => setTimeout(r, 2000));

      const backupDir = path.join(source.dataDir, 'elsewhere');
      fs.mkdirSync(backupDir);
      const began = performance.now();
      const made = await script('backup', [`${backupDir}/`], source.env);
      const ended = performance.now();
      await new Promise((r) => setTimeout(r, 500));
      await load.stop();
      expect(made.stderr, made.stdout).toBe('');
      expect(made.code).toBe(0);
      const file = path.join(backupDir, fs.readdirSync(backupDir)[0] as string);
      expect(path.basename(file)).toMatch(
        dialect === 'sqlite' ? /^app-\d{8}-\d{6}\.db$/ : /^app-\d{8}-\d{6}\.dump$/,
      );
      expect(load.failures).toEqual([]);

      const before = load.acknowledged.filter((a) => a.at < began);
      const during = load.acknowledged.filter((a) => a.at >= began && a.at <= ended);
      expect(before.filter((a) => a.kind === 'organization').length).toBeGreaterThan(5);
      expect(before.filter((a) => a.kind === 'result').length).toBeGreaterThan(5);
      expect(during.length).toBeGreaterThan(0); // the backup ran under load

      // Restore into a fresh data directory, or a fresh PostgreSQL database (same schema name).
      const target = await scratch(dialect, { ownDatabase: true, schema: source.schema });
      const restored = await script('restore', [file], target.env);
      expect(restored.stderr, restored.stdout).toBe('');
      expect(restored.code).toBe(0);
      const raw = await target.raw();
      if (dialect === 'sqlite') {
        const { rows } = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(raw);
        expect(rows).toEqual([{ integrity_check: 'ok' }]);
      }

      const expected = await rowsOf(await source.raw(), before);
      const found = await rowsOf(raw, before);
      const lost = Object.entries(expected).reduce(
        (sum, [table, rows]) =>
          sum + rows.filter((r) => !found[table as keyof typeof found].includes(r)).length,
        0,
      );
      const afterwards = load.acknowledged.filter((a) => a.at >= began);
      const keptAfter =
        (await rowsOf(raw, afterwards)).organizations.length + (await rowsOf(raw, afterwards)).results.length;
      console.log(
        `[${dialect}] ${CLIENTS} clients, ${load.acknowledged.length} writes acknowledged; ` +
          `${before.length} before the backup began (${expected.organizations.length} organizations, ` +
          `${expected.users.length} users, ${expected.invites.length} invites, ${expected.results.length} results, ` +
          `${expected.answers.length} answers); ${during.length} during it; ` +
          `restored ${Object.values(found).reduce((s, r) => s + r.length, 0)} of their rows, lost ${lost}; ` +
          `${keptAfter} of the ${afterwards.length} writes acknowledged later are in the backup too`,
      );
      expect(found).toEqual(expected);
      expect(lost).toBe(0);

      // The app starts on the restored database and serves what was saved.
      const again = await buildApp(target.config);
      try {
        expect((await again.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
        const login = await again.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { userName: 'admin', password: ADMIN_PASSWORD },
        });
        expect(login.json().isSuccess).toBe(true);
        const org = before.find((a) => a.kind === 'organization') as Acknowledged;
        const details = await again.inject({
          method: 'POST',
          url: '/api/admin/organization/getbyid',
          headers: { authorization: `Bearer ${login.json().data.token}` },
          payload: { id: org.id },
        });
        expect(details.statusCode).toBe(200);
        expect(details.json().organization?.name ?? details.json().name).toMatch(/^Load Maker /);
      } finally {
        await again.close();
      }
    } finally {
      await load?.stop();
      await app.close();
    }
  }, 120_000);
});

describe('restore refuses to do harm (SQLite)', () => {
  it('refuses a database held by a running server even with --force, one with data without --force, and keeps the replaced one', async () => {
    const source = await scratch('sqlite');
    const first = await buildApp(source.config);
    await first.close();
    const made = await script('backup', [], source.env);
    expect(made.code).toBe(0);
    const file = path.join(
      source.dataDir,
      'backups',
      fs.readdirSync(path.join(source.dataDir, 'backups'))[0] as string,
    );

    const target = await scratch('sqlite');
    const running = await buildApp(target.config);
    try {
      const held = await restoreSqlite(target.dataDir, file, true).catch((e: Error) => e);
      expect(held).toBeInstanceOf(BackupError);
      expect((held as Error).message).toMatch(/is in use by another process \(is the server running\?\)/);
    } finally {
      await running.close();
    }
    const refused = await script('restore', [file], target.env);
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim()).toMatch(
      /already holds a database \(\d+ tables, \d+ rows\)\. Run again with --force/,
    );

    const forced = await script('restore', [file, '--force'], target.env);
    expect(forced.code, forced.stderr).toBe(0);
    const kept = fs.readdirSync(target.dataDir).filter((f) => f.startsWith('app.db.before-restore-'));
    expect(kept).toHaveLength(1);
    expect(forced.stdout).toContain(`kept as ${path.join(target.dataDir, kept[0] as string)}`);
    const again = await buildApp(target.config);
    expect((await again.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    await again.close();
  }, 60_000);

  it('refuses a file that is not a backup of this app, and changes nothing', async () => {
    const target = await scratch('sqlite');
    const junk = path.join(target.dataDir, 'junk.db');
    fs.writeFileSync(junk, 'not a database at all');
    await expect(restoreSqlite(target.dataDir, junk, true)).rejects.toThrow(/is not a backup of this app/);
    expect(fs.existsSync(path.join(target.dataDir, 'app.db'))).toBe(false);
    expect(fs.readdirSync(target.dataDir)).toEqual(['junk.db']);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('restore refuses to do harm (PostgreSQL)', () => {
  it('refuses a schema with tables without --force, and a dump of another schema', async () => {
    const source = await scratch('postgres');
    const app = await buildApp(source.config);
    await app.close();
    const made = await script('backup', [], source.env);
    expect(made.code, made.stderr).toBe(0);
    const file = path.join(
      source.dataDir,
      'backups',
      fs.readdirSync(path.join(source.dataDir, 'backups'))[0] as string,
    );
    const url = source.config.databaseUrl as string;

    await expect(restorePostgres(url, source.schema, file, false)).rejects.toThrow(
      /already holds \d+ tables \(\d+ rows\)\. Stop the app and run again with --force/,
    );
    const elsewhere = await scratch('postgres');
    await expect(restorePostgres(url, elsewhere.schema, file, false)).rejects.toThrow(
      new RegExp(`the app here uses "${elsewhere.schema}"; pg_restore cannot rename a schema`),
    );
    const forced = await restorePostgres(url, source.schema, file, true);
    expect(forced.tables).toBeGreaterThan(20);
  }, 60_000);
});
