import { z } from 'zod';
import { messages } from '../messages.js';

/** Text that must be non-blank after trimming (docs/product.md#rules-validation: 'Required'). */
export const requiredText = (max = 256) =>
  z
    .string({ error: messages.validation.required })
    .trim()
    .min(1, messages.validation.required)
    .max(max, `Must be at most ${max} characters.`);

/**
 * Control characters (line breaks, tabs, NUL), the Unicode line and paragraph separators and the
 * bidirectional overrides, none of which a name holds; a name that begins with = would be a formula in
 * a spreadsheet (docs/decisions.md#sign-in). docs/decisions.md#sign-in-names applies the same to every single-line label a person types that
 * others see or export: functional-role aliases, lookup names, department, phone and certificate
 * numbers. A leading + (a phone number) stays valid: exports neutralise it (server/reports/csv.ts).
 */
const NAME_FORBIDDEN = /[\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069]/u;

/** Whether a single-line text holds none of the characters above (a leading = is the name rule's). */
export function isSingleLine(value: string | null | undefined): boolean {
  return !value || !NAME_FORBIDDEN.test(value);
}

/** Whether a name (of an organization or a person, or a user name) is clean; blank counts as clean. */
export function isCleanName(value: string | null | undefined): boolean {
  if (!value) return true;
  return isSingleLine(value) && !value.trimStart().startsWith('=');
}

/** A refinement for name fields: `.refine(...cleanName)`. */
export const cleanName = [isCleanName, messages.validation.nameCharacters] as const;

/** A required name: non-blank text without control characters or a leading =. */
export const requiredName = (max = 256) => requiredText(max).refine(...cleanName);

export { emailPattern, isValidEmail } from '../rules/email.js';

/** A list search: Query, Skip, Take (docs/product.md#calls); free form, so defaults fill the gaps. */
export const listSearchSchema = z.object({
  query: z.string().max(200).nullish(),
  skip: z.coerce.number().int().min(0).nullish(),
  take: z.coerce.number().int().min(0).max(10000).nullish(),
});
export type ListSearch = z.infer<typeof listSearchSchema>;

/**
 * The optional order of a list search (docs/decisions.md#web-list-sorting): one of the list's
 * `columns` (any other is a 400 naming them) and a direction, ascending unless given.
 */
export function listSortSchemaOf<const Column extends string>(columns: readonly [Column, ...Column[]]) {
  return z.object({
    column: z.enum(columns, { error: `sort.column must be one of ${columns.join(', ')}.` }),
    direction: z.enum(['asc', 'desc'], { error: 'sort.direction must be asc or desc.' }).default('asc'),
  });
}

/** Every call that acts answers with this envelope (docs/product.md#calls-conventions). */
export type Envelope<T = unknown> = { isSuccess: boolean; message: string; data?: T };
export type SearchResult<T> = { data: T[]; count: number };

/** A reference to a lookup item or organization: an object with an id; the placeholder -1 means none. */
export const refInput = z.preprocess(
  (v) => (v && typeof v === 'object' && Number((v as { id?: unknown }).id) > 0 ? v : null),
  z.object({ id: z.coerce.number().int().positive() }).nullable(),
);

/** A reference that must be given ('Required' otherwise). */
export const requiredRef = z.preprocess(
  (v) => (v && typeof v === 'object' && Number((v as { id?: unknown }).id) > 0 ? v : undefined),
  z.object({ id: z.coerce.number().int().positive() }, { error: messages.validation.required }),
);
