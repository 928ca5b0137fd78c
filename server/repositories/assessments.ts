import type { Executor } from '../db/database.js';
import type { AssessmentContent } from '../db/rows.js';

/** An assessment's active content, in order: what a respondent is asked. */
export const assessmentsRepository = {
  findByCode(db: Executor, code: string) {
    return db
      .selectFrom('assessments')
      .selectAll()
      .where('code', '=', code.trim().toLowerCase())
      .where('isActive', '=', 1)
      .executeTakeFirst();
  },

  async content(db: Executor, assessmentId: number): Promise<AssessmentContent> {
    const sections = await db
      .selectFrom('sections as s')
      .innerJoin('assessmentSections as a', 'a.sectionId', 's.id')
      .selectAll('s')
      .where('a.assessmentId', '=', assessmentId)
      .where('s.isActive', '=', 1)
      .orderBy('s.displayOrder')
      .orderBy('s.id')
      .execute();
    const sectionIds = sections.map((s) => s.id);
    const questions = sectionIds.length
      ? await db
          .selectFrom('questions')
          .selectAll()
          .where('sectionId', 'in', sectionIds)
          .where('isActive', '=', 1)
          .orderBy('displayOrder')
          .orderBy('id')
          .execute()
      : [];
    const questionIds = questions.map((q) => q.id);
    const choices = questionIds.length
      ? await db
          .selectFrom('choices')
          .selectAll()
          .where('questionId', 'in', questionIds)
          .where('isActive', '=', 1)
          .orderBy('displayOrder')
          .orderBy('id')
          .execute()
      : [];
    return { sections, questions, choices };
  },
};
