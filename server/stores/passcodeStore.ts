import { nowIso } from '../db/clock.js';
import type { Executor } from '../db/database.js';

/** The one_time_passcodes table: passcodes kept only as hashes, with their tries counted. */
export const passcodeStore = {
  /** Marks the user's live passcodes used. */
  voidLive(db: Executor, userId: number, at = nowIso()) {
    return db
      .updateTable('oneTimePasscodes')
      .set({ usedAt: at })
      .where('userId', '=', userId)
      .where('usedAt', 'is', null)
      .execute();
  },

  async insert(
    db: Executor,
    row: { userId: number; codeHash: string; expiresAt: string; createdAt: string; createdBy: number },
  ): Promise<void> {
    await db.insertInto('oneTimePasscodes').values(row).execute();
  },

  /** The user's newest passcode that is unused, unexpired and has tries left. */
  live(db: Executor, userId: number, maxAttempts: number) {
    return db
      .selectFrom('oneTimePasscodes')
      .select(['id', 'codeHash'])
      .where('userId', '=', userId)
      .where('usedAt', 'is', null)
      .where('expiresAt', '>', nowIso())
      .where('attempts', '<', maxAttempts)
      .orderBy('id', 'desc')
      .executeTakeFirst();
  },

  /** Counts one try of a passcode; false when it was used up or out of tries meanwhile. */
  async countTry(db: Executor, id: number, maxAttempts: number): Promise<boolean> {
    const counted = await db
      .updateTable('oneTimePasscodes')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', id)
      .where('usedAt', 'is', null)
      .where('attempts', '<', maxAttempts)
      .executeTakeFirst();
    return Number(counted.numUpdatedRows) === 1;
  },

  /** Marks a passcode used; false when another sign-in marked it first. */
  async markUsed(db: Executor, id: number): Promise<boolean> {
    const used = await db
      .updateTable('oneTimePasscodes')
      .set({ usedAt: nowIso() })
      .where('id', '=', id)
      .where('usedAt', 'is', null)
      .executeTakeFirst();
    return Number(used.numUpdatedRows) === 1;
  },
};
