import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { CamelCasePlugin, Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { counterRows, counterSum } from '../repositories/counterRows.js';
import { testDialects } from '../test/helpers.js';
import { listenForChanges } from './changeListener.js';
import { CounterChanges, watchCounters } from './counterChanges.js';
import { type Database, openDatabase } from './database.js';
import { LIST_SLOTS } from './migrations/014_list_versions.js';
import { DETAIL_SLOTS } from './migrations/016_detail_versions.js';
import type { DB } from './schema.js';
import { SessionChanges } from './sessionChanges.js';

// docs/decisions.md#counter-changes: a count read from the change counters is kept in memory until a
// counter of its family may have moved; a change made by this process, by another connection, or while
// the PostgreSQL listener is down is seen by the next read.

const url = process.env.TEST_DATABASE_URL;

/** Waits (10 s at most) until `done` holds: a NOTIFY takes milliseconds to arrive after the commit. */
async function until(done: () => boolean): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!done() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(done()).toBe(true);
}

describe.each(testDialects())('counts kept while their counters stand still on %s', (dialect) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'smr-counters-'));
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const opened = openDatabase({
    dataDir,
    ...(dialect === 'postgres' ? { databaseUrl: url, databaseSchema: schema } : {}),
  });
  afterAll(async () => {
    await (await opened).close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (dialect === 'postgres') await onPostgres('', `drop schema if exists "${schema}" cascade`);
  });

  const lookups = counterSum(() => ['lookups'], true);
  const content = counterSum(() => ['content'], true);
  // An organization form's counts: kept on SQLite, read on every call on PostgreSQL (no notice).
  const details = counterSum((db) => counterRows(db, 'details', DETAIL_SLOTS), true);

  async function onPostgres(searchPath: string, statement: string): Promise<void> {
    const client = new pg.Client({
      connectionString: url,
      ...(searchPath ? { options: `-c search_path="${searchPath}"` } : {}),
    });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  }

  /** Moves a counter on a connection of its own, as another process or an operator would. */
  async function bumpElsewhere(name: string): Promise<void> {
    const statement = `update cache_versions set version = version + 1 where name = '${name}'`;
    if (dialect === 'postgres') return onPostgres(schema, statement);
    const other = new SQLite(path.join(dataDir, 'app.db'));
    try {
      other.prepare(statement).run();
    } finally {
      other.close();
    }
  }

  /** The database once its listener listens (PostgreSQL: until then nothing is kept). */
  async function live(): Promise<Database> {
    const database = await opened;
    await until(() => database.counterChanges.live);
    return database;
  }

  it('keeps a count read, and sees a write of this process at once', async () => {
    const { db } = await live();
    const before = await lookups(db);
    expect(lookups.peek(db)).toBe(before);
    await db
      .updateTable('cacheVersions')
      .set({ version: sql`version + 1` })
      .where('name', '=', 'lookups')
      .execute();
    expect(lookups.peek(db)).toBeUndefined();
    expect(await lookups(db)).toBe(before + 1);
  });

  it('does not keep a count read in a transaction, which may see its own uncommitted writes', async () => {
    const { db } = await live();
    const before = await lookups(db);
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('cacheVersions')
        .set({ version: sql`version + 1` })
        .where('name', '=', 'lookups')
        .execute();
      expect(await lookups(trx)).toBe(before + 1);
      expect(lookups.peek(trx)).toBeUndefined();
    });
    expect(await lookups(db)).toBe(before + 1);
  });

  it("sees another connection's commit on the next read", async () => {
    const { db } = await live();
    const before = await lookups(db);
    await bumpElsewhere('lookups');
    // SQLite: data_version, read on every look; PostgreSQL: once the NOTIFY has arrived.
    if (dialect === 'postgres') await until(() => lookups.peek(db) === undefined);
    expect(await lookups(db)).toBe(before + 1);
  });

  it.runIf(dialect === 'postgres')("keeps the other families' counts when one moves elsewhere", async () => {
    const { db } = await live();
    const kept = await lookups(db);
    const before = await content(db);
    await bumpElsewhere('content');
    await until(() => content.peek(db) === undefined);
    expect(lookups.peek(db)).toBe(kept);
    expect(await content(db)).toBe(before + 1);
  });

  it.runIf(dialect === 'postgres')(
    "keeps the lookups' and content's counts through this process's writes elsewhere, not through theirs",
    async () => {
      const { db } = await live();
      const keptLookups = await lookups(db);
      const keptContent = await content(db);
      // A submission's and a save's kind of write: tables no kept counter is moved by.
      await db
        .insertInto('auditLog')
        .values({ at: new Date().toISOString(), action: 'test', entity: 'counter', entityId: 1 })
        .execute();
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('users').set({ phoneNumber: '555' }).where('id', '=', 1).execute();
      });
      expect(lookups.peek(db)).toBe(keptLookups);
      expect(content.peek(db)).toBe(keptContent);

      // A question renamed in a transaction: the content's count goes at once, not when the notice comes.
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('questions')
          .set({ caption: sql`caption` })
          .where('id', '=', sql<number>`(select min(id) from questions)`)
          .execute();
      });
      expect(content.peek(db)).toBeUndefined();
      expect(await content(db)).toBe(keptContent + 1);
      await db.updateTable('lookupItems').set({ name: sql`name` }).where('id', '=', 1).execute();
      expect(lookups.peek(db)).toBeUndefined();
      expect(await lookups(db)).toBe(keptLookups + 1);
    },
  );

  it.runIf(dialect === 'postgres')('never keeps a family whose moves send no notice', async () => {
    // Migration 019 notifies lookups and content only: a count of users' rows or of an organization
    // form, asked to be kept, must still see a move that no notice tells of.
    const users = counterSum((db) => counterRows(db, 'rows:users', LIST_SLOTS), true);
    const { db } = await live();
    const before = await users(db);
    expect(users.peek(db)).toBeUndefined();
    await bumpElsewhere('rows:users:5');
    expect(await users(db)).toBe(before + 1);
    const form = await details(db);
    expect(details.peek(db)).toBeUndefined();
    await bumpElsewhere('details:3');
    expect(await details(db)).toBe(form + 1);
  });

  it.runIf(dialect === 'postgres')(
    'reads the database while the listener is down, and keeps again once back',
    async () => {
      // A listener of its own, whose connection the test can end, serving a Kysely of its own.
      const clients: pg.Client[] = [];
      class Recorded extends pg.Client {
        constructor(config: pg.ClientConfig) {
          super(config);
          clients.push(this);
        }
      }
      const config = { connectionString: url, options: `-c search_path="${schema}"` };
      const changes = new CounterChanges(false);
      const listener = listenForChanges(Recorded, config, {
        sessions: new SessionChanges(false),
        counters: changes,
      });
      const db = new Kysely<DB>({
        dialect: new PostgresDialect({ pool: new pg.Pool({ ...config, max: 2 }) }),
        plugins: [new CamelCasePlugin()],
      });
      watchCounters(db, changes);
      try {
        await until(() => changes.live);
        const listening = clients[0] as pg.Client & { processID: number };
        const before = await lookups(db);
        expect(lookups.peek(db)).toBe(before);

        await onPostgres('', `select pg_terminate_backend(${listening.processID})`);
        await until(() => !changes.live);
        expect(lookups.peek(db)).toBeUndefined();
        // Nothing hears this commit: the next read must go to the database, and so every read after it.
        await bumpElsewhere('lookups');
        expect(await lookups(db)).toBe(before + 1);
        expect(lookups.peek(db)).toBeUndefined();
        await bumpElsewhere('lookups');
        expect(await lookups(db)).toBe(before + 2);

        await until(() => changes.live); // reconnected after a second
        expect(await lookups(db)).toBe(before + 2);
        expect(lookups.peek(db)).toBe(before + 2);
      } finally {
        await listener.close();
        await db.destroy();
      }
    },
  );
});
