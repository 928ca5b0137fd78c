import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { ADMIN, api, buildTestApp, login, testDialects } from '../test/helpers.js';

const TOKEN = 'scrape-token-0123456789abcdef';

type Sample = { name: string; labels: Record<string, string>; value: number };

/** The samples of a Prometheus text exposition (the lines that are not # HELP or # TYPE). */
function samples(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`not a sample line: ${line}`);
      const labels = Object.fromEntries(
        [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
      );
      return { name: match[1] as string, labels, value: Number(match[3]) };
    });
}

/** The value of the one sample with that name and those labels (0 when there is none yet). */
function sampleValue(list: Sample[], name: string, labels: Record<string, string> = {}): number {
  const found = list.filter(
    (s) => s.name === name && Object.entries(labels).every(([key, value]) => s.labels[key] === value),
  );
  expect(found.length, `${name} ${JSON.stringify(labels)}`).toBeLessThanOrEqual(1);
  return found[0]?.value ?? 0;
}

async function scrape(app: FastifyInstance): Promise<Sample[]> {
  const res = await api(app, { method: 'GET', url: '/api/metrics', token: TOKEN });
  expect(res.statusCode).toBe(200);
  return samples(res.body);
}

// docs/decisions.md#http-metrics: GET /api/metrics, Prometheus text format, only with METRICS_TOKEN.
describe.each(testDialects())('metrics on %s', (dialect) => {
  it('without METRICS_TOKEN, answers 404 exactly as an unknown call does', async () => {
    const app = await buildTestApp(dialect);
    const res = await api(app, { method: 'GET', url: '/api/metrics', token: TOKEN });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      isSuccess: false,
      statusCode: 404,
      message: 'No API call GET /api/metrics exists.',
    });
    const unknown = await api(app, { method: 'GET', url: '/api/metricz' });
    expect(Object.keys(unknown.json()).sort()).toEqual(Object.keys(res.json()).sort());
  });

  describe('with METRICS_TOKEN', () => {
    const appPromise = buildTestApp(dialect, { METRICS_TOKEN: TOKEN });

    it('refuses a missing, wrong or user token with 401', async () => {
      const app = await appPromise;
      const userToken = await login(app, ADMIN.userName, ADMIN.password);
      for (const authorization of [
        undefined,
        `Bearer ${TOKEN}x`,
        `Bearer ${TOKEN.slice(0, -1)}`,
        `Basic ${TOKEN}`,
        TOKEN,
        `Bearer ${userToken}`,
      ]) {
        const res = await api(app, {
          method: 'GET',
          url: '/api/metrics',
          headers: authorization ? { authorization } : {},
        });
        expect(res.statusCode, String(authorization)).toBe(401);
        expect(res.headers['www-authenticate']).toMatch(/^Bearer/);
        expect(res.body).not.toContain('http_requests_total');
      }
    });

    it('answers the Prometheus text format with the default process metrics', async () => {
      const app = await appPromise;
      const res = await api(app, { method: 'GET', url: '/api/metrics', token: TOKEN });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(res.body).toContain('# TYPE http_requests_total counter');
      expect(res.body).toContain('# TYPE http_request_duration_seconds histogram');
      const list = samples(res.body);
      expect(sampleValue(list, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
      expect(sampleValue(list, 'process_resident_memory_bytes')).toBeGreaterThan(0);
      expect(list.some((s) => s.name === 'nodejs_heap_size_used_bytes')).toBe(true);
    });

    it('counts and times requests by route pattern, method and status, never by raw path', async () => {
      const app = await appPromise;
      const route = '/api/admin/user/search/:status';
      const labels = { method: 'POST', route, status_code: '401' };
      const before = sampleValue(await scrape(app), 'http_requests_total', labels);
      for (const status of ['approved', 'pending-xyz-raw']) {
        const res = await api(app, { method: 'POST', url: `/api/admin/user/search/${status}`, payload: {} });
        expect(res.statusCode).toBe(401);
      }
      await api(app, { method: 'GET', url: '/api/no-such-call-raw-path' });
      const after = await scrape(app);
      expect(sampleValue(after, 'http_requests_total', labels)).toBe(before + 2);
      expect(sampleValue(after, 'http_request_duration_seconds_count', labels)).toBe(before + 2);
      expect(sampleValue(after, 'http_request_duration_seconds_bucket', { ...labels, le: '+Inf' })).toBe(
        before + 2,
      );
      expect(
        sampleValue(after, 'http_requests_total', { method: 'GET', route: 'unmatched', status_code: '404' }),
      ).toBeGreaterThanOrEqual(1);
      const routes = new Set(after.map((s) => s.labels.route).filter(Boolean));
      expect([...routes].filter((r) => /raw/.test(r as string))).toEqual([]);
      expect(routes.has('/api/health') || routes.has(route)).toBe(true);
    });

    it('shows the database pool: PostgreSQL pool use, or SQLite with its one connection', async () => {
      const app = await appPromise;
      const list = await scrape(app);
      const max = sampleValue(list, 'smroadmap_db_pool_max_connections', { dialect });
      const open = sampleValue(list, 'smroadmap_db_pool_connections', { dialect });
      expect(list.some((s) => s.name === 'smroadmap_db_pool_connections')).toBe(true);
      if (dialect === 'sqlite') {
        expect([open, max]).toEqual([1, 1]);
        expect(list.some((s) => s.name === 'smroadmap_db_pool_idle_connections')).toBe(false);
      } else {
        expect(max).toBe(10);
        expect(open).toBeGreaterThanOrEqual(1);
        expect(open).toBeLessThanOrEqual(max);
        const idle = sampleValue(list, 'smroadmap_db_pool_idle_connections', { dialect });
        expect(idle).toBeGreaterThanOrEqual(0);
        expect(idle).toBeLessThanOrEqual(open);
        expect(sampleValue(list, 'smroadmap_db_pool_waiting_clients', { dialect })).toBe(0);
      }
    });

    it('counts mail written to the outbox (no SMTP_URL), and the files waiting there', async () => {
      const app = await appPromise;
      const sent = { transport: 'outbox', outcome: 'sent' };
      const before = await scrape(app);
      expect(sampleValue(before, 'smroadmap_mail_sending')).toBe(0);
      const filesBefore = sampleValue(before, 'smroadmap_mail_outbox_files');
      const sentBefore = sampleValue(before, 'smroadmap_mail_messages_total', sent);
      // The user-name reminder goes out just after the answer.
      const res = await api(app, {
        method: 'POST',
        url: '/api/auth/forgotUsername',
        payload: { email: 'admin@localhost' },
      });
      expect(res.statusCode).toBe(200);
      let after = await scrape(app);
      for (
        let i = 0;
        i < 50 && sampleValue(after, 'smroadmap_mail_messages_total', sent) === sentBefore;
        i++
      ) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        after = await scrape(app);
      }
      expect(sampleValue(after, 'smroadmap_mail_messages_total', sent)).toBe(sentBefore + 1);
      expect(sampleValue(after, 'smroadmap_mail_outbox_files')).toBe(filesBefore + 1);
      expect(sampleValue(after, 'smroadmap_mail_sending')).toBe(0);
    });
  });
});
