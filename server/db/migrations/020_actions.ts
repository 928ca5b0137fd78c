import { type ColumnDefinitionBuilder, type Kysely, sql } from 'kysely';
import type { Dialect } from '../dialect.js';

/**
 * Action plans (docs/decisions.md#insights-actions): what a manufacturer does about a practice area's
 * gap. Each action belongs to one manufacturer (gone with it) and one section of the content (sections
 * are never deleted, only retired); its owner is a person or nobody, and nobody again when that person
 * is deleted. `completed_at` is the moment it became Done, so follow-through compares it with the
 * moments progress rounds closed; due dates are plain ISO days.
 *
 * Indexes: an organization's list in its order (due date, id) and a person's own actions (My Actions,
 * the owner reminders).
 *
 * The portfolio counts each manufacturer's open and overdue actions, so a change of an action moves
 * the portfolio's change count (migration 013's triggers and slots) like any other table it reads.
 */
export function actionsMigration(dialect: Dialect) {
  const id = (c: ColumnDefinitionBuilder) =>
    dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey().generatedByDefaultAsIdentity();
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('actions')
        .addColumn('id', 'integer', id)
        .addColumn('organization_id', 'integer', (c) =>
          c.notNull().references('organizations.id').onDelete('cascade'),
        )
        .addColumn('section_id', 'integer', (c) => c.notNull().references('sections.id'))
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('owner_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('due_on', 'text')
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('rationale', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addColumn('completed_at', 'text')
        .addColumn('created_by', 'integer')
        .execute();
      await db.schema
        .createIndex('actions_organization_due')
        .on('actions')
        .columns(['organization_id', 'due_on', 'id'])
        .execute();
      await db.schema.createIndex('actions_owner').on('actions').column('owner_id').execute();

      if (dialect === 'sqlite') {
        const bump = `update cache_versions set version = version + 1 where name = 'portfolio:0';`;
        for (const event of ['insert', 'update', 'delete'])
          await sql
            .raw(`create trigger actions_${event}_portfolio after ${event} on actions begin ${bump} end`)
            .execute(db);
        return;
      }
      await sql
        .raw(
          'create trigger actions_portfolio after insert or update or delete or truncate on actions ' +
            'for each statement execute function bump_portfolio_version()',
        )
        .execute(db);
    },
  };
}
