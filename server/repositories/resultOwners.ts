import type { ResultOwner } from '../../domain/policies/results.js';
import type { Executor } from '../db/database.js';

/**
 * Whose result it is, as the results policy needs it. `resultOrganizationId` is the organization a
 * result was given in: its Anonymize Results counts as well as that of the person's organization now,
 * so moving a person does not lift the promise made to either.
 */
export async function resultOwnerOf(
  db: Executor,
  userId: number,
  resultOrganizationId: number | null = null,
): Promise<ResultOwner | undefined> {
  const row = await db
    .selectFrom('users as u')
    .leftJoin('organizations as o', 'o.id', 'u.organizationId')
    .select(['u.id', 'u.organizationId', 'o.consultingFirmId', 'o.anonymizeResults'])
    .where('u.id', '=', userId)
    .executeTakeFirst();
  if (!row) return undefined;
  let anonymized = row.anonymizeResults === 1;
  if (!anonymized && resultOrganizationId !== null && resultOrganizationId !== row.organizationId) {
    const given = await db
      .selectFrom('organizations')
      .select('anonymizeResults')
      .where('id', '=', resultOrganizationId)
      .executeTakeFirst();
    anonymized = given?.anonymizeResults === 1;
  }
  return {
    userId: row.id,
    organizationId: row.organizationId,
    consultingFirmId: row.consultingFirmId,
    anonymized,
  };
}
