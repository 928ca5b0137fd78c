import type { Kysely } from 'kysely';

// One-time passcodes are short codes a person can type, so each allows only a few tries
// (docs/decisions.md#sign-in-passcodes). Plain snake_case, like every migration.
export const passcodeAttemptsMigration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .alterTable('one_time_passcodes')
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createIndex('one_time_passcodes_user')
      .on('one_time_passcodes')
      .column('user_id')
      .execute();
  },
};
