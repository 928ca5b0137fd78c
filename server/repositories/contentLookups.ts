import { type LookupType, lookupTypeNames } from '../../domain/codes.js';
import type { LookupSearch } from '../../domain/schemas/content.js';
import { nowIso } from '../db/clock.js';
import type { Executor } from '../db/database.js';
import { contains, countOf, matchAll, pageOf } from './paging.js';

const columns = [
  'id',
  'name',
  'code',
  'lookupType',
  'displayOrder',
  'enumValue',
  'organizationType',
  'isActive',
  'isSystem',
] as const;

/** The lookup editor's queries (the public getall lives in lookups.ts). */
export const lookupAdminRepository = {
  async search(db: Executor, search: LookupSearch) {
    const q = search.query?.trim() ?? '';
    // Searching 'state' finds every item of the State type, as well as items named so.
    const types = q
      ? (Object.entries(lookupTypeNames) as [string, string][])
          .filter(([, n]) => n.toLowerCase().includes(q.toLowerCase()))
          .map(([t]) => Number(t))
      : [];
    const base = db
      .selectFrom('lookupItems')
      .where((eb) =>
        q
          ? eb.or([
              contains(db, 'name', q),
              contains(db, 'code', q),
              ...(types.length ? [eb('lookupType', 'in', types)] : []),
            ])
          : matchAll,
      )
      .where((eb) => (search.lookupType ? eb('lookupType', '=', search.lookupType) : matchAll));
    const { offset, limit } = pageOf(search);
    const [rows, total] = await Promise.all([
      base
        .select(columns)
        .orderBy('lookupType')
        .orderBy('displayOrder')
        .orderBy('name')
        .offset(offset)
        .limit(limit)
        .execute(),
      base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst(),
    ]);
    return { rows, count: countOf(total) };
  },

  findById(db: Executor, id: number) {
    return db.selectFrom('lookupItems').select(columns).where('id', '=', id).executeTakeFirst();
  },

  /** Another item of the type with this name or code (names compare without case). */
  async clash(db: Executor, type: LookupType, name: string, code: string, exceptId: number | null) {
    const rows = await db
      .selectFrom('lookupItems')
      .select(['id', 'name', 'code'])
      .where('lookupType', '=', type)
      .where((eb) => eb.or([eb(eb.fn('lower', ['name']), '=', name.toLowerCase()), eb('code', '=', code)]))
      .execute();
    const others = rows.filter((r) => r.id !== exceptId);
    return {
      name: others.some((r) => r.name.toLowerCase() === name.toLowerCase()),
      code: others.some((r) => r.code === code),
    };
  },

  async insert(
    db: Executor,
    values: {
      lookupType: number;
      name: string;
      code: string;
      displayOrder: number | null;
      organizationType: number | null;
    },
    actorId: number,
  ) {
    const now = nowIso();
    const row = await db
      .insertInto('lookupItems')
      .values({
        ...values,
        enumValue: null,
        isSystem: 0,
        isActive: 1,
        createdAt: now,
        updatedAt: now,
        createdBy: actorId,
        updatedBy: actorId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  },

  update(
    db: Executor,
    id: number,
    values: {
      lookupType?: number;
      name: string;
      code?: string;
      displayOrder: number | null;
      organizationType?: number | null;
    },
    actorId: number,
  ) {
    return db
      .updateTable('lookupItems')
      .set({ ...values, updatedAt: nowIso(), updatedBy: actorId })
      .where('id', '=', id)
      .execute();
  },

  deactivate(db: Executor, id: number, actorId: number) {
    return db
      .updateTable('lookupItems')
      .set({ isActive: 0, updatedAt: nowIso(), updatedBy: actorId })
      .where('id', '=', id)
      .execute();
  },
};
