import { z } from 'zod';
import { AssessmentType } from '../codes.js';

// Role alignment and progress against target (docs/product.md#insights-alignment, docs/product.md#insights): the request
// bodies the server validates, and the answers as the web reads them.

/** 1 (or "current") for the current state, 2 (or "future") for the future state; anything else is 400. */
export const insightAssessmentTypeSchema = z.union([
  z.coerce
    .number()
    .int()
    .refine((v) => v === AssessmentType.CurrentState || v === AssessmentType.FutureState, {
      message: 'assessmentType must be 1 (current state) or 2 (future state)',
    }),
  z
    .enum(['current', 'future'])
    .transform((v) => (v === 'current' ? AssessmentType.CurrentState : AssessmentType.FutureState)),
]);

export const alignmentBodySchema = z.object({
  id: z.coerce.number().int().describe("The manufacturer's id"),
  assessmentType: insightAssessmentTypeSchema,
});

export const progressBodySchema = z.object({
  id: z.coerce.number().int().describe("The manufacturer's id"),
});

const sectionAverageSchema = z.object({ id: z.number(), name: z.string(), average: z.number().nullable() });

export const roleAlignmentSchema = z.object({
  groups: z.array(z.object({ name: z.string(), respondents: z.number() })),
  sections: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      averages: z.array(z.object({ group: z.string(), average: z.number().nullable() })),
      spread: z.number().nullable(),
    }),
  ),
});
export type RoleAlignmentView = z.infer<typeof roleAlignmentSchema>;

export const progressSchema = z.object({
  target: z.object({ sections: z.array(sectionAverageSchema) }).nullable(),
  rounds: z.array(
    z.object({
      /** When the round closed (ISO time). */
      closedOn: z.string(),
      respondents: z.number(),
      overall: z.number().nullable(),
      sections: z.array(sectionAverageSchema),
    }),
  ),
});
export type ProgressView = z.infer<typeof progressSchema>;

/** A round's stored sections (progress_rounds.sections, JSON); an unreadable record reads as none. */
export function readRoundSections(data: string): z.infer<typeof sectionAverageSchema>[] {
  try {
    const parsed = z.array(sectionAverageSchema).safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}
