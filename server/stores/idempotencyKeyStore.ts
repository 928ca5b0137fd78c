import type { Executor } from '../db/database.js';

/** A kept answer (migration 007). Typed here, so the shared table types stay as they are. */
export type IdempotencyKeysTable = {
  userId: number;
  key: string;
  requestHash: string;
  statusCode: number;
  body: string;
  createdAt: string;
};

export type KeptAnswer = Pick<IdempotencyKeysTable, 'requestHash' | 'statusCode' | 'body'>;

const keys = (db: Executor) => db.withTables<{ idempotencyKeys: IdempotencyKeysTable }>();

export const idempotencyKeyStore = {
  /** The answer kept for a user's key, unless it is older than `since`. */
  find(db: Executor, userId: number, key: string, since: string): Promise<KeptAnswer | undefined> {
    return keys(db)
      .selectFrom('idempotencyKeys')
      .select(['requestHash', 'statusCode', 'body'])
      .where('userId', '=', userId)
      .where('key', '=', key)
      .where('createdAt', '>=', since)
      .executeTakeFirst();
  },

  /**
   * Keeps an answer. Inside the transaction of the change it answers: a second request with the same
   * key fails here on the primary key (PostgreSQL makes it wait for the first to commit), and its
   * transaction, with all it wrote, rolls back. An expired row of the same key makes room first.
   */
  async insert(db: Executor, row: IdempotencyKeysTable, expiredBefore: string): Promise<void> {
    await keys(db)
      .deleteFrom('idempotencyKeys')
      .where('userId', '=', row.userId)
      .where('key', '=', row.key)
      .where('createdAt', '<', expiredBefore)
      .execute();
    await keys(db).insertInto('idempotencyKeys').values(row).execute();
  },

  /** Replaces the kept body once the answer is final (notes added after the commit, e.g. mail sent). */
  async updateBody(db: Executor, userId: number, key: string, body: string): Promise<void> {
    await keys(db)
      .updateTable('idempotencyKeys')
      .set({ body })
      .where('userId', '=', userId)
      .where('key', '=', key)
      .execute();
  },

  async purge(db: Executor, expiredBefore: string): Promise<number> {
    const result = await keys(db)
      .deleteFrom('idempotencyKeys')
      .where('createdAt', '<', expiredBefore)
      .executeTakeFirst();
    return Number(result.numDeletedRows ?? 0);
  },
};
