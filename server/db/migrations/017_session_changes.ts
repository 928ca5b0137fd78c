import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../dialect.js';

/**
 * PostgreSQL: every committed change to what a session row is read from (a user's row; an
 * organization's columns it joins; any lookup item) sends a NOTIFY on `smr_session_changes`, so that
 * every app process sharing the database drops the rows it keeps (server/db/changeListener.ts,
 * docs/decisions.md#session-row-cache). The payload names the table's schema (several schemas may
 * share one database) and the user, or `*` for all of them. PostgreSQL delivers notices at commit
 * and never for a rolled-back transaction, and folds repeats of one payload within a transaction.
 * SQLite needs nothing: its one process hears its own writes, and data_version tells it of others.
 */
export function sessionChangesMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      if (dialect === 'sqlite') return;
      await sql
        .raw(
          `create or replace function notify_session_change() returns trigger language plpgsql as $$ begin ` +
            `if tg_level = 'ROW' and tg_table_name = 'users' then ` +
            `perform pg_notify('smr_session_changes', tg_table_schema || ':' || old.id); ` +
            `else perform pg_notify('smr_session_changes', tg_table_schema || ':*'); end if; ` +
            `return null; end $$`,
        )
        .execute(db);
      const trigger = (name: string, spec: string) =>
        sql.raw(`create trigger ${name} after ${spec} execute function notify_session_change()`).execute(db);
      // Any column of a user: the profile answers with the whole row (its last sign-in included).
      await trigger('users_session_change', 'update or delete on users for each row');
      await trigger('users_truncate_session_change', 'truncate on users for each statement');
      const organizationColumns = [
        'name',
        'code',
        'type',
        'consulting_firm_id',
        'is_active',
        'business_type_id',
      ];
      await trigger(
        'organizations_session_change',
        `update of ${organizationColumns.join(', ')} on organizations for each row when (${organizationColumns
          .map((c) => `old.${c} is distinct from new.${c}`)
          .join(' or ')})`,
      );
      await trigger(
        'organizations_delete_session_change',
        'delete or truncate on organizations for each statement',
      );
      await trigger(
        'lookup_items_session_change',
        'insert or update or delete or truncate on lookup_items for each statement',
      );
    },
  };
}
