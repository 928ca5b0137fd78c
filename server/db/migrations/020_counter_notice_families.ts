import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../dialect.js';

/**
 * The counter families whose moves are still NOTIFYed on PostgreSQL after this migration: the
 * counters of the answers kept for point reads (lookups, assessment content, organization forms),
 * which move only when an administrator edits them or an organization is saved. A reader may keep
 * a counter of these families until its notice arrives; any other counter (rows:*, the lists',
 * the portfolio's) moves without a notice and must be read from the database on every call.
 * A family is a counter's name up to its first ':' ('details:17' is of 'details').
 */
export const NOTICED_COUNTER_FAMILIES = ['lookups', 'content', 'details'] as const;

/**
 * PostgreSQL: migration 019 sent a NOTIFY for every counter row that moved, so nearly every write
 * transaction notified. A transaction with a NOTIFY takes one lock per database at commit and holds
 * it through the commit's WAL flush (PostgreSQL's async.c, PreCommit_Notify): such commits run one
 * at a time, each waiting for the one before it to reach the disk, instead of sharing flushes. The
 * app's own one-statement audit write, 16 clients: 81-127 commits/s with 019's notices, 794-965
 * without (docs/perf-notes/pgwrites.md). Now only the families above notify, through a trigger
 * whose WHEN clause skips the others without calling a function at all, so a submission, a sign-in's
 * list counters or an audit entry commit without the lock; an organization save still notifies
 * (its form's 'details'), and so does any change of lookups or content. Inserts and deletes of
 * counter rows (migrations, rare) and truncates still notify, as in 019.
 * SQLite needs nothing: it never notified.
 */
export function counterNoticeFamiliesMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      if (dialect === 'sqlite') return;
      const families = NOTICED_COUNTER_FAMILIES.map((f) => `'${f}'`).join(', ');
      await sql`drop trigger cache_versions_counter_change on cache_versions`.execute(db);
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
    },
  };
}
