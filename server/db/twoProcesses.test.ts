import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { UserStatus } from '../../domain/codes.js';
import { buildApp } from '../app.js';
import { hashPassword } from '../auth/passwords.js';
import { lookupSeedCount } from '../seed/lookupData.js';
import { manufacturerSave } from '../test/organizations.js';
import { readWorkbook } from '../test/reports.js';
import { ADMIN_PASSWORD, adminQuery, type Scratch, scratchDatabase } from './backup/testSupport.js';
import { nowIso } from './clock.js';
import { type Database, openDatabase } from './database.js';
import { migrations } from './migrations/index.js';

// docs/decisions.md#operations: several app processes share one PostgreSQL database behind a load balancer. A journey
// alternates between two real server processes started together on one empty schema: sign in on one,
// save on the other, download from the first; signing out on one ends the token on the other; the
// login limits count the attempts made on both. On SQLite (one process), the same state survives a
// restart.

const root = path.resolve(import.meta.dirname, '../..');
const PER_ADDRESS = 20;
const PER_ACCOUNT = 3;
const limits = { LOGIN_MAX_PER_ADDRESS: String(PER_ADDRESS), LOGIN_MAX_PER_ACCOUNT: String(PER_ACCOUNT) };

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

type Server = { base: string; child: ChildProcess; output: () => string };

/** `npm run serve`: the server process as an operator runs it, on its own port. */
async function startServer(env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', ...env, PORT: String(port), HOST: '127.0.0.1' },
  });
  let output = '';
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}): ${output}`);
    const ok = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { base, child, output: () => output };
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`the server did not start: ${output}`);
}

async function stopServer(server: Server): Promise<void> {
  if (server.child.exitCode !== null) return;
  const exited = new Promise((r) => server.child.once('exit', r));
  server.child.kill('SIGTERM');
  await exited;
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('two processes on one PostgreSQL database', () => {
  let scratch: Scratch;
  let servers: Server[] = [];
  let database: Database | undefined;
  afterAll(async () => {
    await Promise.all(servers.map(stopServer));
    await database?.close();
    await scratch?.dispose();
  });

  it('a journey alternating between them works, a sign-out and the login limits hold on both', async () => {
    scratch = await scratchDatabase('postgres');
    const url = scratch.config.databaseUrl as string;
    await adminQuery(url, `CREATE SCHEMA "${scratch.schema}"`);
    const env = {
      ...scratch.env,
      ...limits,
      LOG_LEVEL: 'warn',
      JWT_SECRET: 'a-secret-shared-by-every-process-0123456789',
      // The server reads no schema setting: the search path in the URL names it, as an operator would.
      DATABASE_URL: `${url}?options=${encodeURIComponent(`-c search_path=${scratch.schema}`)}`,
    };
    // Started together on an empty schema: one migrates and seeds, the other waits for it.
    servers = await Promise.all([startServer(env), startServer(env)]);
    const [A, B] = servers.map((s) => s.base) as [string, string];

    database = await openDatabase(scratch.config);
    const db = database.db;
    const { rows: ran } = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
    expect(ran.map((r) => r.name).sort()).toEqual(Object.keys(migrations('postgres')).sort());
    expect(
      Number(
        (
          await db
            .selectFrom('lookupItems')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBe(lookupSeedCount());
    expect(
      Number(
        (
          await db
            .selectFrom('users')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBe(1);

    let logins = 0;
    // Only failed sign-ins use up an address's allowance (docs/decisions.md#sign-in-limits): they are counted apart.
    let failedLogins = 0;
    const call = async (base: string, url: string, token?: string, body?: unknown) => {
      if (url === 'auth/login') logins++;
      const res = await fetch(`${base}/api/${url}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify(body ?? {}),
      });
      if (url === 'auth/login' && res.status === 200 && (await res.clone().json()).isSuccess === false)
        failedLogins++;
      return res;
    };
    // biome-ignore lint/suspicious/noExplicitAny: answers of several shapes, checked by the assertions
    const json = async (res: Response) => (await res.json()) as Record<string, any>;
    const login = async (base: string, userName: string, password: string) =>
      json(await call(base, 'auth/login', undefined, { userName, password }));

    // Sign in on A.
    const admin = (await login(A, 'admin', ADMIN_PASSWORD)).data.token as string;

    // Save a manufacturer with its champion on B, with A's token.
    const champion = { userName: `champ${process.pid}`, fullName: 'Casey Quinn' };
    const body = await manufacturerSave({ deps: { db } } as unknown as FastifyInstance, {
      status: 'CurrentStateReporting',
      users: [{ id: -1, ...champion, champion: true }],
    });
    const saved = await json(await call(B, 'admin/organization/add', admin, body));
    expect(saved.isSuccess, JSON.stringify(saved)).toBe(true);
    const organizationId = saved.data.id as number;
    await db
      .updateTable('users')
      .set({
        passwordHash: await hashPassword('Champ#Pass2024'),
        status: UserStatus.Approved,
        registrationComplete: nowIso(),
      })
      .where('userNameKey', '=', champion.userName.toLowerCase())
      .execute();

    // The champion signs in on B and submits on A what B served.
    const token = (await login(B, champion.userName, 'Champ#Pass2024')).data.token as string;
    const criteria = await json(await call(B, 'assessment/bycode', token, { query: 'current-state' }));
    for (const section of criteria.sections) for (const q of section.questions) q.choices[2].selected = true;
    const submitted = await json(
      await call(A, 'assessmentresult/add', token, { assessmentResult: criteria }),
    );
    expect(submitted.isSuccess, JSON.stringify(submitted)).toBe(true);

    // Download from A: the report holds the answers submitted there and the champion saved on B.
    const report = await call(A, 'assessmentresult/report/byorg/download', admin, {
      id: organizationId,
      assessmentType: 1,
    });
    expect(report.status).toBe(200);
    expect(report.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const book = await readWorkbook(Buffer.from(await report.arrayBuffer()));
    expect(Object.values(book.sheets).flat(2).join('\n')).toContain(champion.fullName);
    const csv = await call(B, 'admin/user/download/all', admin, {});
    expect(csv.status).toBe(200);
    expect(await csv.text()).toContain(champion.userName);

    // Signing out on B ends the session on A too: also the token A remembers having verified and the
    // renewal it handed back, and the profile, which A reads with the session check.
    const profile = (base: string, token: string) =>
      fetch(`${base}/api/auth/profile`, { headers: { authorization: `Bearer ${token}` } });
    expect((await profile(A, admin)).status).toBe(200);
    const checked = await call(A, 'auth/checkToken', admin);
    expect(checked.status).toBe(200);
    const renewed = String(checked.headers.get('authorization-extend'));
    expect((await json(await call(B, 'auth/logout', admin))).isSuccess).toBe(true);
    expect((await call(A, 'auth/checkToken', admin)).status).toBe(401);
    expect((await call(B, 'auth/checkToken', admin)).status).toBe(401);
    expect((await call(A, 'auth/checkToken', renewed)).status).toBe(401);
    expect((await profile(A, admin)).status).toBe(401);

    // A suspension written by another process (here the test's own connection) reaches both, whose
    // session row caches heard of it through PostgreSQL's NOTIFY (docs/decisions.md#session-row-cache):
    // within the milliseconds the notice takes, so each is asked until it refuses (10 s at most).
    for (const base of [A, B]) expect((await profile(base, token)).status).toBe(200);
    await db
      .updateTable('users')
      .set({ isSuspended: 1 })
      .where('userNameKey', '=', champion.userName.toLowerCase())
      .execute();
    for (const base of [A, B]) {
      const deadline = Date.now() + 10_000;
      let status = 200;
      while (status === 200 && Date.now() < deadline) status = (await profile(base, token)).status;
      expect(status).toBe(401);
    }
    await db
      .updateTable('users')
      .set({ isSuspended: 0 })
      .where('userNameKey', '=', champion.userName.toLowerCase())
      .execute();

    // Failures for one account from one address add up across A and B: after three, even the right
    // password is refused on either.
    for (const base of [A, B, A])
      expect((await login(base, champion.userName, 'wrong-password')).isSuccess).toBe(false);
    const blocked = await call(B, 'auth/login', undefined, {
      userName: champion.userName,
      password: 'Champ#Pass2024',
    });
    expect(blocked.status).toBe(429);
    expect(
      (await call(A, 'auth/login', undefined, { userName: champion.userName, password: 'Champ#Pass2024' }))
        .status,
    ).toBe(429);

    // Failed attempts per address add up across A and B: the first refusal follows failure PER_ADDRESS.
    let refusedAt = 0;
    for (let i = 0; i < 2 * PER_ADDRESS && !refusedAt; i++) {
      const res = await call(i % 2 ? B : A, 'auth/login', undefined, {
        userName: `nobody${i}`,
        password: 'x',
      });
      if (res.status === 429) refusedAt = failedLogins + 1;
    }
    expect(refusedAt).toBe(PER_ADDRESS + 1);
    console.log(
      `two processes: ${logins} login attempts over A and B, the first refused by the per-address limit came after ${refusedAt - 1} failures (limit ${PER_ADDRESS}); ` +
        `the account-and-address limit refused the right password after ${PER_ACCOUNT} failures made on both`,
    );
  }, 120_000);
});

describe('on SQLite the same state survives a restart', () => {
  it('login failures and a sign-out made before a restart still count after it', async () => {
    const scratch = await scratchDatabase('sqlite', { env: limits });
    try {
      const first = await buildApp(scratch.config);
      const login = (app: FastifyInstance, password: string) =>
        app.inject({ method: 'POST', url: '/api/auth/login', payload: { userName: 'admin', password } });
      const token = (await login(first, ADMIN_PASSWORD)).json().data.token as string;
      await first.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: { authorization: `Bearer ${token}` },
      });
      for (let i = 0; i < PER_ACCOUNT; i++)
        expect((await login(first, 'wrong')).json().isSuccess).toBe(false);
      await first.close();

      const second = await buildApp(scratch.config);
      try {
        expect((await login(second, ADMIN_PASSWORD)).statusCode).toBe(429);
        const check = await second.inject({
          method: 'POST',
          url: '/api/auth/checkToken',
          headers: { authorization: `Bearer ${token}` },
        });
        expect(check.statusCode).toBe(401);
      } finally {
        await second.close();
      }
    } finally {
      await scratch.dispose();
    }
  });
});
