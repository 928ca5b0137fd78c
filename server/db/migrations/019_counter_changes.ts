import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../dialect.js';

/**
 * The counter families whose moves are NOTIFYed on PostgreSQL: the counters of the lookups and the
 * assessments' content, which move only when an administrator edits them. A reader may keep a counter
 * of these families until its notice arrives (server/db/counterChanges.ts), milliseconds after the
 * commit; any other counter (rows:*, the lists', the portfolio's, an organization form's 'details')
 * moves without a notice and is read from the database on every call. Not 'details': an organization
 * form carries who may open it (its firm, Anonymize Results), which must hold at once in every
 * process (cachedOrganizations.test.ts), and its saves would queue on the notice lock (below).
 * A family here is a counter's name up to its first ':' ('details:17' is of 'details').
 */
export const NOTICED_COUNTER_FAMILIES = ['lookups', 'content'] as const;

/**
 * PostgreSQL: a committed move of a counter of the families above (the cache_versions rows that the
 * triggers of migration 004 move) sends a NOTIFY on `smr_counter_changes` whose payload is
 * `<schema>:<counter name>` (for example `public:lookups`), so each app process keeps those counts
 * until one moves instead of reading them on every call. PostgreSQL delivers notices at commit,
 * never for a rolled-back transaction, and folds repeats of one payload within a transaction.
 *
 * Only those families, because a transaction that notifies takes one lock per database at commit and
 * holds it through the commit's WAL flush (PostgreSQL's async.c, PreCommit_Notify): notifying commits
 * run one at a time instead of sharing flushes. Every counter notifying made nearly every write do so:
 * the app's audit INSERT at 16 clients committed 109-111 times a second with notices on every counter
 * and 840-854 with these alone (docs/perf-notes/pgwrites.md, docs/decisions.md#data-counter-notices).
 * The WHEN clause skips the other families without calling a function. Inserts and deletes of counter
 * rows (migrations, rare) and truncates notify whatever the family.
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
      const families = NOTICED_COUNTER_FAMILIES.map((f) => `'${f}'`).join(', ');
      await sql
        .raw(
          'create trigger cache_versions_counter_change after update on cache_versions for each row ' +
            `when (split_part(new.name, ':', 1) in (${families})) execute function notify_counter_change()`,
        )
        .execute(db);
      await sql
        .raw(
          'create trigger cache_versions_counter_rows_change after insert or delete on cache_versions ' +
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
