import { describe, expect, it } from 'vitest';
import type { Executor } from '../db/database.js';
import { buildTestApp, testDialects } from '../test/helpers.js';
import { readPerTurn } from './readPerTurn.js';

// Reads shared by the callers of one event-loop turn (readPerTurn.ts), against a real database: how
// many reads reach it, and that no caller is answered by a read sent before it asked.

const LOOKUPS = 'lookups';

describe.each(testDialects())('a read shared per turn on %s', (dialect) => {
  const appPromise = buildTestApp(dialect);

  const counted = () => {
    let sent = 0;
    const read = readPerTurn(async (db: Executor) => {
      sent++;
      const row = await (db as Awaited<typeof appPromise>['deps']['db'])
        .selectFrom('cacheVersions')
        .select('version')
        .where('name', '=', LOOKUPS)
        .executeTakeFirstOrThrow();
      return Number(row.version);
    });
    return { read, sent: () => sent };
  };
  const bump = async (db: Awaited<typeof appPromise>['deps']['db']) =>
    db
      .updateTable('cacheVersions')
      .set((eb) => ({ version: eb('version', '+', 1) }))
      .where('name', '=', LOOKUPS)
      .execute();

  it('is sent once for the callers of one turn on PostgreSQL, once each on SQLite', async () => {
    const { db } = (await appPromise).deps;
    const { read, sent } = counted();
    const values = await Promise.all(Array.from({ length: 20 }, () => read(db)));
    expect(new Set(values).size).toBe(1);
    expect(sent()).toBe(dialect === 'postgres' ? 1 : 20);
  });

  it('answers a caller who asked after a write committed with that write, never an older read', async () => {
    const { db } = (await appPromise).deps;
    const { read, sent } = counted();
    const before = await read(db);
    await bump(db);
    // Asked while the first read of this turn is still unsent: both see the write.
    const [a, b] = await Promise.all([read(db), read(db)]);
    expect([a, b]).toEqual([before + 1, before + 1]);
    // The first caller's read is on its way when the write commits and the second caller asks:
    // the second is not given the first's answer.
    const first = read(db);
    await new Promise((resolve) => setImmediate(resolve));
    await bump(db);
    const second = await read(db);
    expect(second).toBe(before + 2);
    expect(await first).toBeLessThanOrEqual(before + 2);
    expect(sent()).toBe(dialect === 'postgres' ? 4 : 5);
  });

  it('passes a failed read to every caller that shared it, and reads afresh after', async () => {
    const { db } = (await appPromise).deps;
    let fail = true;
    const read = readPerTurn(async (on: Executor) => {
      if (fail) throw new Error('the database is away');
      return (await (on as typeof db).selectFrom('cacheVersions').select('version').execute()).length;
    });
    const failed = await Promise.allSettled([read(db), read(db)]);
    expect(failed.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await read(db)).toBeGreaterThan(0);
  });
});
