import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { listVersion } from '../repositories/keptCounts.js';
import { portfolioVersion } from '../repositories/portfolioSnapshot.js';
import { COUNTER_UPKEEP_MS, CounterUpkeep } from './counterUpkeep.js';
import { type Database, openDatabase } from './database.js';

// docs/decisions.md#performance-counter-pages: the change counters' table stays a few pages however
// many writes bump it, so every list's, count's and portfolio's version read costs the same after a
// million writes as after none, on PostgreSQL with autovacuum off (the upkeep vacuums it) and SQLite.

const url = process.env.TEST_DATABASE_URL;
const dataDirs: string[] = [];
afterAll(() => {
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
});

async function open(dialect: 'sqlite' | 'postgres') {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'smr-counters-'));
  dataDirs.push(dataDir);
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const database = await openDatabase({
    dataDir,
    databaseUrl: dialect === 'postgres' ? url : undefined,
    databaseSchema: dialect === 'postgres' ? schema : undefined,
  });
  const drop = async () => {
    await database.close();
    if (dialect !== 'postgres') return;
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(`drop schema if exists "${schema}" cascade`);
    await client.end();
  };
  return { database, schema, drop };
}

/** A pool on the schema, as the app's upkeep opens its own. */
const poolOn = (schema: string, max = 1) =>
  new pg.Pool({ connectionString: url, max, options: `-c search_path="${schema}"` });

const bump = (database: Database, name: string) =>
  sql`update cache_versions set version = version + 1 where name = ${name}`.execute(database.db);

describe.skipIf(!url)('the change counters on PostgreSQL', () => {
  it('leave no dead versions after each upkeep, through thousands of updates under held snapshots', async () => {
    const { database, schema, drop } = await open('postgres');
    const upkeep = new CounterUpkeep(poolOn(schema), 1);
    const holder = poolOn(schema);
    /** What a vacuum now would remove: the dead row versions the table still holds. */
    const leftDead = async () => {
      const client = await holder.connect();
      const notices: string[] = [];
      client.on('notice', (n) => notices.push(n.message ?? ''));
      await client.query('vacuum (verbose) cache_versions');
      client.removeAllListeners('notice');
      client.release();
      const line = notices.find((m) => /tuples: \d+ removed/.test(m)) ?? '';
      return Number(/tuples: (\d+) removed/.exec(line)?.[1] ?? Number.NaN);
    };
    try {
      const before = await listVersion(database.db, ['people']);
      expect(before).toBe(0);
      let bumps = 0;
      for (let round = 0; round < 4; round++) {
        // A long transaction (a backup, a report) keeps every version it might see: none is pruned,
        // so updates spill onto other pages (new ones at the end, without a vacuum to say where room is).
        const held = await holder.connect();
        await held.query('begin isolation level repeatable read');
        await held.query('select count(*) from cache_versions');
        for (let i = 0; i < 2_000; i += 8) {
          await Promise.all(Array.from({ length: 8 }, (_, slot) => bump(database, `people:${slot}`)));
          bumps += 8;
        }
        await held.query('commit');
        held.release();
        expect(await upkeep.runOnce()).toBe('vacuumed');
        expect(await leftDead()).toBe(0);
      }
      expect(await listVersion(database.db, ['people'])).toBe(bumps);
      expect(await listVersion(database.db, ['invites'])).toBe(0);
    } finally {
      await upkeep.close();
      await holder.end();
      await drop();
    }
  });

  it('vacuums once among processes that share the database, and stops on close', async () => {
    const { schema, drop } = await open('postgres');
    const first = new CounterUpkeep(poolOn(schema), COUNTER_UPKEEP_MS);
    const second = new CounterUpkeep(poolOn(schema), COUNTER_UPKEEP_MS);
    const looker = poolOn(schema);
    const vacuums = async () => {
      const { rows } = await looker.query(
        `select vacuum_count from pg_stat_user_tables where relid = to_regclass('cache_versions')`,
      );
      return Number(rows[0].vacuum_count);
    };
    try {
      expect(await first.runOnce()).toBe('vacuumed');
      expect(await second.runOnce()).toBe('skipped');
      expect(await vacuums()).toBe(1);

      // On its timer: turns come and go until close, then none is scheduled.
      const timed = new CounterUpkeep(poolOn(schema), 1);
      timed.start();
      expect(timed.scheduled).toBe(true);
      while ((await vacuums()) < 3) await new Promise((r) => setTimeout(r, 5));
      await timed.close();
      expect(timed.scheduled).toBe(false);
      const after = await vacuums();
      await new Promise((r) => setTimeout(r, 50));
      expect(await vacuums()).toBe(after);
    } finally {
      await Promise.all([first.close(), second.close(), looker.end()]);
      await drop();
    }
  });

  it('a failing turn leaves the process running and the next turn scheduled', async () => {
    const { schema, drop } = await open('postgres');
    await drop();
    // The schema is gone: the turn finds no table and skips; a closed pool makes the query throw.
    const gone = new CounterUpkeep(poolOn(schema), COUNTER_UPKEEP_MS);
    expect(await gone.runOnce()).toBe('skipped');
    // A database that fails every query: each turn fails, and the next is scheduled all the same.
    let calls = 0;
    const down = async () => {
      calls++;
      throw new Error('the database is restarting');
    };
    const failing = new CounterUpkeep({ query: down, end: async () => {} }, 1);
    failing.start();
    while (calls < 3) await new Promise((r) => setTimeout(r, 2));
    expect(failing.scheduled || calls > 3).toBe(true);
    await failing.close();
    await gone.close();
  });
});

describe.skipIf(!url)('the change counters of migrations 004 and 013 on PostgreSQL', () => {
  it('count a write that names its table by schema from a client on another search path', async () => {
    const { database, schema, drop } = await open('postgres');
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const before = await portfolioVersion(database.db);
      // One statement each on the lookups', the content's and the portfolio's tables (no row changes:
      // the triggers count statements), from a client whose search path lacks the app's schema.
      for (const table of ['lookup_items', 'questions', 'answers'])
        await client.query(`delete from "${schema}".${table} where false`);
      expect(await portfolioVersion(database.db)).toBe(before + 3);
    } finally {
      await client.end();
      await drop();
    }
  });
});

describe('the change counters on SQLite', () => {
  it('keep their pages through thousands of updates', async () => {
    const { database, drop } = await open('sqlite');
    try {
      const pages = async () =>
        Number(
          (
            await sql<{ n: number }>`select count(*) as n from dbstat where name = 'cache_versions'`.execute(
              database.db,
            )
          ).rows[0]?.n,
        );
      const start = await pages();
      for (let i = 0; i < 5_000; i++) await bump(database, 'people:0');
      expect(await listVersion(database.db, ['people'])).toBe(5_000);
      expect(await pages()).toBe(start);
    } finally {
      await drop();
    }
  });
});
