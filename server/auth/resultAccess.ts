import { canViewResultsOf } from '../../domain/policies/results.js';
import type { Executor } from '../db/database.js';
import { forbidden, notFound } from '../http/envelope.js';
import type { ResultRow } from '../repositories/results.js';
import type { Actor } from './guard.js';

/** Whose result it is, as the results policy needs it. */
export async function resultOwnerOf(db: Executor, userId: number) {
  const row = await db
    .selectFrom('users as u')
    .leftJoin('organizations as o', 'o.id', 'u.organizationId')
    .select(['u.id', 'u.organizationId', 'o.consultingFirmId'])
    .where('u.id', '=', userId)
    .executeTakeFirst();
  return row
    ? { userId: row.id, organizationId: row.organizationId, consultingFirmId: row.consultingFirmId }
    : undefined;
}

/** A result may be opened by whoever may see its respondent's results (domain/policies/results.ts). */
export async function assertMayOpenResult(
  db: Executor,
  actor: Actor,
  result: ResultRow | undefined,
): Promise<ResultRow> {
  if (!result) throw notFound('The assessment result was not found.');
  const owner = await resultOwnerOf(db, result.respondentId);
  if (!owner || !canViewResultsOf(actor, owner)) throw forbidden();
  return result;
}
