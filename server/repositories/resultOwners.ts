import type { ResultOwner } from '../../domain/policies/results.js';
import type { Executor } from '../db/database.js';
import { reusableQuery } from '../db/reusableQuery.js';

/** The person as the owner of a result: their organization now, its firm and its Anonymize Results. */
export type OwnerFacts = {
  userId: number;
  organizationId: number | null;
  consultingFirmId: number | null;
  anonymizeResults: number | null;
};

/**
 * Whose result it is, as the results policy needs it. `given` is the organization a result was given
 * in: its Anonymize Results counts as well as that of the person's organization now, so moving a
 * person does not lift the promise made to either.
 */
export function ownerOf(
  person: OwnerFacts,
  given: { organizationId: number | null; anonymizeResults: number | null | undefined },
): ResultOwner {
  const movedFrom = given.organizationId !== null && given.organizationId !== person.organizationId;
  return {
    userId: person.userId,
    organizationId: person.organizationId,
    consultingFirmId: person.consultingFirmId,
    anonymized: person.anonymizeResults === 1 || (movedFrom && given.anonymizeResults === 1),
  };
}

const personOf = reusableQuery((db: Executor, userId: number) =>
  db
    .selectFrom('users as u')
    .leftJoin('organizations as o', 'o.id', 'u.organizationId')
    .select(['u.id as userId', 'u.organizationId', 'o.consultingFirmId', 'o.anonymizeResults'])
    .where('u.id', '=', userId),
);

const anonymizeOf = reusableQuery((db: Executor, organizationId: number) =>
  db.selectFrom('organizations').select('anonymizeResults').where('id', '=', organizationId),
);

/** The owner of a person's results (ownerOf), read in one query, two when the result was given elsewhere. */
export async function resultOwnerOf(
  db: Executor,
  userId: number,
  resultOrganizationId: number | null = null,
): Promise<ResultOwner | undefined> {
  const [person] = await personOf(db, userId);
  if (!person) return undefined;
  const elsewhere =
    person.anonymizeResults !== 1 &&
    resultOrganizationId !== null &&
    resultOrganizationId !== person.organizationId;
  const given = elsewhere ? (await anonymizeOf(db, resultOrganizationId))[0] : undefined;
  return ownerOf(person, { organizationId: resultOrganizationId, anonymizeResults: given?.anonymizeResults });
}
