import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { CommitLooks } from './commitLooks.js';
import { type Database, openDatabase } from './database.js';

describe('CommitLooks', () => {
  it('looks on every call without a mark, once per mark with one', () => {
    let polls = 0;
    const looks = new CommitLooks(() => polls++);
    looks.look();
    looks.look();
    expect(polls).toBe(2);
    const first = looks.mark();
    looks.look(first);
    looks.look(first);
    expect(polls).toBe(3);
    // A request arriving after that look owes its client a look of its own.
    const second = looks.mark();
    looks.look(second);
    expect(polls).toBe(4);
    // The first request is served by any look begun after it arrived, its own or not.
    looks.look(first);
    expect(polls).toBe(4);
  });

  it('does not count a look that failed', () => {
    let fail = true;
    let polls = 0;
    const looks = new CommitLooks(() => {
      polls++;
      if (fail) throw new Error('the database is closed');
    });
    const mark = looks.mark();
    expect(() => looks.look(mark)).toThrow('closed');
    fail = false;
    looks.look(mark);
    expect(polls).toBe(2);
  });
});

describe("SQLite: another connection's commits, looked for once per request", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'smr-looks-'));
  let database: Database | undefined;
  afterAll(async () => {
    await database?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("sees a commit made before a request's mark, and one after it only in the next request", async () => {
    database = await openDatabase({ dataDir: dir });
    const { counterChanges, sessionChanges } = database;
    const other = new SQLite(path.join(dir, 'app.db'));
    const commitElsewhere = () => other.prepare('update cache_versions set version = version + 1').run();
    try {
      counterChanges.check();
      const stamp = () => counterChanges.stampOf(['lookups']);
      const sessionGeneration = () => sessionChanges.generation;

      const before = stamp();
      commitElsewhere();
      // A request arrives after that commit: its first look (here the guard's session look) sees it...
      const request = sessionChanges.looks.mark();
      sessionChanges.check(request);
      expect(stamp()).toBeGreaterThan(before);
      const generation = sessionGeneration();
      // ...and its later reads trust that look: a commit made while it runs is for the next request.
      const seen = stamp();
      commitElsewhere();
      counterChanges.check(request);
      expect(stamp()).toBe(seen);
      expect(sessionGeneration()).toBe(generation);

      const next = sessionChanges.looks.mark();
      counterChanges.check(next);
      expect(stamp()).toBeGreaterThan(seen);
      expect(sessionGeneration()).toBeGreaterThan(generation);

      // Without a mark (a job, a script), every check looks.
      const unmarked = stamp();
      commitElsewhere();
      counterChanges.check();
      expect(stamp()).toBeGreaterThan(unmarked);
    } finally {
      other.close();
    }
  });
});
