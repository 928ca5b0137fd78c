import type { Kysely } from 'kysely';

// Someone else's change of a user's e-mail address waits here until the new address confirms it
// (docs/decisions.md#sign-in-sessions, finding 3; the link is a user token of purpose 'email').
export const pendingEmailMigration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('users').addColumn('pending_email', 'text').execute();
  },
};
