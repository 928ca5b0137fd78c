import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../dialect.js';

/**
 * Change counts of what the admin lists count (server/repositories/keptCounts.ts keeps each list
 * filter's count in memory while they stand still): 'people' for the user list (users and the
 * organizations its text and consultant reach read), 'invites' for the invite list (invites, the
 * results that complete them, the assessments' types; it reads people too), 'audit' for the audit
 * trail's entries and 'links' for the share links (their texts read people and organizations too).
 * Database triggers count
 * each insert and delete and each change of a column a filter reads, whichever process or code path
 * made it; a sign-in (last_login) or a password change counts nowhere, so they leave the counts kept.
 *
 * As in migration 013: SQLite has one writer at a time, so one row per counter ('people:0'); on
 * PostgreSQL each connection counts in its own of 64 rows (its backend pid % 64), so concurrent
 * writers never queue on one row, and readers add them up. Rows only ever grow, so the sum moves with
 * every committed change. The counters are found in the schema of the table written, not on the
 * writer's search path: a statement naming the table by its schema (the bench's clean-up, an
 * operator's psql) fires the triggers too, even deleting no row.
 */
export const LIST_SLOTS = 64;

export type ListCounter = 'people' | 'invites' | 'audit' | 'links';

/** The columns of each table that a list's filters or text read: a change elsewhere changes no count. */
const watched: { table: string; counter: ListCounter; columns: string[]; when?: string }[] = [
  {
    table: 'users',
    counter: 'people',
    columns: [
      'status',
      'user_group',
      'is_active',
      'is_suspended',
      'last_certification_date',
      'organization_id',
      'full_name',
      'user_name',
      'email',
    ],
  },
  { table: 'organizations', counter: 'people', columns: ['name', 'type', 'consulting_firm_id'] },
  {
    table: 'assessment_invites',
    counter: 'invites',
    columns: ['is_active', 'respondent_id', 'organization_id', 'assessment_id'],
  },
  { table: 'assessments', counter: 'invites', columns: ['assessment_type'] },
  { table: 'audit_log', counter: 'audit', columns: ['action', 'entity', 'actor_id'] },
  { table: 'share_links', counter: 'links', columns: ['organization_id'] },
];

export function listVersionsMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      const counters: ListCounter[] = ['people', 'invites', 'audit', 'links'];
      const changed = (columns: string[]) =>
        columns
          .map((c) =>
            dialect === 'sqlite' ? `old.${c} is not new.${c}` : `old.${c} is distinct from new.${c}`,
          )
          .join(' or ');
      if (dialect === 'sqlite') {
        for (const counter of counters)
          await sql`insert into cache_versions (name, version) values (${`${counter}:0`}, 0)`.execute(db);
        const bump = (counter: ListCounter) =>
          `update cache_versions set version = version + 1 where name = '${counter}:0';`;
        const trigger = (name: string, on: string, counter: ListCounter, when = '') =>
          sql.raw(`create trigger ${name} after ${on} ${when} begin ${bump(counter)} end`).execute(db);
        for (const { table, counter, columns } of watched) {
          await trigger(`${table}_insert_${counter}_list`, `insert on ${table}`, counter);
          await trigger(`${table}_delete_${counter}_list`, `delete on ${table}`, counter);
          await trigger(
            `${table}_update_${counter}_list`,
            `update of ${columns.join(', ')} on ${table}`,
            counter,
            `when ${changed(columns)}`,
          );
        }
        await trigger(
          'assessment_results_insert_invites_list',
          'insert on assessment_results',
          'invites',
          'when new.assessment_invite_id is not null',
        );
        await trigger(
          'assessment_results_delete_invites_list',
          'delete on assessment_results',
          'invites',
          'when old.assessment_invite_id is not null',
        );
        await trigger(
          'assessment_results_update_invites_list',
          'update of assessment_invite_id on assessment_results',
          'invites',
          'when old.assessment_invite_id is not new.assessment_invite_id',
        );
        return;
      }
      for (const counter of counters) {
        for (let slot = 0; slot < LIST_SLOTS; slot++)
          await sql`insert into cache_versions (name, version) values (${`${counter}:${slot}`}, 0)`.execute(
            db,
          );
        await sql
          .raw(
            `create or replace function bump_${counter}_list_version() returns trigger language plpgsql as $$ ` +
              `begin execute format('update %I.cache_versions set version = version + 1 where name = $1', tg_table_schema) ` +
              `using '${counter}:' || (pg_backend_pid() % ${LIST_SLOTS}); return null; end $$`,
          )
          .execute(db);
      }
      const trigger = (name: string, counter: ListCounter, spec: string) =>
        sql
          .raw(`create trigger ${name} after ${spec} execute function bump_${counter}_list_version()`)
          .execute(db);
      for (const { table, counter, columns } of watched) {
        // Inserts and deletes once per statement (an organization's ten people: one bump); a
        // column's change per row, and only when its value changed.
        await trigger(
          `${table}_${counter}_list`,
          counter,
          `insert or delete or truncate on ${table} for each statement`,
        );
        await trigger(
          `${table}_update_${counter}_list`,
          counter,
          `update of ${columns.join(', ')} on ${table} for each row when (${changed(columns)})`,
        );
      }
      await trigger(
        'assessment_results_insert_invites_list',
        'invites',
        'insert on assessment_results for each row when (new.assessment_invite_id is not null)',
      );
      await trigger(
        'assessment_results_delete_invites_list',
        'invites',
        'delete on assessment_results for each row when (old.assessment_invite_id is not null)',
      );
      await trigger(
        'assessment_results_update_invites_list',
        'invites',
        'update of assessment_invite_id on assessment_results for each row when (old.assessment_invite_id is distinct from new.assessment_invite_id)',
      );
      await trigger(
        'assessment_results_truncate_invites_list',
        'invites',
        'truncate on assessment_results for each statement',
      );
    },
  };
}
