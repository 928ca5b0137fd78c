import { z } from 'zod';
import { InputType, LookupType } from '../codes.js';
import { messages } from '../messages.js';
import {
  isReservedSectionCode,
  isValidDisplayOrder,
  isValidScore,
  needsChoices,
  sectionCodePattern,
} from '../rules/content.js';
import { listSearchSchema, requiredName, requiredText } from './common.js';

// Bodies of the content-administration calls (docs/product.md#calls-content) and the editors'
// form rules (section 5). The web validates its forms with these; the server its requests.

const invalidOrder = messages.validation.positiveInteger;

/** Display order as the form holds it (text) or a client sends it (number); empty means none. */
const optionalDisplayOrder = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((v) => (v === null || v === undefined || String(v).trim() === '' ? null : String(v).trim()))
  .refine((v) => v === null || isValidDisplayOrder(v), invalidOrder)
  .transform((v) => (v === null ? null : Number(v)));

const requiredDisplayOrder = z
  .union([z.string(), z.number()], { error: messages.validation.required })
  .transform((v) => String(v).trim())
  .refine((v) => v !== '', messages.validation.required)
  .refine((v) => v === '' || isValidDisplayOrder(v), invalidOrder)
  .transform((v) => Number(v));

const optionalHtml = z
  .string()
  .max(2_000_000)
  .nullish()
  .transform((v) => v ?? null);

const lookupTypeValues = Object.values(LookupType) as number[];

/** admin/lookup/search: the list search, optionally narrowed to one lookup type (its enum value). */
export const lookupSearchSchema = listSearchSchema.extend({
  lookupType: z.coerce
    .number()
    .int()
    .refine((v) => lookupTypeValues.includes(v), 'Unknown lookup type.')
    .nullish(),
});
export type LookupSearch = z.infer<typeof lookupSearchSchema>;

export const lookupItemInputSchema = z.object({
  id: z.coerce.number().int().nullish(),
  // Lookup names are shown and exported as they are: clean as any name (docs/decisions.md#trust).
  name: requiredName(200),
  code: z.string().trim().max(80).nullish(),
  lookupType: z.preprocess(
    (v) => (v && typeof v === 'object' ? (v as { enumValue?: unknown }).enumValue : v),
    z.coerce
      .number({ error: messages.validation.required })
      .int()
      .refine((v) => lookupTypeValues.includes(v), messages.validation.required),
  ),
  displayOrder: optionalDisplayOrder,
  organizationType: z.coerce.number().int().nullish(),
  isActive: z.boolean().nullish(),
});
export type LookupItemInput = z.infer<typeof lookupItemInputSchema>;

export const sectionInputSchema = z.object({
  id: z.coerce.number().int().nullish(),
  caption: requiredText(300),
  captionPrevious: z.string().trim().max(100).nullish(),
  captionNext: z.string().trim().max(100).nullish(),
  code: requiredText(80)
    .refine((v) => sectionCodePattern.test(v), 'Use lower-case letters, digits and dashes only.')
    .refine(
      (v) => !isReservedSectionCode(v),
      'This code names a step of the assessment pages; choose another.',
    ),
  displayOrder: requiredDisplayOrder,
  description: optionalHtml,
  helpContent: optionalHtml,
  helpContentVideo: optionalHtml,
  isActive: z.boolean().nullish(),
});
export type SectionInput = z.infer<typeof sectionInputSchema>;

export const choiceInputSchema = z.object({
  /** A saved choice's id, or a negative string id for a new one. */
  id: z.union([z.string(), z.number()]).transform((v) => String(v)),
  caption: requiredText(500),
  displayOrder: optionalDisplayOrder,
  scoreValue: z
    .union([z.string(), z.number()])
    .nullish()
    .transform((v) => (v === null || v === undefined || String(v).trim() === '' ? null : String(v).trim()))
    .refine((v) => v === null || isValidScore(v), 'Invalid. Must be a number.')
    .transform((v) => (v === null ? null : Number(v))),
  isOtherChoice: z.boolean().nullish(),
  isActive: z.boolean().nullish(),
});
export type ChoiceInput = z.infer<typeof choiceInputSchema>;

const inputTypeValues = Object.values(InputType) as number[];

export const questionInputSchema = z
  .object({
    id: z.coerce.number().int().nullish(),
    caption: requiredText(1000),
    displayOrder: requiredDisplayOrder,
    section: z.preprocess(
      (v) => (v && typeof v === 'object' && Number((v as { id?: unknown }).id) > 0 ? v : undefined),
      z.object({ id: z.coerce.number().int().positive() }, { error: messages.validation.required }),
    ),
    inputType: z.preprocess(
      (v) => (v === -1 || v === '-1' || v === '' ? undefined : v),
      z.coerce
        .number({ error: messages.validation.required })
        .int()
        .refine((v) => inputTypeValues.includes(v), messages.validation.required),
    ),
    skipScore: z
      .boolean()
      .nullish()
      .transform((v) => v ?? false),
    isRequired: z
      .boolean()
      .nullish()
      .transform((v) => v ?? false),
    includeOtherChoice: z
      .boolean()
      .nullish()
      .transform((v) => v ?? false),
    helpContent: optionalHtml,
    description: optionalHtml,
    isActive: z.boolean().nullish(),
    choices: z
      .array(choiceInputSchema)
      .max(100)
      .nullish()
      .transform((v) => v ?? []),
  })
  .superRefine((q, ctx) => {
    if (needsChoices(q.inputType) && !q.choices.some((c) => c.isActive !== false)) {
      ctx.addIssue({ code: 'custom', path: ['choices'], message: 'At least one choice is required.' });
    }
  });
export type QuestionInput = z.infer<typeof questionInputSchema>;

export const idBodySchema = z.object({ id: z.coerce.number().int() });
