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

  /** The active assessment with this id, or else with this code. */
  findActiveByIdOrCode(db: Executor, assessment: { id?: number | null; code?: string | null }) {
    return db
      .selectFrom('assessments')
      .select('id')
      .where('isActive', '=', 1)
      .where((eb) =>
        assessment.id ? eb('id', '=', assessment.id) : eb('code', '=', assessment.code as string),
      )
      .executeTakeFirst();
  },

  /** The active assessments of these types. */
  activeOfTypes(db: Executor, types: number[]) {
    return db
      .selectFrom('assessments')
      .select(['id', 'assessmentType'])
      .where('isActive', '=', 1)
      .where('assessmentType', 'in', types)
      .execute();
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
