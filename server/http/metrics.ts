import { createHash, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/database.js';
import type { Mailer } from '../mail/mailer.js';
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
  /** The same mailer, counting what it sends and what is being sent right now. */
  countMail: (mailer: Mailer) => Mailer;
};

type Sources = {
  token: string;
  database: Pick<Database, 'dialect' | 'poolStats'>;
  /** SMTP_URL is set: mail goes to the SMTP server, not to the outbox folder. */
  smtp: boolean;
  /** $DATA_DIR/outbox, where mail is written as .eml files when no SMTP server is configured. */
  outboxDir: string;
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
    countMail: mail.countMail,
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
 * Mail is sent during the request that causes it (an SMTP conversation, or an .eml file written):
 * there is no queue that keeps messages for later. What can honestly be measured is what is being
 * sent right now, how sending went, and the files waiting in the outbox folder for the operator.
 */
function registerMailMetrics(registers: Registry[], sources: Sources) {
  const transport = sources.smtp ? 'smtp' : 'outbox';
  const sending = new Gauge({
    name: 'smroadmap_mail_sending',
    help: 'Messages being handed to the SMTP server or written to the outbox right now (mail is sent during the request; there is no queue for later).',
    registers,
  });
  const sent = new Counter({
    name: 'smroadmap_mail_messages_total',
    help: 'Messages sent (or written to the outbox), by transport and outcome (sent, failed).',
    labelNames: ['transport', 'outcome'],
    registers,
  });
  new Gauge({
    name: 'smroadmap_mail_outbox_files',
    help: 'E-mails in $DATA_DIR/outbox as .eml files (written when no SMTP_URL is set). Nothing sends them: they wait for the operator.',
    registers,
    async collect() {
      this.set(await countEml(sources.outboxDir));
    },
  });
  const countMail = (mailer: Mailer): Mailer => ({
    async send(mail) {
      sending.inc();
      try {
        await mailer.send(mail);
        sent.inc({ transport, outcome: 'sent' });
      } catch (error) {
        sent.inc({ transport, outcome: 'failed' });
        throw error;
      } finally {
        sending.dec();
      }
    },
    close: () => mailer.close(),
  });
  return { countMail };
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
