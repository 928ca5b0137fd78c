import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../dialect.js';

/**
 * A change count of what an organization's form is made of (server/commands/cachedOrganizations.ts
 * keeps each organization's answer as bytes while it stands still): the organizations themselves
 * (its own row, its consulting firm's and its referrer's names), roadmaps, demographics with their
 * lists, functional role aliases, and the people counted active in each. Together with the 'lookups'
 * and 'content' counts of migration 004 (lookup names, the roadmap's assessments) this covers every
 * table the form reads. A sign-in or a profile change counts nowhere: only a person's arrival,
 * departure, activation or move changes a form (its active count).
 *
 * As in migration 014: one row on SQLite ('details:0'); on PostgreSQL each connection counts in its
 * own of 64 rows, in the schema of the table written, so concurrent writers never queue on one row
 * and readers add them up.
 */
export const DETAIL_SLOTS = 64;

/** Tables of which every change counts. */
const wholeTables = [
  'organizations',
  'roadmaps',
  'demographics',
  'demographic_industries',
  'demographic_supply_chain_roles',
  'functional_role_aliases',
];

/** The columns of users an organization's form reads (its count of active people). */
const userColumns = ['is_active', 'organization_id'];

export function detailVersionsMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      if (dialect === 'sqlite') {
        await sql`insert into cache_versions (name, version) values ('details:0', 0)`.execute(db);
        const bump = `update cache_versions set version = version + 1 where name = 'details:0';`;
        const trigger = (name: string, on: string, when = '') =>
          sql.raw(`create trigger ${name} after ${on} ${when} begin ${bump} end`).execute(db);
        for (const table of wholeTables)
          for (const event of ['insert', 'update', 'delete'])
            await trigger(`${table}_${event}_details`, `${event} on ${table}`);
        await trigger('users_insert_details', 'insert on users');
        await trigger('users_delete_details', 'delete on users');
        await trigger(
          'users_update_details',
          `update of ${userColumns.join(', ')} on users`,
          `when ${userColumns.map((c) => `old.${c} is not new.${c}`).join(' or ')}`,
        );
        return;
      }
      for (let slot = 0; slot < DETAIL_SLOTS; slot++)
        await sql`insert into cache_versions (name, version) values (${`details:${slot}`}, 0)`.execute(db);
      await sql
        .raw(
          'create or replace function bump_details_version() returns trigger language plpgsql as $$ ' +
            `begin execute format('update %I.cache_versions set version = version + 1 where name = $1', tg_table_schema) ` +
            `using 'details:' || (pg_backend_pid() % ${DETAIL_SLOTS}); return null; end $$`,
        )
        .execute(db);
      const trigger = (name: string, spec: string) =>
        sql.raw(`create trigger ${name} after ${spec} execute function bump_details_version()`).execute(db);
      for (const table of wholeTables)
        await trigger(
          `${table}_details`,
          `insert or update or delete or truncate on ${table} for each statement`,
        );
      await trigger('users_details', 'insert or delete or truncate on users for each statement');
      await trigger(
        'users_update_details',
        `update of ${userColumns.join(', ')} on users for each row when (${userColumns
          .map((c) => `old.${c} is distinct from new.${c}`)
          .join(' or ')})`,
      );
    },
  };
}
