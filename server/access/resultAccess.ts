import { canViewResultsOf } from '../../domain/policies/results.js';
import type { Actor } from '../auth/guard.js';
import type { Executor } from '../db/database.js';
import type { ResultRow } from '../db/rows.js';
import { forbidden, notFound } from '../http/envelope.js';
import { ownerOf, resultOwnerOf } from '../repositories/resultOwners.js';

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

/** A result read with its owner's facts (resultsRepository.findWithOwner): the same rule, no further read. */
export function assertMayOpenOwnedResult<
  R extends ResultRow & {
    ownerOrganizationId: number | null;
    ownerConsultingFirmId: number | null;
    ownerAnonymizeResults: number | null;
    givenAnonymizeResults: number | null;
  },
>(actor: Actor, result: R | undefined): R {
  if (!result) throw notFound('The assessment result was not found.');
  const owner = ownerOf(
    {
      userId: result.respondentId,
      organizationId: result.ownerOrganizationId,
      consultingFirmId: result.ownerConsultingFirmId,
      anonymizeResults: result.ownerAnonymizeResults,
    },
    { organizationId: result.organizationId, anonymizeResults: result.givenAnonymizeResults },
  );
  if (!canViewResultsOf(actor, owner)) throw forbidden();
  return result;
}
