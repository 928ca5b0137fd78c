import { nowIso } from '../db/clock.js';
import type { Executor } from '../db/database.js';
import { reusableQuery } from '../db/reusableQuery.js';

/** Every submission removes its draft in its transaction: compiled once (reusableQuery.ts). */
const removeDraft = reusableQuery((db: Executor, userId: number, assessmentId: number) =>
  db.deleteFrom('assessmentDrafts').where('userId', '=', userId).where('assessmentId', '=', assessmentId),
);

/**
 * Answers in progress, one row per person and assessment (docs/product.md#insights-progress, 'save and resume'). Only this file
 * reads the table: results, reports, benchmarks and the completed and pending lists never see a draft.
 */
export const draftsRepository = {
  /**
   * Keeps the person's draft, replacing the one before: a single INSERT ... ON CONFLICT DO UPDATE, so
   * two saves at once (two tabs, two devices) leave one row on SQLite and PostgreSQL alike.
   */
  async save(db: Executor, userId: number, assessmentId: number, criteria: string): Promise<string> {
    const savedAt = nowIso();
    await db
      .insertInto('assessmentDrafts')
      .values({ userId, assessmentId, criteria, savedAt })
      .onConflict((oc) => oc.columns(['userId', 'assessmentId']).doUpdateSet({ criteria, savedAt }))
      .execute();
    return savedAt;
  },

  find(db: Executor, userId: number, assessmentId: number) {
    return db
      .selectFrom('assessmentDrafts')
      .select(['criteria', 'savedAt'])
      .where('userId', '=', userId)
      .where('assessmentId', '=', assessmentId)
      .executeTakeFirst();
  },

  /** On submit (in its transaction) and when a draft turns out to be of a submitted attempt. */
  async remove(db: Executor, userId: number, assessmentId: number): Promise<void> {
    await removeDraft(db, userId, assessmentId);
  },

  /** Deleting a user (in its transaction). */
  async removeAllOf(db: Executor, userId: number): Promise<void> {
    await db.deleteFrom('assessmentDrafts').where('userId', '=', userId).execute();
  },

  /**
   * Whether the attempt that began at `startDateTime` has been submitted: a save that arrives after
   * the submission (sent just before it, or from another tab) must not bring the draft back.
   */
  async attemptSubmitted(
    db: Executor,
    userId: number,
    assessmentId: number,
    startDateTime: string,
  ): Promise<boolean> {
    const row = await db
      .selectFrom('assessmentResults')
      .select('id')
      .where('respondentId', '=', userId)
      .where('assessmentId', '=', assessmentId)
      .where('startDateTime', '=', startDateTime)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  },
};
