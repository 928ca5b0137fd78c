import type { PlanSection } from '../../domain/rules/actionPlan.js';
import { actionStatusNames, followThroughNames, needsRationale } from '../../domain/rules/actions.js';
import type { ActionView } from '../../domain/schemas/actions.js';

// The plan as the reports print it (docs/decisions.md#insights-actions): the Action Plan sheet of the
// organization workbook and the executive summary PDF both read this one object, shaped from the one
// loader of the plan (repositories/actionPlan.ts, the organization/plan call's) and the actions as
// organization/action/search answers them, so the two files and the Action Plan tab cannot disagree.

/** A status in words, as the Action Plan tab writes it. */
export const actionStatusWords = actionStatusNames;

/** Follow-through in words; no follow-through is no word. */
export const followThroughWords = followThroughNames;

/** The marker beside an open action past its due date: in words, never by colour alone. */
export const OVERDUE = 'Overdue';

export type PlanReportSection = {
  id: number;
  name: string;
  current: number | null;
  future: number | null;
  gap: number | null;
  followThrough: string;
  open: number;
  done: number;
  overdue: number;
};

export type PlanReportAction = {
  id: number;
  sectionId: number;
  practiceArea: string;
  title: string;
  /** Named also under Anonymize Results: owning an action ties no result to a person. */
  owner: string | null;
  /** ISO YYYY-MM-DD. */
  dueOn: string | null;
  status: string;
  overdue: boolean;
  /** Why a Deferred or Won't Do action was set aside (as the Action Plan tab shows it); empty otherwise. */
  reason: string;
};

export type PlanReport = {
  /** The day the plan was figured (overdue is as of it), ISO YYYY-MM-DD. */
  today: string;
  /** Largest gap first, as organization/plan answers. */
  sections: PlanReportSection[];
  /** Every action: by practice area in the plan's order, then as the action list orders them. */
  actions: PlanReportAction[];
};

/**
 * The plan of `sections` (actionPlanRepository.planOf) with every one of `actions` (presentAction, in
 * the action list's order: due date, undated last, then id). An action of a practice area the plan no
 * longer has (a section taken out of the assessment) comes last, under its own name.
 */
export function planReport(
  sections: readonly PlanSection[],
  actions: readonly ActionView[],
  today: string,
): PlanReport {
  const rank = new Map(sections.map((s, i) => [s.id, i]));
  const ordered = actions
    .map((action, index) => ({ action, index, rank: rank.get(action.sectionId) ?? sections.length }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map((x) => x.action);
  return {
    today,
    sections: sections.map((s) => ({
      id: s.id,
      name: s.name,
      current: s.current,
      future: s.future,
      gap: s.gap,
      followThrough: s.followThrough ? followThroughWords[s.followThrough] : '',
      open: s.actions.open,
      done: s.actions.done,
      overdue: s.actions.overdue,
    })),
    actions: ordered.map((a) => ({
      id: a.id,
      sectionId: a.sectionId,
      practiceArea: a.sectionName,
      title: a.title,
      owner: a.owner?.fullName ?? null,
      dueOn: a.dueOn,
      status: actionStatusWords[a.status],
      overdue: a.overdue,
      reason: needsRationale(a.status) ? a.rationale : '',
    })),
  };
}

/** The actions of one practice area, in the plan's order. */
export const actionsOf = (plan: PlanReport, sectionId: number) =>
  plan.actions.filter((a) => a.sectionId === sectionId);
