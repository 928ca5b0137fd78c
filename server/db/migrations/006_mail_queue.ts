import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect.js';

/**
 * The mail queue (docs/decisions.md#mail-queue): every e-mail is a row, written in the transaction of the change it reports
 * (or right after its commit), and a sender loop in the app delivers it (server/mail/sender.ts). A row
 * is claimed by one process at a time (status 'sending', claimed_by, lease_until), so several app
 * processes on one PostgreSQL database never both send it; failures wait next_attempt_at (back-off).
 */
export function mailQueueMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('mail_queue')
        .addColumn('id', 'integer', (c) =>
          dialect === 'sqlite'
            ? c.primaryKey().autoIncrement()
            : c.primaryKey().generatedByDefaultAsIdentity(),
        )
        .addColumn('created_at', 'text', (c) => c.notNull())
        // JSON array of the envelope's recipients; the subject, for the log and the dashboard.
        .addColumn('recipients', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        // The whole RFC 822 message, built once when queued (one Message-ID whatever the attempts).
        // Emptied once sent: links in it (reset, invite) do not stay readable in the database.
        .addColumn('message', 'text', (c) => c.notNull())
        // pending | sending | sent | failed
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'text', (c) => c.notNull())
        .addColumn('claimed_by', 'text')
        .addColumn('lease_until', 'text')
        .addColumn('last_attempt_at', 'text')
        .addColumn('last_error', 'text')
        .addColumn('sent_at', 'text')
        .execute();
      await db.schema
        .createIndex('mail_queue_due')
        .on('mail_queue')
        .columns(['status', 'next_attempt_at'])
        .execute();
    },
  };
}
