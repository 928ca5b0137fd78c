import type { Selectable } from 'kysely';
import type { RoadmapStatusCode } from '../../domain/codes.js';
import { maturityLevels, scoreFigure } from '../../domain/rules/maturity.js';
import { canRetake } from '../../domain/rules/roadmap.js';
import { overallScore, questionScore, roundScore, sectionScores } from '../../domain/rules/scoring.js';
import type { Criteria } from '../../domain/schemas/assessmentView.js';
import type { CompletedAssessment, ResultScores } from '../../domain/schemas/resultsView.js';
import type { AssessmentContent, ResultRow } from '../db/rows.js';
import type { AnswersTable } from '../db/schema.js';
import { answerOf, answersByQuestion } from './answeredCriteria.js';

type Content = AssessmentContent;

/** A completed assessment as lists and tiles show it, with whether it may be retaken now. */
export function presentResultSummary(row: ResultRow): CompletedAssessment {
  return {
    id: row.id,
    assessment: {
      id: row.assessmentId,
      code: row.assessmentCode,
      name: row.assessmentName,
      description: row.assessmentDescription,
      assessmentType: row.assessmentType,
    },
    respondent: { id: row.respondentId, fullName: row.respondentName, userName: row.respondentUserName },
    organization:
      row.organizationId != null ? { id: row.organizationId, name: row.organizationName ?? '' } : null,
    completionDateTime: row.completionDateTime,
    roadmapStatus: row.roadmapStatus,
    canRetake: canRetake(row.assessmentType, row.roadmapStatus as RoadmapStatusCode | null),
  };
}

/** The criteria with the stored answers filled in (docs/product.md#calls-answers), for a retake or a view. */
export function withAnswers(
  criteria: Criteria,
  row: ResultRow,
  answers: Selectable<AnswersTable>[],
): Criteria {
  const byQuestion = answersByQuestion(answers);
  for (const section of criteria.sections) {
    for (const question of section.questions) {
      const { value, choices } = answerOf(question, byQuestion.get(question.id) ?? []);
      for (const [i, choice] of question.choices.entries()) Object.assign(choice, choices[i]);
      question.value = value;
    }
  }
  return {
    ...criteria,
    id: row.id,
    startDateTime: row.startDateTime,
    completionDateTime: row.completionDateTime,
  };
}

/**
 * A result's scores: overall and per section with their maturity levels, and the practices scored
 * lowest (what to work on first).
 */
export function presentScores(
  row: ResultRow,
  content: Content,
  answers: Selectable<AnswersTable>[],
): ResultScores {
  const scoreOfChoice = new Map(content.choices.map((c) => [c.id, c.scoreValue]));
  const sectionOf = new Map(content.sections.map((s) => [s.id, s]));
  const perQuestion = content.questions.map((q) => {
    const scores = answers
      .filter((a) => a.questionId === q.id && a.choiceId !== null)
      .map((a) => scoreOfChoice.get(a.choiceId as number) ?? null);
    return {
      question: q,
      section: sectionOf.get(q.sectionId),
      answer: { sectionCode: sectionOf.get(q.sectionId)?.code ?? '', scores, skipScore: q.skipScore === 1 },
    };
  });
  const sections = sectionScores(perQuestion.map((p) => p.answer));
  const overall = overallScore(sections);
  return {
    id: row.id,
    assessment: { code: row.assessmentCode, name: row.assessmentName, assessmentType: row.assessmentType },
    organization:
      row.organizationId != null ? { id: row.organizationId, name: row.organizationName ?? '' } : null,
    completionDateTime: row.completionDateTime,
    // The level of the figure shown, so the page never contradicts its legend (maturity.ts).
    overall: overall === null ? null : scoreFigure(overall),
    sections: content.sections
      .map((s) => ({ s, scored: sections.find((x) => x.sectionCode === s.code) }))
      .filter((x) => x.scored)
      .map(({ s, scored }) => ({
        code: s.code,
        caption: s.caption,
        ...scoreFigure(scored!.score),
      })),
    lowest: perQuestion
      .map((p) => ({
        caption: p.question.caption,
        section: p.section?.caption ?? '',
        score: questionScore(p.answer),
      }))
      .filter((p): p is { caption: string; section: string; score: number } => p.score !== null)
      .sort((a, b) => a.score - b.score)
      .slice(0, 5)
      .map((p) => ({ ...p, score: roundScore(p.score) })),
    levels: maturityLevels,
  };
}
