import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Scratch, scratchDatabase } from '../db/backup/testSupport.js';
import { type Database, openDatabase } from '../db/database.js';
import { laxCommits } from '../db/laxCommits.js';
import { SharedCounters } from '../stores/sharedCounterStore.js';
import { AttemptCounter } from './attemptCounter.js';

const dialects = process.env.TEST_DATABASE_URL ? (['sqlite', 'postgres'] as const) : (['sqlite'] as const);

describe.each(dialects)('AttemptCounter on %s', (dialect) => {
  let scratch: Scratch;
  let database: Database;
  let now = 0;
  beforeAll(async () => {
    scratch = await scratchDatabase(dialect);
    database = await openDatabase(scratch.config);
  });
  afterAll(async () => {
    await database.close();
    await scratch.dispose();
  });
  const counter = (name: string, max: number) =>
    new AttemptCounter(new SharedCounters(database.db, () => now), name, max, 1000);

  it('blocks an account after max failures in the window, whatever the case of the name', async () => {
    now = 0;
    const t = counter('a', 3);
    await t.record('Bob');
    await t.record('bob');
    expect(await t.isBlocked('BOB')).toBe(false);
    await t.record(' bob ');
    expect(await t.isBlocked('bob')).toBe(true);
    expect(await t.isBlocked('alice')).toBe(false);
    now = 1000;
    expect(await t.isBlocked('bob')).toBe(false);
    await t.record('bob'); // a new window starts at 1
    expect(await t.isBlocked('bob')).toBe(false);
  });

  it('forgets failures after a successful login', async () => {
    now = 0;
    const t = counter('b', 2);
    await t.record('ann');
    await t.clear('ann');
    await t.record('ann');
    expect(await t.isBlocked('ann')).toBe(false);
  });

  it('counts in the database: another instance (another process) sees the same count, limits never mix', async () => {
    now = 0;
    await counter('c', 2).record('eve');
    await counter('c', 2).record('eve');
    expect(await counter('c', 2).isBlocked('eve')).toBe(true);
    expect(await counter('d', 2).isBlocked('eve')).toBe(false);
  });

  it('hits commit without waiting for the disk on PostgreSQL only; every other write durably', async () => {
    if (dialect === 'sqlite') return expect(laxCommits(database.db)).toBe(database.db);
    const setting = async (db: Database['db']) =>
      (await sql<{ s: string }>`select current_setting('synchronous_commit') as s`.execute(db)).rows[0]?.s;
    expect(await setting(database.db)).toBe('on');
    expect(await setting(laxCommits(database.db))).toBe('off');
  });

  it('prepares the hit once per connection on PostgreSQL, as every other reused statement', async () => {
    if (dialect === 'sqlite') return;
    now = 0;
    await counter('g', 5).record('pat');
    await counter('g', 5).record('pat');
    // One at a time, the lax pool hands out the connection just released: the one that ran the hits.
    const prepared = await sql<{ name: string }>`
      select name from pg_prepared_statements where statement like 'insert into "rate_limits"%'`.execute(
      laxCommits(database.db),
    );
    expect(prepared.rows).toHaveLength(1);
  });

  it('take counts atomically: of 20 concurrent attempts exactly max pass', async () => {
    now = 0;
    const t = counter('e', 3);
    const passed = await Promise.all(Array.from({ length: 20 }, () => t.take('zoe')));
    expect(passed.filter(Boolean)).toHaveLength(3);
  });

  it('stores a name with a NUL character instead of failing', async () => {
    now = 0;
    const t = counter('f', 1);
    await t.record('a\u0000b');
    expect(await t.isBlocked('a\u0000b')).toBe(true);
  });
});
