import { z } from 'zod';
import { lookupRefSchema } from './lookup.js';
import { demographicViewSchema } from './organizationView.js';

// What the calls of taking an assessment answer (docs/product.md#calls-assessments):
// the criteria, the caller's pending invites and the get-started step's organization.

/** A choice as a respondent sees it (docs/product.md#codes): scores stay on the server. */
export const choiceView = z.object({
  id: z.number().int(),
  caption: z.string(),
  displayOrder: z.number().nullable(),
  isOtherChoice: z.boolean(),
  selected: z.boolean(),
  other: z.string().nullable(),
});
export type Choice = z.output<typeof choiceView>;

/** A question as taken. `value` is a choice id, a list of them, or text (docs/product.md#calls-answers). */
export const questionView = z.object({
  id: z.number().int(),
  caption: z.string(),
  description: z.string().nullable(),
  displayOrder: z.number().nullable(),
  inputType: z.number().int(),
  isRequired: z.boolean(),
  includeOtherChoice: z.boolean(),
  helpContent: z.string().nullable(),
  validator: z.string().nullable(),
  value: z.unknown(),
  choices: z.array(choiceView),
});
export type Question = z.output<typeof questionView>;

/** A section as taken: description and help content are HTML the server sanitised on save. */
export const sectionView = z.object({
  code: z.string(),
  name: z.string(),
  caption: z.string(),
  captionPrevious: z.string().nullable(),
  captionNext: z.string().nullable(),
  description: z.string().nullable(),
  helpContent: z.string().nullable(),
  helpContentVideo: z.string().nullable(),
  questions: z.array(questionView),
});
export type Section = z.output<typeof sectionView>;

/** The assessment criteria (docs/product.md#codes); for a retake or view, `id` is the result's id. */
export const criteriaView = z.object({
  id: z.number().int(),
  assessmentId: z.number().int(),
  code: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  assessmentType: z.number().int(),
  startDateTime: z.string().nullable(),
  completionDateTime: z.string().nullable(),
  sections: z.array(sectionView),
});
export type Criteria = z.output<typeof criteriaView>;

/** An assessment as lists name it. */
export const assessmentSummaryView = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  assessmentType: z.number().int(),
});
export type AssessmentSummary = z.output<typeof assessmentSummaryView>;

/** A pending assessment (docs/product.md#screens-invite-table). */
export const pendingInviteView = z.object({
  id: z.number().int(),
  assessment: assessmentSummaryView,
  assessmentResult: z.null(),
  invitedOn: z.string().nullable(),
  /** A started attempt's answered questions of the assessment's total, from the saved draft; null when none. */
  progress: z.object({ answered: z.number().int(), total: z.number().int() }).nullable(),
});
export type PendingInvite = z.output<typeof pendingInviteView>;

/** The caller's organization as the get-started page edits it (organization/getstarted/mine). */
export const getStartedView = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.object({ enumValue: z.number().int(), name: z.string() }),
  businessType: lookupRefSchema.nullable(),
  state: lookupRefSchema.nullable(),
  demographic: demographicViewSchema.nullable(),
});
export type GetStartedOrganization = z.output<typeof getStartedView>;
