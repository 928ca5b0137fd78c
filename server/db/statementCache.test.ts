import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { withStatementCache } from './statementCache.js';

// The WAL flush before each answer (walFlush.ts) covers the writes it hears of: every statement that
// may change the database must be heard, including those Kysely runs with all() to read rows back.
describe('statement cache write notices', () => {
  const withCounter = () => {
    const sqlite = new SQLite(':memory:');
    sqlite.exec('create table t (id integer primary key, v text)');
    let writes = 0;
    const db = withStatementCache(sqlite, { onWrite: () => writes++ });
    return { db, writes: () => writes };
  };

  it('hears INSERT, UPDATE and DELETE, with and without RETURNING, and BEGIN and COMMIT', () => {
    const { db, writes } = withCounter();
    db.prepare('insert into t (v) values (?)').run(['a']);
    expect(writes()).toBe(1);
    expect(db.prepare('insert into t (v) values (?) returning id').all(['b'])).toEqual([{ id: 2 }]);
    expect(writes()).toBe(2);
    expect(db.prepare('update t set v = ? where id = ? returning v').all(['c', 1])).toEqual([{ v: 'c' }]);
    expect([...db.prepare('delete from t where id = ? returning id').iterate([2])]).toEqual([{ id: 2 }]);
    expect(writes()).toBe(4);
    db.prepare('begin').run([]);
    db.prepare('commit').run([]);
    expect(writes()).toBe(6);
  });

  it('does not count a read', () => {
    const { db, writes } = withCounter();
    db.prepare('select * from t').all([]);
    expect([...db.prepare('select count(*) as n from t').iterate([])]).toEqual([{ n: 0 }]);
    expect(writes()).toBe(0);
  });
});
