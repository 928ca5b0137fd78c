import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../dialect.js';
import { LIST_SLOTS } from './014_list_versions.js';

/**
 * A change count per table that an admin list's page shows (server/http/keptPages.ts keeps a page's
 * bytes while every table it reads stands still). Unlike the counts of migration 014, which follow
 * only the columns the filters read, these count every insert, update and delete of the table: a
 * page shows nearly every column (a phone number, a last sign-in, an organization's state), and a
 * column added later is covered without touching a trigger. A sign-in (last_login) therefore
 * changes the people's pages, as it must: admins see the last login.
 *
 * Named 'rows:<table>:<slot>'. As in migration 014: SQLite has one writer, so one row per table; on
 * PostgreSQL each connection counts in its own of 64 rows (backend pid % 64), so concurrent writers
 * never queue on one row, and once per statement (an organization's ten people: one bump); the
 * function updates the cache_versions of the schema of the table written (tg_table_schema), so a
 * schema-qualified statement from another search path counts too.
 */
export const PAGE_TABLES = [
  'users',
  'organizations',
  'lookup_items',
  'roadmaps',
  'demographics',
  'assessments',
  'assessment_invites',
  'assessment_results',
  'audit_log',
  'share_links',
] as const;

export type PageTable = (typeof PAGE_TABLES)[number];

export function pageVersionsMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      if (dialect === 'sqlite') {
        for (const table of PAGE_TABLES) {
          await sql`insert into cache_versions (name, version) values (${`rows:${table}:0`}, 0)`.execute(db);
          for (const event of ['insert', 'update', 'delete'])
            await sql
              .raw(
                `create trigger ${table}_${event}_rows after ${event} on ${table} begin ` +
                  `update cache_versions set version = version + 1 where name = 'rows:${table}:0'; end`,
              )
              .execute(db);
        }
        return;
      }
      await sql
        .raw(
          'create or replace function bump_rows_version() returns trigger language plpgsql as $$ ' +
            `begin execute format('update %I.cache_versions set version = version + 1 where name = $1', tg_table_schema) ` +
            `using 'rows:' || tg_table_name || ':' || (pg_backend_pid() % ${LIST_SLOTS}); return null; end $$`,
        )
        .execute(db);
      for (const table of PAGE_TABLES) {
        // One statement per table, not 64: the migration runs in one transaction at start-up.
        await sql`insert into cache_versions (name, version) select ${`rows:${table}:`}::text || slot, 0 from generate_series(0, ${sql.lit(LIST_SLOTS - 1)}) as slot`.execute(
          db,
        );
        await sql
          .raw(
            `create trigger ${table}_rows after insert or update or delete or truncate on ${table} ` +
              'for each statement execute function bump_rows_version()',
          )
          .execute(db);
      }
    },
  };
}
