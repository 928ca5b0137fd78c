import type { LookMark } from '../db/commitLooks.js';
import type { Executor } from '../db/database.js';
import { DETAIL_SLOTS } from '../db/migrations/016_detail_versions.js';
import { counterRows, counterSum } from './counterRows.js';

/** The sum of the change counts of everything an organization's form reads (migrations 004 and 016). */
const versionSum = counterSum(
  (db) => ['lookups', 'content', ...counterRows(db, 'details', DETAIL_SLOTS)],
  true,
);

export function detailsVersion(db: Executor, since?: LookMark): Promise<number> {
  return versionSum(db, since);
}
