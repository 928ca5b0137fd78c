import { createHash } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../dialect.js';

// What a database holds, read the same way on SQLite and PostgreSQL (the connection's current schema):
// the restore prints its tables and rows, and the tests compare databases before and after.

// biome-ignore lint/suspicious/noExplicitAny: catalog queries over any schema, Kysely's own tables included
type AnyDb = Kysely<any>;

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Every table, Kysely's migration tables included, by name. */
export async function tableNames(db: AnyDb, dialect: Dialect): Promise<string[]> {
  const { rows } =
    dialect === 'sqlite'
      ? await sql<{ name: string }>`select name from sqlite_master
          where type = 'table' and name not like 'sqlite_%' order by name`.execute(db)
      : await sql<{ name: string }>`select table_name as name from information_schema.tables
          where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`.execute(
          db,
        );
  return rows.map((r) => r.name);
}

/** Rows per table. */
export async function rowCounts(db: AnyDb, dialect: Dialect): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of await tableNames(db, dialect)) {
    const { rows } = await sql<{
      n: number | string;
    }>`select count(*) as n from ${sql.raw(quote(table))}`.execute(db);
    counts[table] = Number(rows[0]?.n ?? 0);
  }
  return counts;
}

/** The schema objects (tables, columns, indexes, triggers, functions, constraints) as sorted text lines. */
async function schemaLines(db: AnyDb, dialect: Dialect): Promise<string[]> {
  const queries =
    dialect === 'sqlite'
      ? [sql`select type, name, tbl_name, sql from sqlite_master where name not like 'sqlite_autoindex%'`]
      : [
          sql`select table_name, column_name, data_type, is_nullable, column_default from information_schema.columns
              where table_schema = current_schema()`,
          sql`select indexname, indexdef from pg_indexes where schemaname = current_schema()`,
          sql`select trigger_name, event_object_table, event_manipulation, action_statement
              from information_schema.triggers where trigger_schema = current_schema()`,
          sql`select p.proname, p.prosrc from pg_proc p join pg_namespace n on n.oid = p.pronamespace
              where n.nspname = current_schema()`,
          sql`select constraint_name, table_name, constraint_type from information_schema.table_constraints
              where table_schema = current_schema()`,
        ];
  const lines: string[] = [];
  for (const query of queries) {
    const { rows } = await query.execute(db);
    for (const row of rows) lines.push(JSON.stringify(row));
  }
  return lines.sort();
}

/**
 * A digest of the schema objects and every row of every table: two databases with the same digest
 * hold the same things. (PostgreSQL sequences are left out: they never roll back.)
 */
export async function contentDigest(db: AnyDb, dialect: Dialect): Promise<string> {
  const hash = createHash('sha256');
  for (const line of await schemaLines(db, dialect)) hash.update(`${line}\n`);
  const tables = await tableNames(db, dialect);
  if (dialect === 'sqlite') tables.push('sqlite_sequence');
  for (const table of tables) {
    if (table === 'sqlite_sequence') {
      const { rows } = await sql<{ n: number }>`select count(*) as n from sqlite_master
        where name = 'sqlite_sequence'`.execute(db);
      if (!rows[0]?.n) continue;
    }
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.raw(quote(table))}`.execute(db);
    const lines = rows.map((row) => JSON.stringify(row, (_k, v) => (typeof v === 'bigint' ? String(v) : v)));
    hash.update(`table ${table}\n${lines.sort().join('\n')}\n`);
  }
  return hash.digest('hex');
}
