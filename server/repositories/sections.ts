import type { ListSearch } from '../../domain/schemas/common.js';
import type { SectionInput } from '../../domain/schemas/content.js';
import { nowIso } from '../db/clock.js';
import type { Executor } from '../db/database.js';
import { anyContains, countOf, pageOf } from './paging.js';

type SectionValues = Omit<SectionInput, 'id' | 'isActive'>;

function withQuestionCount(db: Executor) {
  return db
    .selectFrom('sections as s')
    .selectAll('s')
    .select((eb) =>
      eb
        .selectFrom('questions as q')
        .whereRef('q.sectionId', '=', 's.id')
        .where('q.isActive', '=', 1)
        .select((e) => e.fn.countAll().as('n'))
        .as('questionCount'),
    );
}

export const sectionsRepository = {
  async search(db: Executor, search: ListSearch) {
    const q = search.query?.trim() ?? '';
    const { offset, limit } = pageOf(search);
    const rowsQuery = withQuestionCount(db).where(anyContains(db, q, ['s.caption', 's.code']));
    const countQuery = db
      .selectFrom('sections as s')
      .where(anyContains(db, q, ['s.caption', 's.code']))
      .select((eb) => eb.fn.countAll().as('n'));
    const [rows, total] = await Promise.all([
      rowsQuery
        .orderBy('s.isActive', 'desc')
        .orderBy('s.displayOrder')
        .orderBy('s.caption')
        .offset(offset)
        .limit(limit)
        .execute(),
      countQuery.executeTakeFirst(),
    ]);
    return { rows, count: countOf(total) };
  },

  findById(db: Executor, id: number) {
    return withQuestionCount(db).where('s.id', '=', id).executeTakeFirst();
  },

  /** Every section, for the question editor's select (inactive ones too, so a question's section shows). */
  all(db: Executor) {
    return db
      .selectFrom('sections')
      .select(['id', 'caption', 'isActive'])
      .orderBy('isActive', 'desc')
      .orderBy('displayOrder')
      .execute();
  },

  async codeTaken(db: Executor, code: string, exceptId: number | null) {
    const row = await db.selectFrom('sections').select('id').where('code', '=', code).executeTakeFirst();
    return row !== undefined && row.id !== exceptId;
  },

  /** A new section joins every assessment: the current-state, future-state and trial assessments ask about the same practices. */
  async insert(db: Executor, values: SectionValues, actorId: number) {
    const now = nowIso();
    const row = await db
      .insertInto('sections')
      .values({
        ...values,
        isActive: 1,
        createdAt: now,
        updatedAt: now,
        createdBy: actorId,
        updatedBy: actorId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const assessments = await db.selectFrom('assessments').select('id').execute();
    if (assessments.length > 0) {
      await db
        .insertInto('assessmentSections')
        .values(assessments.map((a) => ({ assessmentId: a.id, sectionId: row.id })))
        .execute();
    }
    return row.id;
  },

  update(db: Executor, id: number, values: SectionValues, actorId: number) {
    return db
      .updateTable('sections')
      .set({ ...values, updatedAt: nowIso(), updatedBy: actorId })
      .where('id', '=', id)
      .execute();
  },

  deactivate(db: Executor, id: number, actorId: number) {
    return db
      .updateTable('sections')
      .set({ isActive: 0, updatedAt: nowIso(), updatedBy: actorId })
      .where('id', '=', id)
      .execute();
  },
};
