import { PRODUCT_NAME } from '../codes.js';
import { withholdsFigures } from './anonymity.js';
import { reachFirmOf } from './consultantReach.js';

// The client portfolio (docs/product.md#insights-portfolio): when a manufacturer needs its
// consultant's attention, and why. The server filters with the same cut-offs in SQL
// (attentionCutoffs) and names the reasons of each row with attentionReasons, so the list and the
// filter can never disagree.

const DAY_MS = 24 * 60 * 60 * 1000;

/** The thresholds, in days: no activity, an invite left unanswered, a roadmap status left as it is. */
export const attentionThresholdDays = { noActivity: 30, invitePending: 14, statusUnchanged: 60 } as const;

/** The reason texts of docs/product.md, exactly, in the order a row lists them. */
export const attentionReasonTexts = {
  noActivity: 'No activity for 30 days',
  invitePending: 'Invites pending over 14 days',
  statusUnchanged: 'Status unchanged for 60 days',
  actionsOverdue: 'Actions overdue',
  gapNotClosed: 'Gap Not Closed',
} as const;
export type AttentionReason = (typeof attentionReasonTexts)[keyof typeof attentionReasonTexts];

/**
 * The moments (ISO-8601 UTC) before which each reason holds, as of `now`; for overdue actions today's
 * date, since a due date (an ISO day) before it is overdue (rules/actions.ts isOverdue).
 */
export function attentionCutoffs(now: Date) {
  const before = (days: number) => new Date(now.getTime() - days * DAY_MS).toISOString();
  return {
    noActivity: before(attentionThresholdDays.noActivity),
    invitePending: before(attentionThresholdDays.invitePending),
    statusUnchanged: before(attentionThresholdDays.statusUnchanged),
    actionsOverdue: now.toISOString().slice(0, 10),
  };
}
export type AttentionCutoffs = ReturnType<typeof attentionCutoffs>;

/** What the attention reasons are decided from, as ISO-8601 UTC moments. */
export type AttentionFacts = {
  /** The latest activity (a counted result completed, an invite sent, a status change), null when none. */
  lastActivityAt: string | null;
  /** When the manufacturer was created: a new client without activity is not yet idle. */
  createdAt: string;
  /** The oldest included invite still without a result: when it was sent (or created, if unsent). */
  oldestPendingAt: string | null;
  /** When the roadmap status last changed (statusSince), null without a roadmap. */
  statusSince: string | null;
  /** The earliest due date (ISO day) of its open actions, null when none has one. */
  earliestOpenDueOn: string | null;
  /**
   * Done actions that did not move their practice area between the last two progress rounds
   * (rules/actionPlan.ts gapNotClosedIn): a reason that holds whatever the clock says.
   */
  gapNotClosed: boolean;
};

/**
 * Since when a roadmap has had its status: when it last changed, or, for roadmaps saved before that
 * was recorded (migration 010), since the roadmap was created.
 */
export function statusSince(roadmap: { statusChangedAt: string | null; createdAt: string } | null) {
  return roadmap ? (roadmap.statusChangedAt ?? roadmap.createdAt) : null;
}

/** The moment each reason counts from: a reason holds once its cut-off is later than its moment. */
export type AttentionMoments = { [K in keyof AttentionCutoffs]: string | null };

export function attentionMoments(facts: AttentionFacts): AttentionMoments {
  return {
    noActivity: facts.lastActivityAt ?? facts.createdAt,
    invitePending: facts.oldestPendingAt,
    statusUnchanged: facts.statusSince,
    actionsOverdue: facts.earliestOpenDueOn,
  };
}

/** The reasons in the order a row lists them. */
const attentionKeys = ['noActivity', 'invitePending', 'statusUnchanged', 'actionsOverdue'] as const;

/** Why a manufacturer needs attention, as of the cut-offs; empty when it does not. */
export function attentionReasons(facts: AttentionFacts, cutoffs: AttentionCutoffs): AttentionReason[] {
  const moments = attentionMoments(facts);
  const reasons: AttentionReason[] = [];
  for (const key of attentionKeys) {
    const moment = moments[key];
    if (moment !== null && moment < cutoffs[key]) reasons.push(attentionReasonTexts[key]);
  }
  if (facts.gapNotClosed) reasons.push(attentionReasonTexts.gapNotClosed);
  return reasons;
}

/**
 * Whether the rows that need attention as of `later` are those that did as of `earlier`, given the
 * earliest moment of each reason among the rows that needed none as of `earlier` (null: no such
 * moment). A row with a reason keeps one while no cut-off goes back, and a row without one stays
 * without while no cut-off passes the earliest moment of its reasons.
 */
export function attentionStands(
  earlier: AttentionCutoffs,
  later: AttentionCutoffs,
  earliestQuiet: AttentionMoments,
): boolean {
  return attentionKeys.every((key) => {
    const quiet = earliestQuiet[key];
    return later[key] >= earlier[key] && (quiet === null || later[key] <= quiet);
  });
}

/** Folds a row without reasons into the earliest moments of attentionStands. */
export function earliestMoments(into: AttentionMoments, facts: AttentionFacts): void {
  const moments = attentionMoments(facts);
  for (const key of attentionKeys) {
    const moment = moments[key];
    const known = into[key];
    if (moment !== null && (known === null || moment < known)) into[key] = moment;
  }
}

/** The columns the portfolio sorts by (the scores are not among them: see docs/decisions.md#insights-portfolio). */
export const portfolioSortColumns = ['name', 'roadmapStatus', 'lastActivityOn'] as const;
export type PortfolioSortColumn = (typeof portfolioSortColumns)[number];
export type SortDirection = 'asc' | 'desc';
export type PortfolioSort = { column: PortfolioSortColumn; direction: SortDirection };
export const defaultPortfolioSort: PortfolioSort = { column: 'name', direction: 'asc' };

/** The direction a column sorts in when its header is first chosen: the latest activity first. */
export function firstDirectionOf(column: PortfolioSortColumn): SortDirection {
  return column === 'lastActivityOn' ? 'desc' : 'asc';
}

/** Choosing a header: the same column turns around, another starts in its first direction. */
export function nextPortfolioSort(current: PortfolioSort, column: PortfolioSortColumn): PortfolioSort {
  if (current.column === column) return { column, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  return { column, direction: firstDirectionOf(column) };
}

/** Future minus current, one decimal; null unless both exist. */
export function scoreGap(current: number | null, future: number | null): number | null {
  if (current === null || future === null) return null;
  return Math.round((future - current) * 10) / 10;
}

/** The CSV download's name: SM-Roadmap-Portfolio-{yyyy-mm-dd}.csv (docs/product.md#insights-portfolio). */
export function portfolioCsvFileName(today: Date): string {
  return `${PRODUCT_NAME.replace(/\s+/g, '-')}-Portfolio-${today.toISOString().slice(0, 10)}.csv`;
}

/** Whose manufacturers a caller's portfolio holds: every one for admins, a consultant's firm's only. */
export function portfolioReachOf(actor: {
  role: string;
  organizationId: number | null;
}): { consultingFirmId?: number } | null {
  if (actor.role === 'admin') return {};
  const firm = reachFirmOf(actor);
  return firm === undefined ? null : { consultingFirmId: firm };
}

/** What the server reads of one manufacturer (counts may come as text from PostgreSQL). */
export type PortfolioFacts = {
  id: number;
  name: string;
  createdAt: string;
  roadmapStatus: string | null;
  sentCurrent: number | string | null;
  sentFuture: number | string | null;
  completedCurrent: number | string | null;
  completedFuture: number | string | null;
  oldestPendingAt: string | null;
  lastActivityAt: string | null;
  statusSince: string | null;
  earliestOpenDueOn: string | null;
  gapNotClosed: boolean;
  /** How many of its actions are open (NotStarted, InProgress). */
  openActions: number | string | null;
  /** The due dates of its open actions, comma-separated (none: null or empty). */
  openDueOns: string | null;
};

/** How many of the due dates (comma-separated ISO days) are before today: the overdue open actions. */
export function overdueCount(openDueOns: string | null, today: string): number {
  if (!openDueOns) return 0;
  return openDueOns.split(',').filter((day) => day < today).length;
}

/** One row of the portfolio as organization/portfolio answers it (docs/product.md#insights-portfolio). */
export function portfolioRowOf(
  facts: PortfolioFacts,
  scores:
    | { current: number | null; future: number | null; respondents?: { current: number; future: number } }
    | undefined,
  cutoffs: AttentionCutoffs,
  /** The reader sees this manufacturer anonymized: an average of 1 or 2 respondents is withheld. */
  anonymized = false,
) {
  const reasons = attentionReasons(facts, cutoffs);
  const shown = (score: number | null | undefined, respondents: number | undefined) =>
    withholdsFigures(anonymized, respondents ?? 0) ? null : (score ?? null);
  const currentScore = shown(scores?.current, scores?.respondents?.current);
  const futureScore = shown(scores?.future, scores?.respondents?.future);
  return {
    id: facts.id,
    name: facts.name,
    roadmapStatus: facts.roadmapStatus,
    invitesSent: { current: Number(facts.sentCurrent ?? 0), future: Number(facts.sentFuture ?? 0) },
    invitesCompleted: {
      current: Number(facts.completedCurrent ?? 0),
      future: Number(facts.completedFuture ?? 0),
    },
    lastActivityOn: facts.lastActivityAt ? facts.lastActivityAt.slice(0, 10) : null,
    currentScore,
    futureScore,
    gap: scoreGap(currentScore, futureScore),
    openActions: Number(facts.openActions ?? 0),
    overdueActions: overdueCount(facts.openDueOns, cutoffs.actionsOverdue),
    needsAttention: reasons.length > 0,
    attentionReasons: reasons,
  };
}
