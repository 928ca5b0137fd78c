import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { api, buildTestApp } from '../test/helpers.js';

// A PostgreSQL restart or failover drops the app's idle connections: the process must live on and
// answer again as soon as the database does.
describe.runIf(process.env.TEST_DATABASE_URL)('a dropped PostgreSQL connection', () => {
  it('does not end the process; the next call opens a new connection', async () => {
    const app = await buildTestApp('postgres');
    const { rows } = await app.deps.db.executeQuery<{ pid: number }>({
      sql: 'select pg_backend_pid() as pid',
      parameters: [],
      query: { kind: 'RawNode' } as never,
      queryId: { queryId: 'pid' },
    });
    const pid = rows[0]?.pid;
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    try {
      const killed = await admin.query('select pg_terminate_backend($1) as done', [pid]);
      expect(killed.rows[0].done).toBe(true);
    } finally {
      await admin.end();
    }
    // Give the pool time to hear of it: without a listener, its 'error' event is an uncaught error.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const ready = await api(app, { method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
  });
});
