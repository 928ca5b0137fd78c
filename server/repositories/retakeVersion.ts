import type { Executor } from '../db/database.js';
import { LIST_SLOTS } from '../db/migrations/014_list_versions.js';
import { DETAIL_SLOTS } from '../db/migrations/016_detail_versions.js';
import { counterRows, counterSum } from './counterRows.js';

/**
 * The sum of the change counts of everything a result's retake is read from (cachedRetakes.ts):
 * 'content' (004: the assessment and its criteria), 'details' (016: every change of organizations,
 * so a firm or an Anonymize Results; a person's arrival, departure or move) and the result rows
 * (015: every insert, update and delete of assessment_results). The answers have no count of their
 * own: they are written only beside a write of their result row, in its transaction (a submission
 * inserts the row, a retake stamps its completion time, a deletion of the result takes them along).
 */
const versionSum = counterSum((db) => [
  'content',
  ...counterRows(db, 'details', DETAIL_SLOTS),
  ...counterRows(db, 'rows:assessment_results', LIST_SLOTS),
]);

export function retakeVersion(db: Executor): Promise<number> {
  return versionSum(db);
}
