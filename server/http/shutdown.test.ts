import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, testDialects } from '../test/helpers.js';
import { SHUTTING_DOWN_MESSAGE } from './shutdown.js';

// Graceful shutdown (docs/decisions.md#http-shutdown), proved on the real server process: the bundle `npm start` runs
// (dist/server/main.mjs, entry server/main.ts), under a load of submissions and report downloads over
// keep-alive connections, gets SIGTERM. Every request written before the signal must get its whole 2xx
// answer; requests written after it get 503 (the error envelope, Connection: close) or a connection
// that is refused or closed before any byte of an answer, never half an answer or no answer; the
// process exits 0 within 10 s; every acknowledged submission is in the database afterwards.
//
// The bundle is started directly rather than through scripts/start.mjs, which would first rebuild the
// web app whenever web/ changed (a minute of Vite on a busy machine); start.mjs then imports this very
// file in its own process, so the signal handling is the same.

const root = path.resolve(import.meta.dirname, '../..');
const bundle = path.join(root, 'dist/server/main.mjs');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

type Outcome = {
  kind: 'submit' | 'report' | 'reminder';
  /** When the request's last byte was handed to the socket (performance.now()). */
  writtenAt: number;
  /** When its answer (or its error) came. */
  endedAt: number;
  status?: number;
  headers?: http.IncomingHttpHeaders;
  body?: Buffer;
  /** The answer arrived whole (its 'end'), not cut off. */
  complete: boolean;
  /** Some of an answer arrived (its status line at least). */
  answerStarted: boolean;
  error?: string;
  hung?: boolean;
};

/** One request over `agent`, with everything the test needs to judge its fate. */
function send(
  agent: http.Agent,
  port: number,
  kind: Outcome['kind'],
  url: string,
  payload: object,
  token?: string,
): Promise<Outcome> {
  return new Promise((resolve) => {
    const data = Buffer.from(JSON.stringify(payload));
    const outcome: Outcome = {
      kind,
      writtenAt: Number.POSITIVE_INFINITY,
      endedAt: Number.POSITIVE_INFINITY,
      complete: false,
      answerStarted: false,
    };
    let settled = false;
    const done = () => {
      if (settled) return;
      settled = true;
      outcome.endedAt = performance.now();
      resolve(outcome);
    };
    const req = http.request(
      {
        agent,
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: url,
        headers: {
          'content-type': 'application/json',
          'content-length': data.length,
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      },
      (res) => {
        outcome.answerStarted = true;
        outcome.status = res.statusCode;
        outcome.headers = res.headers;
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          outcome.body = Buffer.concat(chunks);
          outcome.complete = true;
          done();
        });
        res.on('error', (error) => {
          outcome.error = error.message;
          done();
        });
        res.on('close', () => {
          if (!outcome.complete) outcome.error ??= 'answer cut off';
          done();
        });
      },
    );
    req.setTimeout(15_000, () => {
      outcome.hung = true;
      req.destroy(new Error('no answer within 15 s'));
    });
    req.on('finish', () => {
      outcome.writtenAt = performance.now();
    });
    req.on('error', (error: NodeJS.ErrnoException) => {
      outcome.error = error.code ?? error.message;
      done();
    });
    req.end(data);
  });
}

type Server = { port: number; child: ChildProcess; output: string[]; exited: Promise<number | null> };

async function startServer(dataDir: string, databaseUrl?: string): Promise<Server> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of [
    'DATABASE_URL',
    'SMTP_URL',
    'PUBLIC_URL',
    'METRICS_TOKEN',
    'JWT_SECRET_FILE',
    'TRUST_PROXY',
  ])
    delete env[name];
  const child = spawn(process.execPath, ['--enable-source-maps', bundle], {
    cwd: root,
    env: {
      ...env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: ADMIN.password,
      JWT_SECRET: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'warn',
      LOGIN_MAX_PER_ADDRESS: '100000',
      LOGIN_MAX_PER_ACCOUNT: '100000',
      // Every submission comes from one account, hundreds a second.
      WRITE_LIMIT_FACTOR: '100000',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout?.on('data', (d: Buffer) => output.push(d.toString()));
  child.stderr?.on('data', (d: Buffer) => output.push(d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`the server exited early (${child.exitCode}):\n${output.join('')}`);
    const up = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) throw new Error(`the server did not start:\n${output.join('')}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { port, child, output, exited };
}

async function call(port: number, url: string, payload: object, token?: string) {
  const res = await fetch(`http://127.0.0.1:${port}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(payload),
  });
  return res.json();
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(() => {
  // The bundle npm start runs, rebuilt when a server source is newer (as start.mjs does).
  execFileSync(process.execPath, ['scripts/serverBuild.mjs'], { cwd: root, stdio: 'inherit' });
});

describe.each(testDialects())('graceful shutdown of the server process on %s', (dialect) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'smr-shutdown-'));
  // PostgreSQL: a database of its own, as an installation has (the server uses its public schema).
  const database = `smr_shutdown_${randomBytes(6).toString('hex')}`;
  const pgUrl = process.env.TEST_DATABASE_URL;
  const serverUrl = dialect === 'postgres' && pgUrl ? withDatabase(pgUrl, database) : undefined;
  let server: Server | undefined;

  afterAll(async () => {
    if (server && server.child.exitCode === null) server.child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (dialect === 'postgres') {
      const client = new pg.Client({ connectionString: pgUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
      await client.end();
    }
  });

  it('answers every request in flight, refuses the rest with 503, exits 0 within 10 s and keeps every acknowledged write', async () => {
    if (dialect === 'postgres') {
      const client = new pg.Client({ connectionString: pgUrl });
      await client.connect();
      await client.query(`CREATE DATABASE "${database}"`);
      await client.end();
    }
    server = await startServer(dataDir, serverUrl);
    const { port } = server;
    const login = await call(port, '/api/auth/login', { userName: ADMIN.userName, password: ADMIN.password });
    const token = login.data.token as string;
    const criteria = await call(port, '/api/assessment/bycode', { query: 'trial' }, token);
    for (const section of criteria.sections) for (const q of section.questions) q.choices[0].selected = true;
    const submission = { assessmentResult: criteria };
    const first = await call(port, '/api/assessmentresult/add', submission, token);
    expect(first.isSuccess).toBe(true);
    const reportOf = { id: first.data.id as number };

    // 32 keep-alive connections: 24 submitting results, 8 downloading a report, each as fast as answered.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });
    const outcomes: Outcome[] = [];
    let signalAt = Number.POSITIVE_INFINITY;
    let exitedAt = Number.POSITIVE_INFINITY;
    const exitCode = server.exited.then((code) => {
      exitedAt = performance.now();
      return code;
    });
    const worker = async (kind: 'submit' | 'report') => {
      // After the signal, a few more tries each: they meet the closing server, then a closed port.
      let afterSignal = 0;
      while (afterSignal < 4) {
        const outcome =
          kind === 'submit'
            ? await send(agent, port, kind, '/api/assessmentresult/add', submission, token)
            : await send(agent, port, kind, '/api/assessmentresult/report/byid/download', reportOf, token);
        outcomes.push(outcome);
        if (performance.now() > signalAt) afterSignal++;
        if (performance.now() > exitedAt) afterSignal = Math.max(afterSignal, 3);
      }
    };
    const workers = [
      ...Array.from({ length: 24 }, () => worker('submit')),
      ...Array.from({ length: 8 }, () => worker('report')),
    ];
    await sleep(1500);
    // Three user-name reminders queue mail while the load runs: the queue must be left consistent.
    for (let i = 0; i < 3; i++)
      outcomes.push(
        await send(agent, port, 'reminder', '/api/auth/forgotUsername', { email: 'admin@localhost' }),
      );
    // Four clients that download a report and then keep their connection open, idle, saying nothing
    // more: the server must end those connections itself, or its close waits on them (Fastify keeps
    // idle keep-alive connections 72 s).
    const quiet = new http.Agent({ keepAlive: true, maxSockets: 4 });
    const quietDownloads = Array.from({ length: 4 }, () =>
      send(quiet, port, 'report', '/api/assessmentresult/report/byid/download', reportOf, token).then((o) => {
        outcomes.push(o);
      }),
    );
    await sleep(5); // written, not answered yet
    signalAt = performance.now();
    server.child.kill('SIGTERM');
    const code = await exitCode;
    await Promise.all([...workers, ...quietDownloads]);
    agent.destroy();
    quiet.destroy();

    const before = outcomes.filter((o) => o.writtenAt < signalAt);
    const after = outcomes.filter((o) => o.writtenAt >= signalAt);
    const ok = (o: Outcome) => o.complete && o.status !== undefined && o.status >= 200 && o.status < 300;
    const lost = before.filter((o) => !ok(o));
    const refused503 = after.filter((o) => o.complete && o.status === 503);
    const refusedConnection = after.filter((o) => !o.answerStarted && !o.hung && o.error);
    const servedInGrace = after.filter(ok);
    const wrong = after.filter(
      (o) => !refused503.includes(o) && !refusedConnection.includes(o) && !servedInGrace.includes(o),
    );
    const shutdownMs = Math.round(exitedAt - signalAt);
    // Written before the signal and still unanswered when it came: the ones a careless shutdown drops.
    const inFlight = before.filter((o) => o.endedAt > signalAt);
    console.log(
      `shutdown on ${dialect}: ${before.length} requests written before SIGTERM, ${inFlight.length} of them ` +
        `in flight at the signal (${inFlight.filter((o) => o.kind === 'submit').length} submissions, ` +
        `${inFlight.filter((o) => o.kind === 'report').length} report downloads): ` +
        `${before.length - lost.length} answered 2xx in full, ${lost.length} lost; after it: ` +
        `${refused503.length} answered 503, ${refusedConnection.length} refused or closed before an answer ` +
        `(${[...new Set(refusedConnection.map((o) => o.error))].join(', ')}), ${servedInGrace.length} served ` +
        `(arrived within the grace), ${wrong.length} otherwise; exit ${code} after ${shutdownMs} ms`,
    );
    const describe = (o: Outcome) =>
      `${o.kind} ${o.status ?? ''} ${o.error ?? ''} written ${Math.round(o.writtenAt - signalAt)} ms, ended ${Math.round(o.endedAt - signalAt)} ms after the signal`;
    expect(lost.map(describe)).toEqual([]);
    expect(wrong.map(describe)).toEqual([]);
    expect(before.length).toBeGreaterThan(50);
    expect(inFlight.length).toBeGreaterThanOrEqual(16);
    expect(after.length).toBeGreaterThan(0);
    expect(code).toBe(0);
    expect(shutdownMs).toBeLessThan(10_000);
    // The 503 is the error envelope every other error uses, and ends its connection.
    for (const o of refused503) {
      expect(JSON.parse(String(o.body))).toEqual({
        isSuccess: false,
        message: SHUTTING_DOWN_MESSAGE,
        statusCode: 503,
      });
      expect(o.headers?.connection).toBe('close');
    }
    // Nobody is left listening.
    await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();

    // Every acknowledged submission is in the database; the mail queue holds no half-done claim.
    const acknowledged = outcomes
      .filter((o) => o.kind === 'submit' && ok(o))
      .map((o) => JSON.parse(String(o.body)).data.id as number);
    let stored: Set<number>;
    let mail: { status: string; n: number }[];
    if (dialect === 'sqlite') {
      const db = new SQLite(path.join(dataDir, 'app.db'), { readonly: true });
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      stored = new Set(db.prepare('select id from assessment_results').pluck().all() as number[]);
      mail = db.prepare('select status, count(*) as n from mail_queue group by status').all() as typeof mail;
      db.close();
    } else {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      stored = new Set(
        (await client.query('select id from assessment_results')).rows.map((r) => Number(r.id)),
      );
      mail = (await client.query('select status, count(*)::int as n from mail_queue group by status')).rows;
      await client.end();
    }
    const missing = acknowledged.filter((id) => !stored.has(id));
    console.log(
      `shutdown on ${dialect}: ${acknowledged.length} acknowledged submissions, ${missing.length} missing; ` +
        `mail queue after exit: ${mail.map((m) => `${m.n} ${m.status}`).join(', ')}`,
    );
    expect(missing).toEqual([]);
    expect(acknowledged.length).toBeGreaterThan(20);
    expect(mail.every((m) => m.status === 'sent' || m.status === 'pending')).toBe(true);
    expect(mail.reduce((n, m) => n + m.n, 0)).toBeGreaterThanOrEqual(1);
    if (dialect === 'sqlite') {
      const sent = mail.find((m) => m.status === 'sent')?.n ?? 0;
      const outbox = path.join(dataDir, 'outbox');
      const files = fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((f) => f.endsWith('.eml')) : [];
      expect(files).toHaveLength(sent);
    }
  }, 60_000);
});
