import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, SQLITE_CACHE_SIZE } from './database.js';

// docs/decisions.md#performance-sqlite-cache: the server's SQLite connection keeps at most 8 MiB of
// pages, not the 16 MiB better-sqlite3's build of SQLite would, so its memory does not grow with the
// data beyond that (the scaling target: at most 50 MB more from 5,000 to 200,000 people).
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('the SQLite page cache', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'smr-cache-size-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('is 8 MiB on the connection that serves requests', async () => {
    expect(SQLITE_CACHE_SIZE).toBe(-8192);
    const database = await openDatabase({ dataDir: dir });
    try {
      const { rows } = await sql<{ cacheSize: number }>`pragma cache_size`.execute(database.db);
      expect(rows[0]?.cacheSize).toBe(SQLITE_CACHE_SIZE);
    } finally {
      await database.close();
    }
  });
});

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('on PostgreSQL', () => {
  it('sets no SQLite pragma: the database opens and answers as before', async () => {
    const schema = `t_cache_${process.pid}`;
    const database = await openDatabase({
      dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'smr-cache-size-')),
      databaseUrl: process.env.TEST_DATABASE_URL,
      databaseSchema: schema,
    });
    try {
      expect(database.dialect).toBe('postgres');
      const { rows } = await sql<{ one: number }>`select 1 as one`.execute(database.db);
      expect(rows[0]?.one).toBe(1);
    } finally {
      await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(database.db);
      await database.close();
    }
  });
});
