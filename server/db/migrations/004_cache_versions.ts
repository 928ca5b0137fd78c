import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../dialect.js';

/**
 * Which tables each cached answer is made of. Triggers count every change to them, so an answer
 * cached in any process (several may share one PostgreSQL database) is known stale from one small
 * read, whichever code path or process wrote the change, and no write path can forget to tell.
 */
export const CACHED_TABLES = {
  lookups: ['lookup_items'],
  content: ['assessments', 'assessment_sections', 'sections', 'questions', 'choices'],
} as const;

export type CacheName = keyof typeof CACHED_TABLES;

export function cacheVersionsMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('cache_versions')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      for (const [name, tables] of Object.entries(CACHED_TABLES)) {
        await sql`insert into cache_versions (name, version) values (${name}, 0)`.execute(db);
        for (const table of tables) {
          if (dialect === 'sqlite') {
            for (const event of ['insert', 'update', 'delete']) {
              await sql
                .raw(
                  `create trigger ${table}_${event}_version after ${event} on ${table} begin ` +
                    `update cache_versions set version = version + 1 where name = '${name}'; end`,
                )
                .execute(db);
            }
          } else {
            await sql
              .raw(
                `create or replace function bump_${name}_version() returns trigger language plpgsql as $$ ` +
                  `begin update cache_versions set version = version + 1 where name = '${name}'; return null; end $$`,
              )
              .execute(db);
            await sql
              .raw(
                `create trigger ${table}_version after insert or update or delete or truncate on ${table} ` +
                  `for each statement execute function bump_${name}_version()`,
              )
              .execute(db);
          }
        }
      }
    },
  };
}
