import type { Kysely } from 'kysely';

// Idempotency keys (docs/decisions.md#data-idempotency): the answer to a submission or save, kept with the key its client sent,
// so a retry of a request whose answer never arrived gets that answer instead of doing the work twice.
// A key belongs to one user; the row is written in the same transaction as the change it answers.
export const idempotencyKeysMigration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('idempotency_keys')
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('key', 'text', (c) => c.notNull())
      /** Method, route and body digest: a reuse of the key for another request is refused. */
      .addColumn('request_hash', 'text', (c) => c.notNull())
      .addColumn('status_code', 'integer', (c) => c.notNull())
      /** The answer's JSON text, sent again as it was. */
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('idempotency_keys_pk', ['user_id', 'key'])
      .execute();
    await db.schema
      .createIndex('idempotency_keys_created')
      .on('idempotency_keys')
      .column('created_at')
      .execute();
  },
};
