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

  /** One item as a reference (id, name, code), or null when there is none. */
  async refById(db: Executor, id: number | null | undefined) {
    if (id == null) return null;
    const row = await db
      .selectFrom('lookupItems')
      .select(['id', 'name', 'code'])
      .where('id', '=', id)
      .executeTakeFirst();
    return row ?? null;
  },

  /** Items as references, in display order. */
  refsByIds(db: Executor, ids: number[]) {
    return ids.length
      ? db
          .selectFrom('lookupItems')
          .select(['id', 'name', 'code'])
          .where('id', 'in', ids)
          .orderBy('displayOrder')
          .execute()
      : Promise.resolve([]);
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
 * another type (a state id sent as a functional role), or, when every reference fits, the code of each
 * item referred to (read with the check: a save that needs a code asks no second time).
 */
export async function lookupRefProblem(
  db: Executor,
  checks: LookupRefCheck[],
): Promise<{ problem: string } | { codes: ReadonlyMap<number, string | null> }> {
  const wanted = checks.filter((c): c is LookupRefCheck & { id: number } => c.id != null);
  if (wanted.length === 0) return { codes: new Map() };
  const rows = await db
    .selectFrom('lookupItems')
    .select(['id', 'lookupType', 'organizationType', 'isActive', 'code'])
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
    if (!fits)
      return { problem: `${check.field}: not a valid ${lookupTypeNames[check.type].toLowerCase()}.` };
  }
  return { codes: new Map(rows.map((r) => [r.id, r.code])) };
}
