import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { type Database, openDatabase } from './database.js';

// Migration 019 (server/db/migrations/019_counter_changes.ts): on PostgreSQL only the counters
// of lookups and content send a notice when they move; every other counter still
// moves exactly as before, silently, so the writes that move only those commit without the lock a
// NOTIFY takes.

const url = process.env.TEST_DATABASE_URL;

async function open() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'smr-notices-'));
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const database = await openDatabase({ dataDir, databaseUrl: url, databaseSchema: schema });
  const close = async () => {
    await database.close();
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(`drop schema if exists "${schema}" cascade`);
    await client.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  return { database, schema, close };
}

const bump = (database: Database, name: string) =>
  sql`update cache_versions set version = version + 1 where name = ${name}`.execute(database.db);

const sumOf = async (database: Database, family: string) =>
  Number(
    (
      await sql<{
        total: string;
      }>`select coalesce(sum(version), 0) as total from cache_versions where name like ${`${family}:%`}`.execute(
        database.db,
      )
    ).rows[0]?.total,
  );

describe.skipIf(!url)('change counter notices on PostgreSQL', () => {
  it('notify the moves of lookups and content, and of no other counter, which still move', async () => {
    const { database, schema, close } = await open();
    const listener = new pg.Client({ connectionString: url });
    await listener.connect();
    try {
      const heard: string[] = [];
      let last: (() => void) | undefined;
      listener.on('notification', (n) => {
        if (!n.payload?.startsWith(`${schema}:`)) return;
        heard.push(n.payload.slice(schema.length + 1));
        if (n.payload.endsWith(':content')) last?.();
      });
      await listener.query('listen smr_counter_changes');

      const auditBefore = await sumOf(database, 'rows:audit_log');
      // A real write moving unnoticed counters (rows:audit_log, the audit list's), then bare bumps.
      await database.db
        .insertInto('auditLog')
        .values({
          at: new Date().toISOString(),
          actorId: null,
          action: 'test',
          entity: 'x',
          entityId: null,
          details: null,
        })
        .execute();
      await bump(database, 'rows:users:3');
      await bump(database, 'people:5');
      await bump(database, 'lookups');
      await bump(database, 'details:7');
      // Notices arrive in commit order: once the last one is heard, every earlier one would have been.
      const done = new Promise<void>((resolve) => {
        last = resolve;
      });
      await bump(database, 'content');
      await done;

      expect(heard).toEqual(['lookups', 'content']);
      expect(await sumOf(database, 'rows:audit_log')).toBe(auditBefore + 1);
    } finally {
      await listener.end();
      await close();
    }
  });

  it('still notify a counter row added or removed', async () => {
    const { database, schema, close } = await open();
    const listener = new pg.Client({ connectionString: url });
    await listener.connect();
    try {
      const heard: string[] = [];
      const removed = new Promise<void>((resolve) => {
        listener.on('notification', (n) => {
          if (!n.payload?.startsWith(`${schema}:`)) return;
          heard.push(n.payload.slice(schema.length + 1));
          if (heard.length === 2) resolve();
        });
      });
      await listener.query('listen smr_counter_changes');
      await sql`insert into cache_versions (name, version) values ('rows:test:0', 0)`.execute(database.db);
      await sql`delete from cache_versions where name = 'rows:test:0'`.execute(database.db);
      await removed;
      expect(heard).toEqual(['rows:test:0', 'rows:test:0']);
    } finally {
      await listener.end();
      await close();
    }
  });
});
