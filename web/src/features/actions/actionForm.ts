import { type ActionStatus, actionTexts, needsRationale } from '@domain/rules/actions';
import { actionRationaleSchema, actionStatusSchema } from '@domain/schemas/actions';
import type { ActionView } from '@web/api/actions';
import { z } from 'zod';

/** What the dialog's inputs hold, as text; the domain schemas read it into a body. */
export type ActionFormValues = {
  title: string;
  description: string;
  /** A user id, or '' for nobody. */
  ownerId: string;
  /** YYYY-MM-DD as the date input gives it, or '' for none. */
  dueOn: string;
  status: ActionStatus;
  rationale: string;
};

/** A new action's blank form, or an action's stored fields. */
export function formValuesOf(action: ActionView | null): ActionFormValues {
  return {
    title: action?.title ?? '',
    description: action?.description ?? '',
    ownerId: action?.owner ? String(action.owner.id) : '',
    dueOn: action?.dueOn ?? '',
    status: action?.status ?? 'NotStarted',
    rationale: action?.rationale ?? '',
  };
}

/**
 * What a plain member may change of an action they own: where it stands and why, with the reason
 * Deferred and Won't Do need (the same rule and text as organization/action/add).
 */
export const statusChangeSchema = z
  .object({ status: actionStatusSchema, rationale: actionRationaleSchema })
  .superRefine((value, ctx) => {
    if (needsRationale(value.status) && !value.rationale)
      ctx.addIssue({ code: 'custom', path: ['rationale'], message: actionTexts.rationaleRequired });
  });
export type StatusChange = z.output<typeof statusChangeSchema>;
