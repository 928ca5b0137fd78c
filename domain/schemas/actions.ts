import { z } from 'zod';
import {
  ACTION_LIMITS,
  ACTION_STATUSES,
  type ActionStatus,
  actionTexts,
  isDueOnInRange,
  needsRationale,
} from '../rules/actions.js';
import { pageOf } from './answers.js';
import { isSingleLine, listSearchSchema } from './common.js';

// The bodies and answers of the action calls (docs/decisions.md#insights-actions). A body
// that breaks a rule here is refused with 400 and the rule's text; the rules that need the stored
// action or the organization (the owner among its active people, the reason on a partial update, who
// may change what) are the command's, with the same rule functions.

const id = z.coerce
  .number({ error: 'Must be a number.' })
  .int('Must be a whole number.')
  .positive('Must be positive.');

export const actionStatusSchema = z.enum(ACTION_STATUSES, { error: actionTexts.statusUnknown });

/** 1 to 200 characters once trimmed, on one line. */
export const actionTitleSchema = z
  .string({ error: actionTexts.titleRequired })
  .trim()
  .min(1, actionTexts.titleRequired)
  .max(ACTION_LIMITS.title, `Title must be at most ${ACTION_LIMITS.title} characters.`)
  .refine(isSingleLine, actionTexts.titleCharacters);

/** Control characters but tab, line feed and carriage return. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what it finds.
const MULTILINE_FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/**
 * Plain text of several lines: tabs and line breaks are kept, other control characters refused
 * (PostgreSQL stores no NUL in text, and no reader wants the rest).
 */
export const actionDescriptionSchema = z
  .string({ error: 'Description must be text.' })
  .max(ACTION_LIMITS.description, `Description must be at most ${ACTION_LIMITS.description} characters.`)
  .refine((v) => !MULTILINE_FORBIDDEN.test(v), actionTexts.descriptionCharacters);

export const actionRationaleSchema = z
  .string({ error: 'Reason must be text.' })
  .trim()
  .max(ACTION_LIMITS.rationale, `Reason must be at most ${ACTION_LIMITS.rationale} characters.`)
  .refine((v) => !MULTILINE_FORBIDDEN.test(v), actionTexts.rationaleCharacters);

/** A due date (YYYY-MM-DD, 2010 to 2100) or none: null or an empty text clears it. */
export const actionDueOnSchema = z.preprocess(
  (v) => (v === '' ? null : v),
  z.string({ error: actionTexts.dueOnRange }).refine(isDueOnInRange, actionTexts.dueOnRange).nullable(),
);

/**
 * The owner's user id, or none: null, an empty text (the form's blank choice) and the select's
 * placeholder -1 mean nobody. Any other value must be a user's id (whole, positive; digits as text
 * too); 0, other negatives, booleans and the like are refused, as an owner outside the organization is.
 */
export const actionOwnerSchema = z.preprocess(
  (v) =>
    v === null || v === '' || v === -1 || v === '-1'
      ? null
      : typeof v === 'string' && /^\d+$/.test(v)
        ? Number(v)
        : v,
  z
    .number({ error: actionTexts.ownerNotMember })
    .int(actionTexts.ownerNotMember)
    .positive(actionTexts.ownerNotMember)
    .nullable(),
);

/** A reason is asked for Deferred and Won't Do: refused with its text on `rationale` when blank. */
function requireRationale(value: { status: ActionStatus; rationale: string }, ctx: z.RefinementCtx) {
  if (needsRationale(value.status) && !value.rationale)
    ctx.addIssue({ code: 'custom', path: ['rationale'], message: actionTexts.rationaleRequired });
}

/** organization/action/add: status NotStarted when left out. */
export const actionAddSchema = z
  .object({
    organizationId: id,
    sectionId: id,
    title: actionTitleSchema,
    description: actionDescriptionSchema.default(''),
    ownerId: actionOwnerSchema.default(null),
    dueOn: actionDueOnSchema.default(null),
    status: actionStatusSchema.default('NotStarted'),
    rationale: actionRationaleSchema.default(''),
  })
  .superRefine(requireRationale);
export type ActionAdd = z.output<typeof actionAddSchema>;

/**
 * organization/action/update: the action's id and the fields to change; a field left out keeps its
 * value (so the reason Deferred and Won't Do need may be the stored one: the command checks it).
 */
export const actionUpdateSchema = z.object({
  id,
  sectionId: id.optional(),
  title: actionTitleSchema.optional(),
  description: actionDescriptionSchema.optional(),
  ownerId: actionOwnerSchema.optional(),
  dueOn: actionDueOnSchema.optional(),
  status: actionStatusSchema.optional(),
  rationale: actionRationaleSchema.optional(),
});
export type ActionUpdate = z.output<typeof actionUpdateSchema>;

/** Skip and Take, bounded as in every list search. */
const page = listSearchSchema.pick({ skip: true, take: true }).shape;

/** organization/action/search: every filter but the organization optional. */
export const actionSearchSchema = z.object({
  organizationId: id,
  status: actionStatusSchema.nullish(),
  sectionId: id.nullish(),
  overdue: z.boolean({ error: 'Overdue must be true or false.' }).nullish(),
  ...page,
});
export type ActionSearch = z.output<typeof actionSearchSchema>;

/** organization/action/mine: the caller's own open actions, a page at a time. */
export const myActionsSchema = z.object(page);

/** An action as every call answers it. */
export const actionViewSchema = z.object({
  id: z.number().int(),
  organizationId: z.number().int(),
  sectionId: z.number().int(),
  sectionName: z.string(),
  title: z.string(),
  description: z.string(),
  owner: z.object({ id: z.number().int(), fullName: z.string() }).nullable(),
  dueOn: z.string().nullable(),
  status: actionStatusSchema,
  rationale: z.string(),
  createdOn: z.string(),
  updatedOn: z.string(),
  completedOn: z.string().nullable(),
  overdue: z.boolean(),
});
export type ActionView = z.output<typeof actionViewSchema>;
export const actionPageSchema = pageOf(actionViewSchema);

export const followThroughSchema = z.enum(['Closing', 'GapNotClosed']);

/** organization/plan: the practice areas by gap, with their actions' counts and follow-through. */
export const planSchema = z.object({
  sections: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      current: z.number().nullable(),
      future: z.number().nullable(),
      gap: z.number().nullable(),
      actions: z.object({ open: z.number().int(), done: z.number().int(), overdue: z.number().int() }),
      followThrough: followThroughSchema.nullable(),
    }),
  ),
});
export type Plan = z.output<typeof planSchema>;
