import { canViewResultsOf } from '../../domain/policies/results.js';
import type { Actor } from '../auth/guard.js';
import type { Executor } from '../db/database.js';
import type { ResultRow } from '../db/rows.js';
import { forbidden, notFound } from '../http/envelope.js';
import { resultOwnerOf } from '../repositories/resultOwners.js';

/** A result may be opened by whoever may see its respondent's results (domain/policies/results.ts). */
export async function assertMayOpenResult(
  db: Executor,
  actor: Actor,
  result: ResultRow | undefined,
): Promise<ResultRow> {
  if (!result) throw notFound('The assessment result was not found.');
  const owner = await resultOwnerOf(db, result.respondentId, result.organizationId);
  if (!owner || !canViewResultsOf(actor, owner)) throw forbidden();
  return result;
}
