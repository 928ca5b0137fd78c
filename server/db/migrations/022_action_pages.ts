import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../dialect.js';
import { LIST_SLOTS } from './014_list_versions.js';

/**
 * A change count of the actions table ('rows:actions', as migration 015 counts the tables the admin
 * lists show), so organization/action/search keeps its pages' bytes while no action changes
 * (docs/decisions.md#kept-pages). SQLite: one row and a trigger per event; PostgreSQL: a row per
 * connection slot and migration 015's statement-level function, which names the row by the table.
 */
export function actionPagesMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      if (dialect === 'sqlite') {
        await sql`insert into cache_versions (name, version) values ('rows:actions:0', 0)`.execute(db);
        for (const event of ['insert', 'update', 'delete'])
          await sql
            .raw(
              `create trigger actions_${event}_rows after ${event} on actions begin ` +
                `update cache_versions set version = version + 1 where name = 'rows:actions:0'; end`,
            )
            .execute(db);
        return;
      }
      await sql`insert into cache_versions (name, version) select 'rows:actions:' || slot, 0 from generate_series(0, ${sql.lit(LIST_SLOTS - 1)}) as slot`.execute(
        db,
      );
      await sql
        .raw(
          'create trigger actions_rows after insert or update or delete or truncate on actions ' +
            'for each statement execute function bump_rows_version()',
        )
        .execute(db);
    },
  };
}
