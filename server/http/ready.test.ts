import net from 'node:net';
import Fastify from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import type { DB } from '../db/schema.js';
import { api, buildTestApp, testDialects } from '../test/helpers.js';
import { READY_TIMEOUT_MS, readyRoute } from './ready.js';

// docs/decisions.md#http-readiness: GET /api/ready asks the database; GET /api/health stays as docs/product.md#running fixes it.
describe.each(testDialects())('readiness on %s', (dialect) => {
  it('answers 200 {"status":"ready"} while the database answers', async () => {
    const app = await buildTestApp(dialect);
    const res = await api(app, { method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers 503 once the database is closed, while health still answers ok', async () => {
    const app = await buildTestApp(dialect);
    // Ends the pg pool (PostgreSQL) or closes the SQLite file.
    await app.deps.db.destroy();
    const res = await api(app, { method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'unavailable' });
    const health = await api(app, { method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
  });
});

describe('readiness against a database that never answers', () => {
  it(`answers 503 after ${READY_TIMEOUT_MS} ms instead of hanging`, { timeout: 15_000 }, async () => {
    // A server that accepts the connection and then says nothing: a PostgreSQL cut off mid-way.
    const sockets = new Set<net.Socket>();
    const silent = net.createServer((socket) => {
      sockets.add(socket);
      socket.on('error', () => {});
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as net.AddressInfo;
    const pool = new pg.Pool({ connectionString: `postgres://nobody@127.0.0.1:${port}/none` });
    pool.on('error', () => {});
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    const app = Fastify().withTypeProvider<ZodTypeProvider>();
    // As server/app.ts: the route's answers are zod schemas.
    app.setSerializerCompiler(serializerCompiler);
    await app.register(async (api) => readyRoute(api, db), { prefix: '/api' });
    try {
      const started = Date.now();
      const res = await app.inject({ method: 'GET', url: '/api/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'unavailable' });
      expect(Date.now() - started).toBeGreaterThanOrEqual(READY_TIMEOUT_MS - 50);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
      await app.close();
      await db.destroy().catch(() => {});
    }
  });
});
