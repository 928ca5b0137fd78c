import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../dialect.js';

/**
 * A change count of everything the client portfolio's figures are made of (server/repositories/
 * portfolioSnapshot.ts keeps every manufacturer's figures in memory while it stands still): database
 * triggers count each change to organizations, roadmaps, invites, the results of invites, the answers
 * deleted (a retake) and a person's Exclude From Report, whichever process or code path made it.
 * Together with the 'lookups' and 'content' counts of migration 004 this covers every table the
 * portfolio reads.
 *
 * SQLite has one writer at a time: one row, 'portfolio:0'. On PostgreSQL one row would be locked by each
 * writing transaction until it commits, so concurrent submissions would queue on it: there each
 * connection counts in its own row of 64 ('portfolio:' || its backend pid % 64) and readers add them up.
 * Each row only ever grows, so the sum moves with every committed change, as one count would.
 * A trial result (no invite) counts nowhere in the portfolio, so it changes nothing here.
 */
export const PORTFOLIO_SLOTS = 64;

const statementTables = ['organizations', 'roadmaps', 'assessment_invites'];

export function portfolioVersionMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      if (dialect === 'sqlite') {
        await sql`insert into cache_versions (name, version) values ('portfolio:0', 0)`.execute(db);
        const bump = `update cache_versions set version = version + 1 where name = 'portfolio:0';`;
        const trigger = (name: string, on: string, when = '') =>
          sql.raw(`create trigger ${name} after ${on} ${when} begin ${bump} end`).execute(db);
        for (const table of statementTables)
          for (const event of ['insert', 'update', 'delete'])
            await trigger(`${table}_${event}_portfolio`, `${event} on ${table}`);
        await trigger(
          'assessment_results_insert_portfolio',
          'insert on assessment_results',
          'when new.assessment_invite_id is not null',
        );
        await trigger(
          'assessment_results_update_portfolio',
          'update on assessment_results',
          'when old.assessment_invite_id is not null or new.assessment_invite_id is not null',
        );
        await trigger(
          'assessment_results_delete_portfolio',
          'delete on assessment_results',
          'when old.assessment_invite_id is not null',
        );
        await trigger('answers_delete_portfolio', 'delete on answers');
        await trigger(
          'users_exclude_portfolio',
          'update of exclude_from_report on users',
          'when old.exclude_from_report is not new.exclude_from_report',
        );
        return;
      }
      for (let slot = 0; slot < PORTFOLIO_SLOTS; slot++)
        await sql`insert into cache_versions (name, version) values (${`portfolio:${slot}`}, 0)`.execute(db);
      await sql
        .raw(
          'create or replace function bump_portfolio_version() returns trigger language plpgsql as $$ ' +
            `begin update cache_versions set version = version + 1 where name = 'portfolio:' || (pg_backend_pid() % ${PORTFOLIO_SLOTS}); return null; end $$`,
        )
        .execute(db);
      const trigger = (name: string, spec: string) =>
        sql.raw(`create trigger ${name} after ${spec} execute function bump_portfolio_version()`).execute(db);
      for (const table of statementTables)
        await trigger(
          `${table}_portfolio`,
          `insert or update or delete or truncate on ${table} for each statement`,
        );
      await trigger(
        'assessment_results_insert_portfolio',
        'insert on assessment_results for each row when (new.assessment_invite_id is not null)',
      );
      await trigger(
        'assessment_results_update_portfolio',
        'update on assessment_results for each row when (old.assessment_invite_id is not null or new.assessment_invite_id is not null)',
      );
      await trigger(
        'assessment_results_delete_portfolio',
        'delete on assessment_results for each row when (old.assessment_invite_id is not null)',
      );
      await trigger(
        'assessment_results_truncate_portfolio',
        'truncate on assessment_results for each statement',
      );
      await trigger('answers_portfolio', 'delete or truncate on answers for each statement');
      await trigger(
        'users_exclude_portfolio',
        'update of exclude_from_report on users for each row when (old.exclude_from_report is distinct from new.exclude_from_report)',
      );
    },
  };
}
