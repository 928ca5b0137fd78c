import { z } from 'zod';
import { MAX_ANSWER_TEXT } from '../rules/answers.js';
import { envelopeOf } from './answers.js';

// Save and resume (docs/product.md#insights-progress, docs/product.md#insights-drafts): answers in progress, shaped as for
// assessmentresult/add (docs/product.md#calls-answers) but partly answered. A client may send the criteria
// whole, as assessment/bycode returned them, or only the questions it has answers for; the server keeps
// only the answers.

const choiceId = z.union([z.number(), z.string().max(20)]);

const draftChoice = z
  .object({
    id: choiceId,
    selected: z.boolean().nullish(),
    other: z.string().max(MAX_ANSWER_TEXT).nullish(),
  })
  .loose();

const draftQuestion = z
  .object({
    id: z.coerce.number().int(),
    /** The choice id, the list of them, or the text typed so far. */
    value: z.union([choiceId, z.string().max(MAX_ANSWER_TEXT), z.array(choiceId).max(100)]).nullish(),
    choices: z.array(draftChoice).max(100).nullish(),
  })
  .loose();

export const draftCriteriaSchema = z
  .object({
    code: z.string().trim().max(100).nullish(),
    /** When the attempt began: the same attempt resumes elsewhere with the same start. */
    startDateTime: z.string().max(40).nullish(),
    sections: z
      .array(
        z
          .object({
            code: z.string().max(100).nullish(),
            questions: z.array(draftQuestion).max(500).nullish(),
          })
          .loose(),
      )
      .max(100),
  })
  .loose();
export type DraftCriteria = z.infer<typeof draftCriteriaSchema>;

const code = z.string().trim().min(1, 'Required').max(100);

/** POST assessmentdraft/save. */
export const saveDraftSchema = z.object({ code, criteria: draftCriteriaSchema });
/** POST assessmentdraft/mine. */
export const myDraftSchema = z.object({ code });

/** What the server keeps and gives back: only answered questions, each in its section. */
export const storedDraftQuestionView = z.object({
  id: z.number().int(),
  value: z.union([z.number(), z.array(z.number()), z.string()]).nullable(),
  choices: z.array(
    z.object({ id: z.number().int(), selected: z.literal(true), other: z.string().nullable() }),
  ),
});
export type StoredDraftQuestion = z.output<typeof storedDraftQuestionView>;
export const storedDraftView = z.object({
  code: z.string(),
  startDateTime: z.string().nullable(),
  sections: z.array(z.object({ code: z.string(), questions: z.array(storedDraftQuestionView) })),
});
export type StoredDraft = z.output<typeof storedDraftView>;

/** The answer of assessmentdraft/mine. */
export const myDraftView = z.object({ criteria: storedDraftView, savedOn: z.string() });
export type MyDraft = z.output<typeof myDraftView>;

/** The answer of assessmentdraft/save. */
export const savedDraftEnvelope = envelopeOf(z.object({ savedOn: z.string() }));

// The texts live apart from the schemas so the web app shows them without loading zod.
export { draftMessages } from './draftMessages.js';
