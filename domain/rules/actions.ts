import { MIN_INPUT_DATE, parseDateInput } from './dates.js';

// Action plans (docs/decisions.md#insights-actions): an action belongs to one manufacturer
// and one practice area (a section of its current-state assessment), has an owner among the
// manufacturer's active people or none, a due date or none, and a status. These are the rules every
// path that reads or writes an action follows; the server enforces them and the web mirrors them.

export const ACTION_STATUSES = ['NotStarted', 'InProgress', 'Done', 'Deferred', 'WontDo'] as const;
export type ActionStatus = (typeof ACTION_STATUSES)[number];

/** The statuses as people read them: on the screens, in the workbook, the PDF and the shared view. */
export const actionStatusNames: Record<ActionStatus, string> = {
  NotStarted: 'Not Started',
  InProgress: 'In Progress',
  Done: 'Done',
  Deferred: 'Deferred',
  WontDo: 'Won\u2019t Do',
};

/** The statuses of an action still to be done: the only ones that can be overdue or chased. */
export const OPEN_ACTION_STATUSES: readonly ActionStatus[] = ['NotStarted', 'InProgress'];

export const ACTION_LIMITS = {
  title: 200,
  description: 4000,
  rationale: 1000,
  /** Due dates, ISO YYYY-MM-DD, both ends included. */
  firstDueOn: MIN_INPUT_DATE,
  lastDueOn: '2100-12-31',
} as const;

export const actionTexts = {
  statusUnknown: `Status must be one of ${ACTION_STATUSES.join(', ')}.`,
  titleRequired: 'Title is required.',
  titleCharacters: 'Title must be one line, without control characters.',
  descriptionCharacters: 'Description must not contain control characters other than tabs and line breaks.',
  rationaleCharacters: 'Reason must not contain control characters other than tabs and line breaks.',
  rationaleRequired: 'A reason is required for Deferred and Won\u2019t Do.',
  dueOnRange: `Due date must be a date from ${ACTION_LIMITS.firstDueOn} to ${ACTION_LIMITS.lastDueOn}.`,
  ownerNotMember: 'The owner must be an active user of the organization.',
  sectionNotInPlan: "The practice area must be a section of the organization's current-state assessment.",
  actionNotFound: 'The action was not found.',
  organizationNotFound: 'The organization was not found.',
  manufacturersOnly: 'Only a manufacturer has an action plan.',
  added: 'The action was added.',
  updated: 'The action was saved.',
  unchanged: 'Nothing changed.',
  deleted: 'The action was deleted.',
} as const;

export function isActionStatus(value: unknown): value is ActionStatus {
  return typeof value === 'string' && (ACTION_STATUSES as readonly string[]).includes(value);
}

export function isOpenStatus(status: ActionStatus): boolean {
  return OPEN_ACTION_STATUSES.includes(status);
}

/** Deferred and Won't Do say why: a plan that drops an action keeps the reason with it. */
export function needsRationale(status: ActionStatus): boolean {
  return status === 'Deferred' || status === 'WontDo';
}

/**
 * Overdue: a due date before today (the server's date in UTC, ISO) while the action is still open.
 * Due today is not overdue; an action without a due date never is.
 */
export function isOverdue(action: { dueOn: string | null; status: ActionStatus }, today: string): boolean {
  return action.dueOn !== null && action.dueOn < today && isOpenStatus(action.status);
}

/**
 * The moment an action became Done after a change of status: kept while it stays Done (saving it
 * again, or changing only its title, is no new completion), `now` when it becomes Done, and null once
 * it leaves Done (reopened, deferred). The date shown, completedOn, is this moment's date.
 */
export function completedAtAfter(
  previous: { status: ActionStatus; completedAt: string | null } | null,
  next: ActionStatus,
  now: string,
): string | null {
  if (next !== 'Done') return null;
  if (previous?.status === 'Done' && previous.completedAt) return previous.completedAt;
  return now;
}

/**
 * A due date in range: a real calendar day written as ISO YYYY-MM-DD (the date inputs' own reading,
 * which gives back exactly that form), from 2010-01-01 to 2100-12-31.
 */
export function isDueOnInRange(value: string): boolean {
  if (parseDateInput(value) !== value) return false;
  return value >= ACTION_LIMITS.firstDueOn && value <= ACTION_LIMITS.lastDueOn;
}

/** The order of an action list: due date, undated last, then id. */
export function compareActions(
  a: { dueOn: string | null; id: number },
  b: { dueOn: string | null; id: number },
): number {
  if (a.dueOn !== b.dueOn) {
    if (a.dueOn === null) return 1;
    if (b.dueOn === null) return -1;
    return a.dueOn < b.dueOn ? -1 : 1;
  }
  return a.id - b.id;
}

export type FollowThrough = 'Closing' | 'GapNotClosed';

/** Follow-through in words, on the Action Plan tab, in the workbook and the executive summary. */
export const followThroughNames: Record<FollowThrough, string> = {
  Closing: 'Closing',
  GapNotClosed: 'Gap Not Closed',
};

/**
 * Whether a practice area's finished actions moved its figure: judged on the latest progress round
 * against the round before it. An action counts when it became Done after the earlier round closed
 * and before the latest one did, by the moments (an action marked Done after a round closed on the
 * same day is not before it). With such an action, the area is Closing when the latest round's
 * average is higher than the earlier round's, and GapNotClosed when it is not (a consultant's cue that
 * the work done did not show). Null without two rounds, without such an action, or without both
 * averages to compare.
 */
export function followThroughOf(
  completedAts: readonly string[],
  rounds: readonly { closedAt: string; average: number | null }[],
): FollowThrough | null {
  if (rounds.length < 2) return null;
  const latest = rounds[rounds.length - 1] as { closedAt: string; average: number | null };
  const before = rounds[rounds.length - 2] as { closedAt: string; average: number | null };
  const counted = completedAts.some((at) => at > before.closedAt && at < latest.closedAt);
  if (!counted || latest.average === null || before.average === null) return null;
  return latest.average > before.average ? 'Closing' : 'GapNotClosed';
}
