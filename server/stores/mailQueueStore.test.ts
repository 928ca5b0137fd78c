import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { describe, expect, it, onTestFinished } from 'vitest';
import { buildApp } from '../app.js';
import { type AppConfig, loadConfig } from '../config.js';
import { type MailObserver, MailSender } from '../mail/sender.js';
import { createMailTransport } from '../mail/transport.js';
import { ADMIN, api, login, testDialects } from '../test/helpers.js';
import { startTestSmtp } from '../test/smtp.js';

// The durable mail queue (docs/decisions.md#mail-queue) against a real SMTP server and real databases: a message survives a
// crash between its commit and its delivery and goes once; a mail server that is away, or refuses, is
// retried with back-off and its last error shown; two processes on one PostgreSQL database send each
// message once.

const silentLog = {
  info() {},
  warn() {},
  error() {},
  debug() {},
  trace() {},
  fatal() {},
  child() {
    return silentLog;
  },
  level: 'silent',
} as never;

/** One database (a SQLite file or a PostgreSQL schema) that several apps open in turn or at once; gone after the test. */
function sharedDatabase(dialect: 'sqlite' | 'postgres') {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'smr-mailq-'));
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const apps: FastifyInstance[] = [];
  onTestFinished(async () => {
    for (const app of apps) await app.close().catch(() => {});
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (dialect === 'postgres') {
      const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await client.end();
    }
  });
  const config = (env: Record<string, string>): AppConfig => ({
    ...loadConfig({ LOG_LEVEL: 'silent', ADMIN_PASSWORD: ADMIN.password, ...env }),
    dataDir,
    webDir: undefined,
    ...(dialect === 'postgres' ? { databaseUrl: process.env.TEST_DATABASE_URL, databaseSchema: schema } : {}),
  });
  return {
    dataDir,
    async start(env: Record<string, string>): Promise<FastifyInstance> {
      const app = await buildApp(config(env));
      apps.push(app);
      await app.ready();
      return app;
    },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitUntil(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting: ${what}`);
    await sleep(20);
  }
}

const rowsOf = (app: FastifyInstance) =>
  app.deps.db.selectFrom('mailQueue').selectAll().orderBy('id').execute();

describe.each(testDialects())('the mail queue on %s', (dialect) => {
  it('sends a message committed just before a crash once, from the next start', async () => {
    const smtp = await startTestSmtp();
    onTestFinished(() => smtp.close());
    const db = sharedDatabase(dialect);
    const env = { SMTP_URL: smtp.url, PUBLIC_URL: 'https://roadmap.example.org' };
    const first = await db.start(env);
    // The process dies after the commit and before its sender loop runs: its loop never sends again.
    await first.deps.mailer.sender.stop();
    const res = await api(first, {
      method: 'POST',
      url: '/api/auth/forgotUsername',
      payload: { email: 'admin@localhost' },
    });
    expect(res.json().isSuccess).toBe(true);
    // The reminder is queued just after the answer (the answer is the same whether the address is known).
    await waitUntil('the reminder queued', async () => (await rowsOf(first)).length === 1);
    expect((await rowsOf(first)).map((r) => r.status)).toEqual(['pending']);
    await sleep(300);
    expect(smtp.received).toHaveLength(0);
    await first.close();

    const second = await db.start(env);
    await smtp.waitFor((m) => m.to.includes('admin@localhost'));
    await second.deps.mailer.sender.settled();
    await sleep(300); // a second copy would have arrived by now
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]?.subject).toMatch(/user name/);
    const [row] = await rowsOf(second);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, message: '', claimedBy: null });
  });

  it('takes over a message whose sender died mid-delivery once its claim lease ends, and sends it once', async () => {
    const smtp = await startTestSmtp();
    onTestFinished(() => smtp.close());
    const db = sharedDatabase(dialect);
    const env = { SMTP_URL: smtp.url };
    const first = await db.start(env);
    await first.deps.mailer.sender.stop();
    const id = await first.deps.mailer.enqueue(first.deps.db, {
      to: 'late@example.com',
      subject: 'Claimed by a process that died',
      text: 'hello',
      html: '<p>hello</p>',
    });
    // As a process that claimed it and died before the SMTP server took it leaves it: lease 1.5 s.
    const leaseEnd = Date.now() + 1500;
    await first.deps.db
      .updateTable('mailQueue')
      .set({
        status: 'sending',
        claimedBy: 'dead-process',
        attempts: 1,
        leaseUntil: new Date(leaseEnd).toISOString(),
      })
      .where('id', '=', id)
      .execute();
    await first.close();
    const second = await db.start(env);
    await sleep(Math.max(0, leaseEnd - Date.now() - 500));
    expect(smtp.received).toHaveLength(0); // not while the lease holds
    await smtp.waitFor((m) => m.to.includes('late@example.com'));
    expect(Date.now()).toBeGreaterThanOrEqual(leaseEnd);
    await second.deps.mailer.sender.settled();
    await sleep(300);
    expect(smtp.received).toHaveLength(1);
    expect((await rowsOf(second))[0]).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('retries with doubling back-off while the SMTP server is down, and delivers once it is back', async () => {
    const probe = await startTestSmtp();
    const port = probe.port;
    await probe.close(); // nothing listens there now
    const db = sharedDatabase(dialect);
    const app = await db.start({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    await app.deps.mailer.sender.stop(); // the app's own loop waits 30 s between tries; this test's waits 200 ms
    const failedAt: number[] = [];
    const observer: MailObserver = {
      sending() {},
      delivered() {},
      attemptFailed: () => failedAt.push(Date.now()),
    };
    const sender = new MailSender({
      db: app.deps.db,
      transport: createMailTransport({ ...app.deps.config, smtpUrl: `smtp://127.0.0.1:${port}` }, silentLog),
      log: silentLog,
      retry: { baseMs: 200, maxMs: 5_000, maxAttempts: 10 },
      observer,
    });
    onTestFinished(() => sender.stop());
    await app.deps.mailer.enqueue(app.deps.db, {
      to: 'patient@example.com',
      subject: 'Sent after the outage',
      text: 'hello',
      html: '<p>hello</p>',
    });
    sender.start();
    await waitUntil('three failed attempts', () => failedAt.length >= 3);
    const [waiting] = await rowsOf(app);
    expect(['pending', 'sending']).toContain(waiting?.status); // waiting its next try, or in it
    expect(waiting?.lastError).toMatch(/ECONNREFUSED/);
    // 200 ms, then 400 ms: each wait doubles (with the time an attempt takes on top).
    const gaps = failedAt.slice(1).map((t, i) => t - (failedAt[i] ?? t));
    expect(gaps[0]).toBeGreaterThanOrEqual(190);
    expect(gaps[1]).toBeGreaterThanOrEqual(390);
    const back = await startTestSmtp({ port });
    onTestFinished(() => back.close());
    await back.waitFor((m) => m.to.includes('patient@example.com'));
    await sender.settled();
    expect(back.received).toHaveLength(1);
    const [sent] = await rowsOf(app);
    expect(sent).toMatchObject({ status: 'sent', message: '' });
    expect(sent?.attempts).toBe(failedAt.length + 1);
    const admin = await login(app, ADMIN.userName, ADMIN.password);
    const queue = (await api(app, { method: 'GET', url: '/api/admin/mail/queue', token: admin })).json();
    expect(queue).toMatchObject({ transport: 'smtp', pending: 0, failed: 0 });
    expect(queue.lastError.message).toMatch(/ECONNREFUSED/);
    await sender.stop();
  });

  it('backs off from an SMTP server that refuses (554), keeps the message as failed after the last attempt, and shows the error', async () => {
    const smtp = await startTestSmtp({ refuseWith: 554 });
    onTestFinished(() => smtp.close());
    const db = sharedDatabase(dialect);
    const app = await db.start({ SMTP_URL: smtp.url, METRICS_TOKEN: 'metrics-token-for-the-mail-test' });
    await app.deps.mailer.sender.stop();
    const sender = new MailSender({
      db: app.deps.db,
      transport: createMailTransport({ ...app.deps.config }, silentLog),
      log: silentLog,
      retry: { baseMs: 100, maxMs: 1_000, maxAttempts: 3 },
    });
    onTestFinished(() => sender.stop());
    await app.deps.mailer.enqueue(app.deps.db, {
      to: 'refused@example.com',
      subject: 'Refused',
      text: 'hello',
      html: '<p>hello</p>',
    });
    sender.start();
    const admin = await login(app, ADMIN.userName, ADMIN.password);
    const queue = async () =>
      (await api(app, { method: 'GET', url: '/api/admin/mail/queue', token: admin })).json();
    await waitUntil(
      'the first refusal',
      async () => (await rowsOf(app))[0]?.attempts === 1 && !!(await rowsOf(app))[0]?.lastError,
    );
    const waiting = await queue();
    expect(waiting).toMatchObject({ transport: 'smtp', pending: 1, failed: 0 });
    expect(waiting.lastError.message).toMatch(/554/);
    await waitUntil('the message given up', async () => (await rowsOf(app))[0]?.status === 'failed');
    const [row] = await rowsOf(app);
    expect(row).toMatchObject({ status: 'failed', attempts: 3 });
    expect(row?.message).toContain('Subject: Refused'); // kept, for the operator
    expect(await queue()).toMatchObject({
      pending: 0,
      failed: 1,
      lastError: { message: expect.stringMatching(/554/) },
    });
    expect(smtp.received).toHaveLength(0);
    // Not part of the public answers: /api/health stays as it was; only an administrator reads the queue.
    expect((await api(app, { method: 'GET', url: '/api/health' })).json()).toEqual({ status: 'ok' });
    expect((await api(app, { method: 'GET', url: '/api/admin/mail/queue' })).statusCode).toBe(401);
    const metrics = await api(app, {
      method: 'GET',
      url: '/api/metrics',
      headers: { authorization: 'Bearer metrics-token-for-the-mail-test' },
    });
    expect(metrics.body).toMatch(/^smroadmap_mail_queue_messages\{status="failed"\} 1$/m);
    expect(metrics.body).toMatch(/^smroadmap_mail_queue_messages\{status="pending"\} 0$/m);
    await sender.stop();
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('two app processes on one PostgreSQL database', () => {
  it('send each queued message once between them', async () => {
    const smtp = await startTestSmtp({ delayMs: 5 });
    onTestFinished(() => smtp.close());
    const db = sharedDatabase('postgres');
    const env = { SMTP_URL: smtp.url, METRICS_TOKEN: 'metrics-token-for-the-mail-test' };
    const [one, two] = [await db.start(env), await db.start(env)];
    if (!one || !two) throw new Error('no apps');
    const total = 120;
    // Queued in one transaction (as a change would), then both loops are told at once.
    await one.deps.db.transaction().execute(async (trx) => {
      for (let i = 0; i < total; i++)
        await one.deps.mailer.enqueue(trx, {
          to: `person${i}@example.com`,
          subject: `Message ${i}`,
          text: `message ${i}`,
          html: `<p>message ${i}</p>`,
        });
    });
    one.deps.mailer.wake();
    two.deps.mailer.wake();
    const started = Date.now();
    await waitUntil('every message', () => smtp.received.length >= total, 30_000);
    console.log(`${total} messages delivered in ${Date.now() - started} ms`);
    await one.deps.mailer.sender.settled();
    await two.deps.mailer.sender.settled();
    await sleep(300);
    const subjects = smtp.received.map((m) => m.subject);
    expect(subjects).toHaveLength(total);
    expect(new Set(subjects).size).toBe(total);
    const sentBy = async (app: FastifyInstance) => {
      const text = (
        await api(app, {
          method: 'GET',
          url: '/api/metrics',
          headers: { authorization: 'Bearer metrics-token-for-the-mail-test' },
        })
      ).body;
      return Number(
        /^smroadmap_mail_messages_total\{transport="smtp",outcome="sent"\} (\d+)$/m.exec(text)?.[1] ?? 0,
      );
    };
    const split = [await sentBy(one), await sentBy(two)];
    console.log(
      `two processes, ${total} messages: sent ${split.join(' + ')}, received ${subjects.length}, duplicates 0`,
    );
    expect(split[0]! + split[1]!).toBe(total);
    expect((await rowsOf(one)).every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
  });
});
