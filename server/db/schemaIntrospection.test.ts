import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { postgresUrl, type Scratch, scratchDatabase } from './backup/testSupport.js';
import { openDatabase } from './database.js';

// Migrations must not depend on other schemas of the same database standing still: test files (and
// other apps) create and drop their own schemas while this one migrates (schemaIntrospection.ts).

const url = postgresUrl();
const scratches: Scratch[] = [];
afterEach(async () => {
  for (const s of scratches.splice(0)) await s.dispose();
});

/** Creates and drops schemas holding a table, one after another, until stopped. */
function churnSchemas(base: string) {
  const client = new pg.Client({ connectionString: base });
  let running = true;
  let cycles = 0;
  const done = (async () => {
    await client.connect();
    try {
      while (running) {
        const schema = `churn_${randomBytes(5).toString('hex')}`;
        await client.query(`create schema ${schema}`);
        await client.query(`create table ${schema}.t (id serial primary key, a text, b text, c text)`);
        await client.query(`drop schema ${schema} cascade`);
        cycles++;
      }
    } finally {
      await client.end();
    }
  })();
  return {
    stop: async () => {
      running = false;
      await done;
      return cycles;
    },
  };
}

describe.skipIf(!url)('migrating beside schemas that come and go (PostgreSQL)', () => {
  it('migrates every fresh schema while other schemas are created and dropped', async () => {
    const churn = [churnSchemas(url as string), churnSchemas(url as string)];
    const failures: string[] = [];
    try {
      for (let i = 0; i < 6; i++) {
        const scratch = await scratchDatabase('postgres');
        scratches.push(scratch);
        try {
          const database = await openDatabase(scratch.config);
          await database.close();
        } catch (error) {
          failures.push(error instanceof Error ? error.message : String(error));
        }
      }
    } finally {
      const cycles = await Promise.all(churn.map((c) => c.stop()));
      expect(cycles.every((n) => n > 0)).toBe(true);
    }
    expect(failures).toEqual([]);
  }, 120_000);
});
