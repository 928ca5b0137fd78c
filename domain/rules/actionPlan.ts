import {
  type ActionStatus,
  type FollowThrough,
  followThroughOf,
  isOpenStatus,
  isOverdue,
} from './actions.js';
import type { ProgressRound } from './progress.js';
import { averagesOf, byLargestGap, type Gap, type ResultScores } from './reportFigures.js';

// The plan (docs/decisions.md#insights-actions): each practice area of the current-state assessment
// with its figures, gap, how many of its actions are open, done and overdue, and whether the done ones
// moved its figure between the last two progress rounds. The Action Plan tab, the organization
// workbook and the executive summary all read it from here, so they cannot disagree.

export type PlanSection = Gap<{ id: number; name: string }> & {
  actions: { open: number; done: number; overdue: number };
  followThrough: FollowThrough | null;
};

export type PlanAction = {
  sectionId: number;
  status: ActionStatus;
  dueOn: string | null;
  completedAt: string | null;
};

/**
 * The plan's sections, largest gap first (reportFigures.byLargestGap: areas without a gap last, ties in
 * the assessment's order). `current` and `future` are the scores of the results the reader may see
 * (none under Anonymize Results while too few count); `rounds` oldest first, as the reader may see them.
 */
export function planOf(input: {
  sections: readonly { id: number; code: string; caption: string }[];
  current: readonly ResultScores[];
  future: readonly ResultScores[];
  actions: readonly PlanAction[];
  rounds: readonly ProgressRound[];
  today: string;
}): PlanSection[] {
  const codes = input.sections.map((s) => s.code);
  const now = averagesOf(input.current, codes).sections;
  const target = averagesOf(input.future, codes).sections;
  const figures = byLargestGap(
    input.sections.map((s, i) => ({
      id: s.id,
      name: s.caption,
      current: now[i]?.score ?? null,
      future: target[i]?.score ?? null,
    })),
  );
  return figures.map((section) => {
    const own = input.actions.filter((a) => a.sectionId === section.id);
    const doneAt = own.flatMap((a) => (a.status === 'Done' && a.completedAt ? [a.completedAt] : []));
    const rounds = input.rounds.map((r) => ({
      closedAt: r.closedOn,
      average: r.sections.find((s) => s.id === section.id)?.average ?? null,
    }));
    return {
      ...section,
      actions: {
        open: own.filter((a) => isOpenStatus(a.status)).length,
        done: own.filter((a) => a.status === 'Done').length,
        overdue: own.filter((a) => isOverdue(a, input.today)).length,
      },
      followThrough: followThroughOf(doneAt, rounds),
    };
  });
}

/**
 * Whether a practice area's Done actions did not move its figure between the last two progress rounds
 * (followThroughOf's GapNotClosed in any area): the portfolio's attention reason 'Gap Not Closed'.
 * `rounds` oldest first, as the reader may see them.
 */
export function gapNotClosedIn(
  rounds: readonly ProgressRound[],
  done: readonly { sectionId: number; completedAt: string }[],
): boolean {
  return [...new Set(done.map((d) => d.sectionId))].some(
    (sectionId) =>
      followThroughOf(
        done.filter((d) => d.sectionId === sectionId).map((d) => d.completedAt),
        rounds.map((r) => ({
          closedAt: r.closedOn,
          average: r.sections.find((s) => s.id === sectionId)?.average ?? null,
        })),
      ) === 'GapNotClosed',
  );
}
