import { isNewChoiceId } from '../../domain/rules/content.js';
import type { ListSearch } from '../../domain/schemas/common.js';
import type { ChoiceInput, QuestionInput } from '../../domain/schemas/content.js';
import { nowIso } from '../db/clock.js';
import type { Executor } from '../db/database.js';
import { anyContains, countOf, pageOf } from './paging.js';

function questionQuery(db: Executor) {
  return db
    .selectFrom('questions as q')
    .innerJoin('sections as s', 's.id', 'q.sectionId')
    .selectAll('q')
    .select(['s.caption as sectionCaption', 's.isActive as sectionIsActive'])
    .select((eb) =>
      eb
        .selectFrom('choices as c')
        .whereRef('c.questionId', '=', 'q.id')
        .where('c.isActive', '=', 1)
        .select((e) => e.fn.countAll().as('n'))
        .as('choiceCount'),
    );
}

type QuestionValues = Omit<QuestionInput, 'id' | 'isActive' | 'choices' | 'section'> & { sectionId: number };

export const questionsRepository = {
  async search(db: Executor, search: ListSearch) {
    const q = search.query?.trim() ?? '';
    const { offset, limit } = pageOf(search);
    const [rows, total] = await Promise.all([
      questionQuery(db)
        .where(anyContains(db, q, ['q.caption', 's.caption']))
        .orderBy('q.isActive', 'desc')
        .orderBy('s.displayOrder')
        .orderBy('q.displayOrder')
        .orderBy('q.id')
        .offset(offset)
        .limit(limit)
        .execute(),
      db
        .selectFrom('questions as q')
        .innerJoin('sections as s', 's.id', 'q.sectionId')
        .where(anyContains(db, q, ['q.caption', 's.caption']))
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirst(),
    ]);
    return { rows, count: countOf(total) };
  },

  findById(db: Executor, id: number) {
    return questionQuery(db).where('q.id', '=', id).executeTakeFirst();
  },

  choicesOf(db: Executor, questionId: number) {
    return db
      .selectFrom('choices')
      .select(['id', 'caption', 'displayOrder', 'scoreValue', 'isOtherChoice', 'isActive'])
      .where('questionId', '=', questionId)
      .orderBy('displayOrder')
      .orderBy('id')
      .execute();
  },

  async insert(db: Executor, values: QuestionValues, actorId: number) {
    const now = nowIso();
    const row = await db
      .insertInto('questions')
      .values({
        ...values,
        skipScore: values.skipScore ? 1 : 0,
        isRequired: values.isRequired ? 1 : 0,
        includeOtherChoice: values.includeOtherChoice ? 1 : 0,
        validator: null,
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

  update(db: Executor, id: number, values: QuestionValues, actorId: number) {
    return db
      .updateTable('questions')
      .set({
        ...values,
        skipScore: values.skipScore ? 1 : 0,
        isRequired: values.isRequired ? 1 : 0,
        includeOtherChoice: values.includeOtherChoice ? 1 : 0,
        updatedAt: nowIso(),
        updatedBy: actorId,
      })
      .where('id', '=', id)
      .execute();
  },

  deactivate(db: Executor, id: number, actorId: number) {
    return db
      .updateTable('questions')
      .set({ isActive: 0, updatedAt: nowIso(), updatedBy: actorId })
      .where('id', '=', id)
      .execute();
  },

  /**
   * Applies the editor's choices grid: new rows (negative ids) are added, saved rows updated. A saved
   * choice is never deleted, only deactivated, because results that used it must still report.
   * Answers false when a saved id does not belong to this question.
   */
  async saveChoices(
    db: Executor,
    questionId: number,
    choices: ChoiceInput[],
    skipScore: boolean,
    actorId: number,
  ): Promise<boolean> {
    const existing = new Set(
      (await db.selectFrom('choices').select('id').where('questionId', '=', questionId).execute()).map(
        (c) => c.id,
      ),
    );
    const now = nowIso();
    for (const [index, choice] of choices.entries()) {
      const values = {
        caption: choice.caption,
        displayOrder: choice.displayOrder ?? index + 1,
        // Omit Score: the question's answers are not scored, so no choice keeps a score.
        scoreValue: skipScore ? null : choice.scoreValue,
        isOtherChoice: choice.isOtherChoice ? 1 : 0,
        isActive: choice.isActive === false ? 0 : 1,
        updatedAt: now,
        updatedBy: actorId,
      };
      if (isNewChoiceId(choice.id)) {
        await db
          .insertInto('choices')
          .values({ ...values, questionId, createdAt: now, createdBy: actorId })
          .execute();
      } else {
        const id = Number(choice.id);
        if (!existing.has(id)) return false;
        await db.updateTable('choices').set(values).where('id', '=', id).execute();
      }
    }
    return true;
  },
};
