import { type LookupType, lookupTypeNames } from '../../domain/codes.js';
import type { Executor } from '../db/database.js';

export const lookupsRepository = {
  /** Every active lookup item, in type then display order: what the web keeps for its drop-downs. */
  allActive(db: Executor) {
    return db
      .selectFrom('lookupItems')
      .select([
        'id',
        'name',
        'code',
        'lookupType',
        'displayOrder',
        'enumValue',
        'organizationType',
        'isActive',
      ])
      .where('isActive', '=', 1)
      .orderBy('lookupType')
      .orderBy('displayOrder')
      .orderBy('name')
      .execute();
  },
};

/** A reference the client sent: which field, which id, and the lookup type it must be. */
export type LookupRefCheck = {
  field: string;
  id: number | null | undefined;
  type: LookupType;
  organizationType?: number;
};

/**
 * What is wrong with the first reference to a lookup item that does not exist, is inactive, or is of
 * another type (a state id sent as a functional role); undefined when every reference fits.
 */
export async function lookupRefProblem(db: Executor, checks: LookupRefCheck[]): Promise<string | undefined> {
  const wanted = checks.filter((c): c is LookupRefCheck & { id: number } => c.id != null);
  if (wanted.length === 0) return undefined;
  const rows = await db
    .selectFrom('lookupItems')
    .select(['id', 'lookupType', 'organizationType', 'isActive'])
    .where(
      'id',
      'in',
      wanted.map((c) => c.id),
    )
    .execute();
  for (const check of wanted) {
    const row = rows.find((r) => r.id === check.id);
    const fits =
      row &&
      row.isActive === 1 &&
      row.lookupType === check.type &&
      (check.organizationType === undefined ||
        row.organizationType === null ||
        row.organizationType === check.organizationType);
    if (!fits) return `${check.field}: not a valid ${lookupTypeNames[check.type].toLowerCase()}.`;
  }
  return undefined;
}
