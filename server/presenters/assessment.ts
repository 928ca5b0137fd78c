import type { Selectable } from 'kysely';
import type { Criteria } from '../../domain/schemas/assessmentView.js';
import type { AssessmentsTable, ChoicesTable, QuestionsTable, SectionsTable } from '../db/schema.js';
import { bool } from './common.js';

type Content = {
  sections: Selectable<SectionsTable>[];
  questions: Selectable<QuestionsTable>[];
  choices: Selectable<ChoicesTable>[];
};

/**
 * The assessment criteria (docs/product.md#codes) as a respondent receives them: sections with their
 * questions and choices, unanswered. Scores stay on the server.
 */
export function presentCriteria(assessment: Selectable<AssessmentsTable>, content: Content): Criteria {
  return {
    id: assessment.id,
    assessmentId: assessment.id,
    code: assessment.code,
    name: assessment.name,
    description: assessment.description,
    assessmentType: assessment.assessmentType,
    startDateTime: null,
    completionDateTime: null,
    sections: content.sections.map((s) => ({
      code: s.code,
      name: s.caption,
      caption: s.caption,
      captionPrevious: s.captionPrevious,
      captionNext: s.captionNext,
      description: s.description,
      helpContent: s.helpContent,
      helpContentVideo: s.helpContentVideo,
      questions: content.questions
        .filter((q) => q.sectionId === s.id)
        .map((q) => ({
          id: q.id,
          caption: q.caption,
          description: q.description,
          displayOrder: q.displayOrder,
          inputType: q.inputType,
          isRequired: bool(q.isRequired),
          includeOtherChoice: bool(q.includeOtherChoice),
          helpContent: q.helpContent,
          validator: q.validator,
          value: null,
          choices: content.choices
            .filter((c) => c.questionId === q.id)
            .map((c) => ({
              id: c.id,
              caption: c.caption,
              displayOrder: c.displayOrder,
              isOtherChoice: bool(c.isOtherChoice),
              selected: false,
              other: null,
            })),
        })),
    })),
  };
}
