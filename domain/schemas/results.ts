import { z } from 'zod';

const submittedQuestion = z
  .object({
    id: z.coerce.number().int(),
    value: z.unknown().optional(),
    choices: z
      .array(
        z
          .object({
            id: z.union([z.number(), z.string()]),
            selected: z.boolean().nullish(),
            other: z.string().max(4000).nullish(),
          })
          .loose(),
      )
      .max(100)
      .nullish(),
  })
  .loose();

/** A submitted result: the criteria as assessment/bycode returned them, answered (docs/product.md#calls-answers). */
export const submittedCriteriaSchema = z
  .object({
    id: z.coerce.number().int().nullish(),
    code: z.string().trim().min(1, 'Required').max(100),
    assessmentId: z.coerce.number().int().nullish(),
    startDateTime: z.string().max(40).nullish(),
    completionDateTime: z.string().max(40).nullish(),
    sections: z
      .array(
        z
          .object({
            code: z.string().max(100).nullish(),
            questions: z.array(submittedQuestion).max(500).nullish(),
          })
          .loose(),
      )
      .max(100)
      .nullish(),
  })
  .loose();

export const submitResultSchema = z.object({
  assessmentResult: submittedCriteriaSchema,
  host: z.string().max(500).nullish(),
});
export const retakeSchema = z.object({ id: z.coerce.number().int(), code: z.string().max(100).nullish() });
