import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Dialect } from '../dialect.js';

/**
 * The insight features beyond the original tool (docs/product.md#insights):
 * - assessment_drafts: one person's answers in progress on one assessment, saved as they answer so
 *   another browser can resume them; never read by results, reports or benchmarks; gone on submit.
 * - progress_rounds: a dated snapshot of a manufacturer's current-state section averages, kept each
 *   time its roadmap moves into CurrentStateReporting.
 * - roadmaps.status_changed_at: when the roadmap status last changed (the portfolio's 'Status unchanged
 *   for 60 days'); null on roadmaps older than this migration, which then count from their creation.
 * - share_links: expiring, revocable read-only links to a roadmap summary; only the token's SHA-256 is
 *   stored, so a copy of the database opens no link.
 */
export function insightsMigration(dialect: Dialect) {
  const id = (c: ColumnDefinitionBuilder) =>
    dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey().generatedByDefaultAsIdentity();
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('roadmaps').addColumn('status_changed_at', 'text').execute();

      await db.schema
        .createTable('assessment_drafts')
        .addColumn('id', 'integer', id)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('assessment_id', 'integer', (c) =>
          c.notNull().references('assessments.id').onDelete('cascade'),
        )
        // The criteria as assessmentresult/add takes them, partly answered (JSON text).
        .addColumn('criteria', 'text', (c) => c.notNull())
        .addColumn('saved_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('assessment_drafts_person', ['user_id', 'assessment_id'])
        .execute();

      await db.schema
        .createTable('progress_rounds')
        .addColumn('id', 'integer', id)
        .addColumn('organization_id', 'integer', (c) =>
          c.notNull().references('organizations.id').onDelete('cascade'),
        )
        .addColumn('closed_at', 'text', (c) => c.notNull())
        .addColumn('respondents', 'integer', (c) => c.notNull())
        // Rounded overall average, null when no included result scored.
        .addColumn('overall', 'real')
        // JSON [{ id, name, average }] as the sections were named when the round closed.
        .addColumn('sections', 'text', (c) => c.notNull())
        .addColumn('created_by', 'integer')
        .execute();
      await db.schema
        .createIndex('progress_rounds_organization')
        .on('progress_rounds')
        .columns(['organization_id', 'closed_at'])
        .execute();

      await db.schema
        .createTable('share_links')
        .addColumn('id', 'integer', id)
        .addColumn('organization_id', 'integer', (c) =>
          c.notNull().references('organizations.id').onDelete('cascade'),
        )
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('revoked_at', 'text')
        .addColumn('created_by', 'integer')
        .execute();
      await db.schema
        .createIndex('share_links_organization')
        .on('share_links')
        .column('organization_id')
        .execute();
    },
  };
}
