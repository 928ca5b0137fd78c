import { type Kysely, sql } from 'kysely';
import type { Db, Executor } from '../db/database.js';
import { laxCommits } from '../db/laxCommits.js';
import { reusableQuery } from '../db/reusableQuery.js';

/** The tables of migration 005, typed here: only the counters read and write them. */
export interface CounterTables {
  rateLimits: { key: string; count: number; resetAt: number | string };
  loginKnownAddresses: { userNameKey: string; address: string; until: number | string };
}

export type Hit = { count: number; resetAt: number };

/** Expired rows are deleted after this many counted hits (per process). */
const PRUNE_EVERY = 1000;

/** PostgreSQL text holds no NUL character: a key never fails to store, whatever a client sent. */
export const storableKey = (key: string) => key.replaceAll('\u0000', '\uFFFD');

/** Every write call counts a hit (writeLimits.ts): compiled once per database (reusableQuery.ts). */
const countHit = reusableQuery((db: Executor, key: string, resetAt: number, now: number) =>
  (db as unknown as Kysely<CounterTables>)
    .insertInto('rateLimits')
    .values({ key, count: 1, resetAt })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql`case when rate_limits.reset_at <= ${now} then 1 else rate_limits.count + 1 end`,
        resetAt: sql`case when rate_limits.reset_at <= ${now} then excluded.reset_at else rate_limits.reset_at end`,
      }),
    )
    .returning(['count', 'resetAt']),
);

/**
 * Counters in a time window, kept in the database (rate_limits, migration 005) so that every process
 * sharing it counts together: the per-address limits of @fastify/rate-limit, the login throttle and
 * the per-account mail and password limits. A hit is one statement (an upsert that restarts an
 * expired window), atomic on both databases, so concurrent hits from several processes are all counted.
 */
export class SharedCounters {
  private hits = 0;

  constructor(
    private readonly db: Db,
    readonly now: () => number = Date.now,
  ) {}

  /** The tables of migration 005 (kept out of schema.ts's DB type, which describes the product's data). */
  get tables(): Kysely<CounterTables> {
    return this.db as unknown as Kysely<CounterTables>;
  }

  /** Counts one hit on `key`; a window of `windowMs` starts with the first hit after the last one ended. */
  async hit(key: string, windowMs: number): Promise<Hit> {
    const now = this.now();
    // Committed without waiting for the disk on PostgreSQL: every hit of one key queues on its row
    // until the commit (docs/decisions.md#data-lax-counter-hits).
    const [row] = await countHit(laxCommits(this.db), storableKey(key), now + windowMs, now);
    if (!row) throw new Error('the counter upsert returned no row');
    if (++this.hits % PRUNE_EVERY === 0) await this.prune();
    return { count: Number(row.count), resetAt: Number(row.resetAt) };
  }

  /** The hits of the current window, undefined once it has ended. */
  async peek(key: string): Promise<Hit | undefined> {
    const row = await this.tables
      .selectFrom('rateLimits')
      .select(['count', 'resetAt'])
      .where('key', '=', storableKey(key))
      .executeTakeFirst();
    if (!row || Number(row.resetAt) <= this.now()) return undefined;
    return { count: Number(row.count), resetAt: Number(row.resetAt) };
  }

  async clear(key: string): Promise<void> {
    await this.tables.deleteFrom('rateLimits').where('key', '=', storableKey(key)).execute();
  }

  /** Deletes ended windows and expired known addresses: an attacker's made-up names do not pile up. */
  async prune(): Promise<void> {
    const now = this.now();
    await this.tables.deleteFrom('rateLimits').where('resetAt', '<=', now).execute();
    await this.tables.deleteFrom('loginKnownAddresses').where('until', '<=', now).execute();
  }
}
