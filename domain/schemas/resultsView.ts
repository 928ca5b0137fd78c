import { z } from 'zod';
import { envelopeOf } from './answers.js';
import { assessmentSummaryView } from './assessmentView.js';

// What the calls about completed assessments answer (docs/product.md#calls-assessments).

/** A completed assessment as lists and tiles show it, with whether the roadmap's stage allows a retake. */
export const resultSummaryView = z.object({
  id: z.number().int(),
  assessment: assessmentSummaryView,
  respondent: z.object({ id: z.number().int(), fullName: z.string(), userName: z.string() }),
  organization: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  completionDateTime: z.string(),
  /** The code of the organization's roadmap status (RoadmapStatusCode), or null. */
  roadmapStatus: z.string().nullable(),
  canRetake: z.boolean(),
});
export type CompletedAssessment = z.output<typeof resultSummaryView>;

/** A result's scores: overall and per section with maturity levels, and the practices scored lowest. */
export const resultScoresView = z.object({
  id: z.number().int(),
  assessment: z.object({ code: z.string(), name: z.string(), assessmentType: z.number().int() }),
  /** The organization the result belongs to; null for none. */
  organization: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  completionDateTime: z.string(),
  overall: z.object({ score: z.number(), level: z.string() }).nullable(),
  sections: z.array(
    z.object({ code: z.string(), caption: z.string(), score: z.number(), level: z.string() }),
  ),
  lowest: z.array(z.object({ caption: z.string(), section: z.string(), score: z.number() })),
  levels: z.array(z.object({ score: z.number(), name: z.string(), summary: z.string() })).readonly(),
});
export type ResultScores = z.output<typeof resultScoresView>;

/** What a submitted result answers: the saved result's id. */
export const submittedResultEnvelope = envelopeOf(z.object({ id: z.number().int() }));
