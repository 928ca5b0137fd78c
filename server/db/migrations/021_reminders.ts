import { type ColumnDefinitionBuilder, type Kysely, sql } from 'kysely';
import type { Dialect } from '../dialect.js';

/**
 * Reminders (docs/decisions.md#insights-reminders): an organization's schedule for chasing unanswered
 * invites, each invite's count of reminders sent and when the last went, and the claims that make
 * every reminder go at most once.
 *
 * reminder_sends holds one row per reminder sent: its kind ('invite', 'action'), the object (an invite
 * or an action), the person and the ordinal (an invite's nth reminder; an action's 1 before its due
 * date, 2 after it). The unique key is the claim: a reminder's row is inserted in the transaction that
 * queues its e-mail, so two processes (or a pass and Send reminders now) racing for the same one
 * insert it once, and a crash before the commit leaves neither the claim nor the mail.
 *
 * The invite's count and date are kept on the invite row, written in the same transaction, so the
 * invite lists show them without a join and their kept pages move with them (migration 015's rows).
 */
export function remindersMigration(dialect: Dialect) {
  const id = (c: ColumnDefinitionBuilder) =>
    dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey().generatedByDefaultAsIdentity();
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .alterTable('organizations')
        .addColumn('reminders_enabled', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('organizations')
        .addColumn('reminder_every_days', 'integer', (c) => c.notNull().defaultTo(7))
        .execute();
      await db.schema
        .alterTable('organizations')
        .addColumn('max_reminders', 'integer', (c) => c.notNull().defaultTo(3))
        .execute();
      await db.schema
        .alterTable('assessment_invites')
        .addColumn('reminders_sent', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable('assessment_invites').addColumn('last_reminder_at', 'text').execute();

      await db.schema
        .createTable('reminder_sends')
        .addColumn('id', 'integer', id)
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('object_id', 'integer', (c) => c.notNull())
        .addColumn('person_id', 'integer', (c) => c.notNull())
        .addColumn('ordinal', 'integer', (c) => c.notNull())
        .addColumn('organization_id', 'integer')
        .addColumn('sent_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('reminder_sends_claim', ['kind', 'object_id', 'person_id', 'ordinal'])
        .execute();
      // The owner reminders look for open actions due within the week or overdue.
      await sql`create index actions_status_due on actions (status, due_on)`.execute(db);
    },
  };
}
