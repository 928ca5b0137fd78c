import { createHash, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { z } from 'zod';
import { fileAnswer } from '../../domain/schemas/answers.js';
import type { Database } from '../db/database.js';
import type { MailObserver } from '../mail/sender.js';
import type { MailQueueStats } from '../stores/mailQueueStore.js';
import { HttpError } from './envelope.js';
import { apiNotFound } from './errors.js';
import type { ZodApp } from './types.js';

/** The route label of a request no route matched: the web app's pages (the fallback) and unknown paths. */
export const UNMATCHED_ROUTE = 'unmatched';
export const METRICS_UNAUTHORIZED =
  'A valid metrics token is required (Authorization: Bearer <METRICS_TOKEN>).';

/** The Prometheus collectors of one app: a registry of its own, so several apps in one process never clash. */
export type AppMetrics = {
  registry: Registry;
  /** True when the Authorization header carries the metrics token (compared in constant time). */
  authorizes: (authorization: string | undefined) => boolean;
  /** Counts and times every request by route pattern, method and status code. */
  trackRequests: (app: FastifyInstance) => void;
  /** Told by the mail sender loop what it hands over and how that went. */
  mailObserver: MailObserver;
};

type Sources = {
  token: string;
  database: Pick<Database, 'dialect' | 'poolStats'>;
  /** SMTP_URL is set: mail goes to the SMTP server, not to the outbox folder. */
  smtp: boolean;
  /** $DATA_DIR/outbox, where mail is written as .eml files when no SMTP server is configured. */
  outboxDir: string;
  /** The mail queue's counts, read from the database at scrape time. */
  mailQueue: () => Promise<MailQueueStats>;
};

const digest = (text: string) => createHash('sha256').update(text).digest();

export function createMetrics(sources: Sources): AppMetrics {
  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry });

  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by route pattern (never the raw path), method and status code.',
    labelNames: ['method', 'route', 'status_code'],
    registers,
  });
  const durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from receiving a request to sending its answer, by route pattern, method and status code.',
    labelNames: ['method', 'route', 'status_code'],
    registers,
  });

  registerPoolGauges(registers, sources.database);
  const mail = registerMailMetrics(registers, sources);
  const expected = digest(sources.token);

  return {
    registry,
    authorizes(authorization) {
      const given = /^Bearer\s+(.+)$/i.exec(authorization ?? '')?.[1]?.trim();
      // Digests of equal length, so neither the content nor the length of the token leaks through timing.
      return given !== undefined && timingSafeEqual(digest(given), expected);
    },
    trackRequests(app) {
      app.addHook('onResponse', async (request, reply) => {
        const labels = {
          method: request.method,
          route: request.routeOptions.url ?? UNMATCHED_ROUTE,
          status_code: String(reply.statusCode),
        };
        requests.inc(labels);
        durations.observe(labels, reply.elapsedTime / 1000);
      });
    },
    mailObserver: mail.observer,
  };
}

/** PostgreSQL: the pg pool's use at scrape time. SQLite: its one connection, nothing to wait for in a pool. */
function registerPoolGauges(registers: Registry[], database: Sources['database']): void {
  const dialect = database.dialect;
  const stats = database.poolStats;
  const gauge = (name: string, help: string, value: () => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['dialect'],
      registers,
      collect() {
        this.set({ dialect }, value());
      },
    });
  gauge(
    'smroadmap_db_pool_connections',
    'Open database connections (SQLite: always its one connection).',
    () => stats?.().total ?? 1,
  );
  gauge(
    'smroadmap_db_pool_max_connections',
    'The most connections the pool opens.',
    () => stats?.().max ?? 1,
  );
  if (!stats) return;
  // Only a pool has idle connections and callers queued for one; SQLite's single connection has neither.
  gauge('smroadmap_db_pool_idle_connections', 'Open connections not in use.', () => stats().idle);
  gauge(
    'smroadmap_db_pool_waiting_clients',
    'Queries waiting for a free connection (the pool is exhausted while this stays above 0).',
    () => stats().waiting,
  );
}

/**
 * Mail goes through the queue (server/mail): the sender loop hands each message to the SMTP server (or
 * writes it to the outbox) after the commit that queued it, and retries failures with back-off. The
 * queue's length, the messages given up and the age of the oldest waiting one come from the database
 * at scrape time (every process sharing it sees the same); what this process sends is counted here.
 */
function registerMailMetrics(registers: Registry[], sources: Sources) {
  const transport = sources.smtp ? 'smtp' : 'outbox';
  const sending = new Gauge({
    name: 'smroadmap_mail_sending',
    help: 'Messages this process is handing to the SMTP server or writing to the outbox right now.',
    registers,
  });
  const sent = new Counter({
    name: 'smroadmap_mail_messages_total',
    help: 'Delivery attempts of this process, by transport and outcome (sent; failed: retried later, or given up after the last attempt).',
    labelNames: ['transport', 'outcome'],
    registers,
  });
  // One read of the queue per scrape, shared by its gauges.
  let reading: Promise<MailQueueStats> | undefined;
  const queueStats = () => {
    reading ??= sources.mailQueue().finally(() => {
      reading = undefined;
    });
    return reading;
  };
  new Gauge({
    name: 'smroadmap_mail_queue_messages',
    help: 'Messages in the mail queue by status: pending (not sent yet, being sent included) and failed (given up after the last attempt).',
    labelNames: ['status'],
    registers,
    async collect() {
      const stats = await queueStats();
      this.set({ status: 'pending' }, stats.pending);
      this.set({ status: 'failed' }, stats.failed);
    },
  });
  new Gauge({
    name: 'smroadmap_mail_queue_oldest_pending_seconds',
    help: 'Age of the oldest message not sent yet (0 when the queue is empty): it grows while the mail server is away.',
    registers,
    async collect() {
      const oldest = (await queueStats()).oldestPendingAt;
      this.set(oldest ? Math.max(0, (Date.now() - Date.parse(oldest)) / 1000) : 0);
    },
  });
  new Gauge({
    name: 'smroadmap_mail_outbox_files',
    help: 'E-mails in $DATA_DIR/outbox as .eml files (written when no SMTP_URL is set). Nothing sends them: they wait for the operator.',
    registers,
    async collect() {
      this.set(await countEml(sources.outboxDir));
    },
  });
  const observer: MailObserver = {
    sending: (delta) => sending.inc(delta),
    delivered: () => sent.inc({ transport, outcome: 'sent' }),
    attemptFailed: () => sent.inc({ transport, outcome: 'failed' }),
  };
  return { observer };
}

async function countEml(dir: string): Promise<number> {
  try {
    return (await fs.readdir(dir)).filter((name) => path.extname(name) === '.eml').length;
  } catch {
    return 0; // no outbox folder yet: nothing was written
  }
}

/**
 * GET /api/metrics in Prometheus text format. Without METRICS_TOKEN it answers exactly as an unknown
 * call does (404). The route is public to the session guard: its own token, not a user's, lets it in.
 */
export function metricsRoute(api: ZodApp, metrics: AppMetrics | undefined): void {
  api.get(
    '/metrics',
    {
      config: { access: 'public' },
      schema: {
        summary:
          'Prometheus metrics; only when METRICS_TOKEN is set, with Authorization: Bearer <METRICS_TOKEN>',
        tags: ['system'],
        // The 404 is declared as well: the handler answers it itself when metrics are off.
        response: {
          200: fileAnswer,
          404: z.object({ isSuccess: z.literal(false), message: z.string(), statusCode: z.number() }),
        },
      },
    },
    async (request, reply) => {
      if (!metrics) return reply.status(404).send(apiNotFound(request.method, request.url));
      if (!metrics.authorizes(request.headers.authorization)) {
        reply.header('www-authenticate', 'Bearer realm="metrics"');
        throw new HttpError(401, METRICS_UNAUTHORIZED);
      }
      return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
    },
  );
}
