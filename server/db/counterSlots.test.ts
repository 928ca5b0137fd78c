import { EventEmitter } from 'node:events';
import { sql } from 'kysely';
import type { Pool } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Scratch, scratchDatabase } from './backup/testSupport.js';
import { withSpreadCounterSlots } from './counterSlots.js';
import { type Database, openDatabase } from './database.js';
import { LIST_SLOTS } from './migrations/014_list_versions.js';

/** A pool whose next connections get the given backend pids; records which ones it closed. */
function fakePool(pids: number[]) {
  const pool = new EventEmitter() as EventEmitter & { connect: () => Promise<unknown>; closed: number[] };
  pool.closed = [];
  pool.connect = async () => {
    const client = {
      processID: pids.shift(),
      release: (destroy?: boolean) => {
        if (!destroy) return;
        pool.closed.push(client.processID as number);
        pool.emit('remove', client);
      },
    };
    pool.emit('connect', client);
    return client;
  };
  return pool;
}

describe('counter slots of the pool', () => {
  it('closes a new connection whose backend shares its counter slot with an open one', async () => {
    const pool = fakePool([7, 7 + LIST_SLOTS, 7 + 2 * LIST_SLOTS, 8]);
    const slotted = withSpreadCounterSlots(pool as unknown as Pool);
    const first = (await slotted.connect()) as unknown as { processID: number };
    const second = (await slotted.connect()) as unknown as { processID: number };
    expect([first.processID, second.processID]).toEqual([7, 8]);
    expect(pool.closed).toEqual([7 + LIST_SLOTS, 7 + 2 * LIST_SLOTS]);
  });

  it('takes a connection as it is after a few tries', async () => {
    const pool = fakePool([3, ...Array.from({ length: 10 }, (_, i) => 3 + (i + 1) * LIST_SLOTS)]);
    const slotted = withSpreadCounterSlots(pool as unknown as Pool);
    await slotted.connect();
    const second = (await slotted.connect()) as unknown as { processID: number };
    expect(second.processID % LIST_SLOTS).toBe(3);
    expect(pool.closed.length).toBeGreaterThan(0);
    expect(pool.closed.length).toBeLessThan(10);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('counter slots of the pool on PostgreSQL', () => {
  let scratch: Scratch;
  let database: Database;
  beforeAll(async () => {
    scratch = await scratchDatabase('postgres');
    database = await openDatabase(scratch.config);
  });
  afterAll(async () => {
    await database.close();
    await scratch.dispose();
  });

  it('never has two connections in use whose backends bump the same counter rows', async () => {
    for (let round = 0; round < 3; round++) {
      // Ten transactions at once: every connection of the pool, each held until all are taken.
      const pids = await Promise.all(
        Array.from({ length: 10 }, () =>
          database.db.transaction().execute(async (trx) => {
            const { rows } = await sql<{
              pid: number;
            }>`select pg_backend_pid() as pid, pg_sleep(0.05)`.execute(trx);
            return Number(rows[0]?.pid);
          }),
        ),
      );
      const slots = new Set(pids.map((pid) => pid % LIST_SLOTS));
      expect(slots.size, `pids ${pids.join(', ')}`).toBe(new Set(pids).size);
    }
  });
});
