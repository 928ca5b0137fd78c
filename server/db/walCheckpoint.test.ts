import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { WalCheckpointer } from './walCheckpoint.js';

// Checkpoints off the main thread (walCheckpoint.ts): the connection that serves requests never
// checkpoints, the worker copies the WAL into the database file, and the WAL stops growing.
describe('WAL checkpoints on a worker thread', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'smr-checkpoint-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  const open = (name: string) => {
    const file = path.join(dir, name);
    const db = new SQLite(file);
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma('wal_autocheckpoint = 0');
    db.exec('create table t (id integer primary key, body text not null)');
    return { file, db };
  };
  const write = (db: SQLite.Database, rows: number) => {
    const insert = db.prepare('insert into t (body) values (?)');
    db.transaction(() => {
      for (let i = 0; i < rows; i++) insert.run('x'.repeat(1000));
    })();
  };

  it('copies every committed page into the database file, and the WAL starts again from its beginning', async () => {
    const { file, db } = open('copies.db');
    const fallbacks: unknown[] = [];
    const checkpoints = new WalCheckpointer(file, (error) => fallbacks.push(error), 5);
    try {
      const sizes: number[] = [];
      for (let round = 0; round < 30; round++) {
        write(db, 100); // about 100 KB a round, 3 MB in all
        checkpoints.dirty();
        await checkpoints.idle();
        expect(checkpoints.last?.log).toBeGreaterThan(0);
        expect(checkpoints.last?.checkpointed).toBe(checkpoints.last?.log);
        sizes.push(fs.statSync(`${file}-wal`).size);
      }
      // Without checkpoints the WAL would hold all 3 MB; reused from its start it holds about one round.
      expect(Math.max(...sizes)).toBeLessThan(400_000);
      expect(db.prepare('select count(*) as n from t').get()).toEqual({ n: 3000 });
      expect(fallbacks).toEqual([]);
    } finally {
      await checkpoints.close();
      db.close();
    }
    // Closed cleanly: the last connection took the WAL away and every row is in the file.
    expect(fs.existsSync(`${file}-wal`)).toBe(false);
    const reopened = new SQLite(file, { readonly: true });
    expect(reopened.prepare('select count(*) as n from t').get()).toEqual({ n: 3000 });
    reopened.close();
  });

  it('checkpoints once for writes that come close together', async () => {
    const { file, db } = open('together.db');
    const checkpoints = new WalCheckpointer(file, () => {}, 50);
    try {
      for (let i = 0; i < 20; i++) {
        write(db, 1);
        checkpoints.dirty();
      }
      await checkpoints.idle();
      // One checkpoint took all twenty commits' frames.
      expect(checkpoints.last?.checkpointed).toBe(checkpoints.last?.log);
      expect(checkpoints.last?.log).toBeGreaterThanOrEqual(20);
    } finally {
      await checkpoints.close();
      db.close();
    }
  });

  it('hands checkpoints back to SQLite when the worker cannot open the database', async () => {
    const fallbacks: unknown[] = [];
    const checkpoints = new WalCheckpointer(
      path.join(dir, 'missing.db'),
      (error) => fallbacks.push(error),
      5,
    );
    checkpoints.dirty();
    await checkpoints.idle();
    await new Promise<void>((resolve) => {
      const wait = () => (fallbacks.length > 0 ? resolve() : setTimeout(wait, 10));
      wait();
    });
    expect(String(fallbacks[0])).toMatch(/cannot open .*missing\.db/);
    await checkpoints.close();
  });
});
