import SQLite from 'better-sqlite3';
import { CamelCasePlugin, Kysely, SqliteDialect } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import type { Executor } from './database.js';
import { reusableQuery, reusableRows } from './reusableQuery.js';

type Tables = { things: { id: number; thingName: string; note: string | null } };
const open = () => {
  const sqlite = new SQLite(':memory:');
  sqlite.exec('create table things (id integer primary key, thing_name text not null, note text)');
  const db = new Kysely<Tables>({
    dialect: new SqliteDialect({ database: sqlite }),
    plugins: [new CamelCasePlugin()],
  });
  return { db };
};
const as = (db: Kysely<Tables>) => db as unknown as Executor;
const tables = (db: Executor) => db as unknown as Kysely<Tables>;

describe('reusableQuery', () => {
  const { db } = open();
  afterAll(() => db.destroy());

  it('compiles once for a database and its transactions, once per row count, to the text Kysely writes', async () => {
    let builds = 0;
    const insert = reusableRows(['id', 'thingName', 'note'] as const, (trx, rows: Tables['things'][]) => {
      builds++;
      return tables(trx).insertInto('things').values(rows);
    });
    const rows = (from: number, n: number) =>
      Array.from({ length: n }, (_, i) => ({
        id: from + i,
        thingName: `t${from + i}`,
        note: (from + i) % 2 ? null : 'n',
      }));
    await insert(as(db), rows(1, 3));
    await db.transaction().execute(async (trx) => {
      await insert(as(trx), rows(4, 3));
      await insert(as(trx), rows(7, 2));
    });
    await db.transaction().execute((trx) => insert(as(trx), rows(9, 2)));
    expect(builds).toBe(2);
    expect(await db.selectFrom('things').selectAll().orderBy('id').execute()).toEqual(rows(1, 10));

    // The SQL text Kysely writes for rows as they are (same column order): the one that ran.
    const plain = tables(as(db)).insertInto('things').values(rows(20, 2)).compile();
    let seen = '';
    const spy = reusableRows(['id', 'thingName', 'note'] as const, (trx, r: Tables['things'][]) => {
      const query = tables(trx).insertInto('things').values(r);
      seen = query.compile().sql;
      return query;
    });
    await spy(as(db), rows(20, 2));
    expect(seen).toBe(plain.sql);
  });

  it('reads each argument in its places, and compiles anew for other plugins', async () => {
    let builds = 0;
    const find = reusableQuery((trx: Executor, name: string, id: number) => {
      builds++;
      return tables(trx)
        .selectFrom('things')
        .select('id')
        .where('thingName', '=', name)
        .where('id', '>=', id)
        .where('note', '=', name);
    });
    await db.insertInto('things').values({ id: 100, thingName: 'same', note: 'same' }).execute();
    expect(await find(as(db), 'same', 50)).toEqual([{ id: 100 }]);
    expect(await find(as(db), 'same', 101)).toEqual([]);
    expect(builds).toBe(1);
    // Without the camel-case plugin the columns are named as written: another text, compiled apart.
    const plain = reusableQuery((trx: Executor, id: number) => {
      builds++;
      return tables(trx)
        .selectFrom('things')
        .select('thing_name' as 'thingName')
        .where('id', '=', id);
    });
    expect(await plain(as(db.withoutPlugins()), 100)).toEqual([{ thing_name: 'same' }]);
    expect(await plain(as(db), 100)).toEqual([{ thingName: 'same' }]);
    expect(builds).toBe(3);
  });
});
