import { nowIso } from '../db/clock.js';
import type { Executor } from '../db/database.js';

/** The user_tokens table: reset, invite and address-confirmation links, kept only as hashes. */
export const userTokenStore = {
  /** Marks the user's live tokens used: all of them, or those of one purpose. */
  voidLive(db: Executor, userId: number, purpose?: string) {
    let query = db.updateTable('userTokens').set({ usedAt: nowIso() }).where('userId', '=', userId);
    if (purpose !== undefined) query = query.where('purpose', '=', purpose);
    return query.where('usedAt', 'is', null).execute();
  },

  async insert(
    db: Executor,
    row: { userId: number; purpose: string; tokenHash: string; expiresAt: string; createdAt: string },
  ): Promise<void> {
    await db.insertInto('userTokens').values(row).execute();
  },

  /** The user of a live (unused, unexpired) token of this purpose. */
  async liveUserOf(db: Executor, tokenHash: string, purpose: string): Promise<number | undefined> {
    const row = await db
      .selectFrom('userTokens')
      .select(['userId'])
      .where('tokenHash', '=', tokenHash)
      .where('purpose', '=', purpose)
      .where('usedAt', 'is', null)
      .where('expiresAt', '>', nowIso())
      .executeTakeFirst();
    return row?.userId;
  },

  /** Marks a token used; false when another request marked it first. */
  async markUsed(db: Executor, tokenHash: string): Promise<boolean> {
    const res = await db
      .updateTable('userTokens')
      .set({ usedAt: nowIso() })
      .where('tokenHash', '=', tokenHash)
      .where('usedAt', 'is', null)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  },
};
