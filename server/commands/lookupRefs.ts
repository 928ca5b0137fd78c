import type { Executor } from '../db/database.js';
import { badRequest } from '../http/envelope.js';
import { type LookupRefCheck, lookupRefProblem } from '../repositories/lookups.js';

/**
 * Refuses (400) a reference to a lookup item that does not exist, is inactive, or is of another type,
 * so no row ever points at the wrong kind of thing. The answer is HTTP's, so it is given here and not
 * in the repository. Answers the code of each item referred to.
 */
export async function assertLookupRefs(
  db: Executor,
  checks: LookupRefCheck[],
): Promise<ReadonlyMap<number, string | null>> {
  const checked = await lookupRefProblem(db, checks);
  if ('problem' in checked) throw badRequest(checked.problem);
  return checked.codes;
}
