import type { Kysely } from 'kysely';

/**
 * Rate limits and login throttling kept in the database instead of each process's memory, so that
 * several processes sharing one PostgreSQL database count together (docs/decisions.md#operations):
 * - rate_limits: one counter per key (a limit's name and what it counts: an address, an account),
 *   restarting at 1 once reset_at (milliseconds since the epoch) has passed;
 * - login_known_addresses: the addresses an account signed in from recently, where the right password
 *   still gets in while the account's hourly cap of failures is reached.
 */
export const rateLimitsMigration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('rate_limits')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('count', 'integer', (c) => c.notNull())
      .addColumn('reset_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('rate_limits_reset_at').on('rate_limits').column('reset_at').execute();
    await db.schema
      .createTable('login_known_addresses')
      .addColumn('user_name_key', 'text', (c) => c.notNull())
      .addColumn('address', 'text', (c) => c.notNull())
      .addColumn('until', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('login_known_addresses_pk', ['user_name_key', 'address'])
      .execute();
  },
};
