import type { Pool, PoolClient } from 'pg';
import { PORTFOLIO_SLOTS } from './migrations/013_portfolio_version.js';
import { LIST_SLOTS } from './migrations/014_list_versions.js';
import { DETAIL_SLOTS } from './migrations/016_detail_versions.js';

/**
 * The change counters' triggers (migrations 013-016) bump the counter row of slot
 * `pg_backend_pid() % 64`, and a bumped row stays locked until its transaction ends: two connections
 * of the pool whose backend pids share a slot serialize every write they make, for as long as both
 * live (the bench: a submission of slot 14 waiting on the other connection of slot 14, an organization
 * save waiting at its first INSERT; docs/perf-notes/pgw.md). With 10 connections that is so about one
 * start in two. This hands out the pool's connections so that a connection sharing its slot with
 * another one of the pool is closed instead of used (a few times at most, then taken as it is): the
 * pool opens a new one, whose backend has another pid.
 */
const SLOTS = LIST_SLOTS;
if (PORTFOLIO_SLOTS !== SLOTS || DETAIL_SLOTS !== SLOTS) throw new Error('counter slots differ');
const TRIES = 6;

type SlottedClient = PoolClient & { processID?: number };

export function withSpreadCounterSlots(pool: Pool) {
  /** The slots of the pool's open connections, with how many share each. */
  const open = new Map<number, number>();
  const slotOf = (client: SlottedClient) =>
    client.processID === undefined ? undefined : client.processID % SLOTS;
  pool.on('connect', (client: SlottedClient) => {
    const slot = slotOf(client);
    if (slot !== undefined) open.set(slot, (open.get(slot) ?? 0) + 1);
  });
  pool.on('remove', (client: SlottedClient) => {
    const slot = slotOf(client);
    if (slot === undefined) return;
    const left = (open.get(slot) ?? 1) - 1;
    if (left > 0) open.set(slot, left);
    else open.delete(slot);
  });
  return {
    async connect(): Promise<PoolClient> {
      for (let tries = 1; ; tries++) {
        const client: SlottedClient = await pool.connect();
        const slot = slotOf(client);
        if (tries >= TRIES || slot === undefined || (open.get(slot) ?? 0) < 2) return client;
        client.release(true); // closed: the pool opens another connection on the next try
      }
    },
    end: () => pool.end(),
  };
}
