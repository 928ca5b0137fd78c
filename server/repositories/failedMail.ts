import type { Executor } from '../db/database.js';
import { anyContains, countRows, pageOf } from './paging.js';

// The e-mail given up after the last retry (docs/decisions.md#dashboard-figures): the administrators'
// list and the dashboard's figure, both from failedOf, so the two agree. The message itself is never
// read: it may hold a link that still works.

/** Failed messages whose subject or recipients hold the text. */
function failedOf(db: Executor, query: string | null | undefined) {
  return db
    .selectFrom('mailQueue as m')
    .where('m.status', '=', 'failed')
    .where(anyContains(db, query, ['m.subject', 'm.recipients']));
}

export const failedMailRepository = {
  /** How many messages were given up: the dashboard's Mail failures. */
  count(db: Executor): Promise<number> {
    return countRows(db, failedOf(db, null).select('m.id'));
  },

  /** One page of the given-up messages, the latest attempt first, and how many match in all. */
  async search(db: Executor, search: { query?: string | null; skip?: number | null; take?: number | null }) {
    const { offset, limit } = pageOf(search);
    const matching = failedOf(db, search.query);
    const [rows, count] = await Promise.all([
      matching
        .select([
          'm.id',
          'm.createdAt',
          'm.recipients',
          'm.subject',
          'm.attempts',
          'm.lastAttemptAt',
          'm.lastError',
        ])
        .orderBy('m.lastAttemptAt', 'desc')
        .orderBy('m.id', 'desc')
        .offset(offset)
        .limit(limit)
        .execute(),
      countRows(db, matching.select('m.id')),
    ]);
    return { rows, count };
  },
};
