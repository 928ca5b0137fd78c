import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../dialect.js';

/**
 * PostgreSQL: every committed change of a change counter (the cache_versions rows that the triggers
 * of migrations 004 and 013-016 move) sends a NOTIFY on `smr_counter_changes` whose payload is
 * `<schema>:<counter name>` (for example `public:rows:users:17`), so that each app process can keep
 * the counts it read until one of them moves, instead of reading them on every call. PostgreSQL
 * delivers notices at commit, never for a rolled-back transaction, and folds repeats of one payload
 * within a transaction, so a save that moves one counter many times sends it once.
 * SQLite needs nothing: its one process sees its own writes, and data_version tells it of others.
 */
export function counterChangesMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      if (dialect === 'sqlite') return;
      await sql
        .raw(
          `create or replace function notify_counter_change() returns trigger language plpgsql as $$ begin ` +
            `if tg_level = 'ROW' then ` +
            `perform pg_notify('smr_counter_changes', tg_table_schema || ':' || coalesce(new.name, old.name)); ` +
            `else perform pg_notify('smr_counter_changes', tg_table_schema || ':*'); end if; ` +
            `return null; end $$`,
        )
        .execute(db);
      await sql
        .raw(
          'create trigger cache_versions_counter_change after insert or update or delete on cache_versions ' +
            'for each row execute function notify_counter_change()',
        )
        .execute(db);
      await sql
        .raw(
          'create trigger cache_versions_truncate_counter_change after truncate on cache_versions ' +
            'for each statement execute function notify_counter_change()',
        )
        .execute(db);
    },
  };
}
