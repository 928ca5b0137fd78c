import { InputType } from '@domain/codes.js';
import type { Db } from '../database.js';
import { nowIso } from '../database.js';
import { assessmentContent } from './assessmentContent.js';

/**
 * Adds each seeded section that is missing (by code), with its questions and choices, to every
 * assessment. A section already there is left alone, so an administrator's edits survive restarts.
 * Safe from several processes: a section code claimed meanwhile is skipped.
 */
export async function seedAssessmentContent(db: Db): Promise<void> {
  const existing = new Set((await db.selectFrom('sections').select('code').execute()).map((s) => s.code));
  const missing = assessmentContent.filter((s) => !existing.has(s.code));
  if (missing.length === 0) return;
  const now = nowIso();
  const stamp = { createdAt: now, updatedAt: now, createdBy: null, updatedBy: null };
  await db.transaction().execute(async (trx) => {
    const assessments = await trx.selectFrom('assessments').select('id').execute();
    for (const [index, section] of assessmentContent.entries()) {
      if (!missing.includes(section)) continue;
      const taken = await trx
        .selectFrom('sections')
        .select('id')
        .where('code', '=', section.code)
        .executeTakeFirst();
      if (taken) continue;
      const { id: sectionId } = await trx
        .insertInto('sections')
        .values({
          code: section.code,
          caption: section.caption,
          captionPrevious: 'Go Back',
          captionNext: 'Continue',
          displayOrder: (index + 1) * 10,
          description: section.description,
          helpContent: section.helpContent,
          helpContentVideo: null,
          isActive: 1,
          ...stamp,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (assessments.length) {
        await trx
          .insertInto('assessmentSections')
          .values(assessments.map((a) => ({ assessmentId: a.id, sectionId })))
          .execute();
      }
      for (const [qIndex, question] of section.questions.entries()) {
        const { id: questionId } = await trx
          .insertInto('questions')
          .values({
            sectionId,
            caption: question.caption,
            description: null,
            displayOrder: qIndex + 1,
            inputType: InputType.RadioButton,
            skipScore: 0,
            isRequired: 1,
            includeOtherChoice: 0,
            helpContent: question.helpContent,
            validator: null,
            isActive: 1,
            ...stamp,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('choices')
          .values(
            question.choices.map((choice, cIndex) => ({
              questionId,
              caption: choice.caption,
              displayOrder: cIndex + 1,
              scoreValue: choice.score,
              isOtherChoice: 0,
              isActive: 1,
              ...stamp,
            })),
          )
          .execute();
      }
    }
  });
}
