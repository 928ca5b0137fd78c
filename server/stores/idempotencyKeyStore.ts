import type { Executor } from '../db/database.js';
import { reusableQuery } from '../db/reusableQuery.js';

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

/** Every keyed write looks its key up first: built and compiled once per database (reusableQuery.ts). */
const findKept = reusableQuery((db: Executor, userId: number, key: string, since: string) =>
  keys(db)
    .selectFrom('idempotencyKeys')
    .select(['requestHash', 'statusCode', 'body'])
    .where('userId', '=', userId)
    .where('key', '=', key)
    .where('createdAt', '>=', since),
);

/** Every keyed write keeps its answer: compiled once per database too. */
const insertKept = reusableQuery(
  (
    db: Executor,
    userId: number,
    key: string,
    requestHash: string,
    statusCode: number,
    body: string,
    createdAt: string,
    expiredBefore: string,
  ) =>
    keys(db)
      .insertInto('idempotencyKeys')
      .values({ userId, key, requestHash, statusCode, body, createdAt })
      .onConflict((oc) =>
        oc
          .columns(['userId', 'key'])
          .doUpdateSet({ requestHash, statusCode, body, createdAt })
          .where('idempotencyKeys.createdAt', '<', expiredBefore),
      )
      .returning('userId'),
);

export const idempotencyKeyStore = {
  /** The answer kept for a user's key, unless it is older than `since`. */
  async find(db: Executor, userId: number, key: string, since: string): Promise<KeptAnswer | undefined> {
    const [kept] = await findKept(db, userId, key, since);
    return kept;
  },

  /**
   * Keeps an answer. Inside the transaction of the change it answers: a second request with the same
   * key fails here (PostgreSQL makes it wait for the first to commit), and its transaction, with all
   * it wrote, rolls back. An expired row of the same key is replaced. One statement: the insert takes
   * the place of an expired row, and finds a live one by its primary key and leaves it alone.
   */
  async insert(db: Executor, row: IdempotencyKeysTable, expiredBefore: string): Promise<void> {
    const { userId, key, requestHash, statusCode, body, createdAt } = row;
    const [kept] = await insertKept(db, userId, key, requestHash, statusCode, body, createdAt, expiredBefore);
    if (!kept) throw new Error(`Idempotency-Key ${key} of user ${userId} is already in use`);
  },

  /**
   * For a change written in one statement (submissionStatement.ts): the kept answer's plain INSERT,
   * which fails on a live row of the key and so writes nothing of the change. An expired row would
   * fail it too: `dropExpired` removes it first, in a statement before.
   */
  insertQuery(db: Executor, row: IdempotencyKeysTable) {
    return keys(db).insertInto('idempotencyKeys').values(row);
  },

  dropExpired(db: Executor, userId: number, key: string, expiredBefore: string) {
    return keys(db)
      .deleteFrom('idempotencyKeys')
      .where('userId', '=', userId)
      .where('key', '=', key)
      .where('createdAt', '<', expiredBefore);
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
