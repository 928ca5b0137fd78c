import { figuresFrom } from '@domain/rules/anonymity.js';
import type { PeerSection } from '@domain/rules/peers.js';
import { scoreGap } from '@domain/rules/portfolio.js';
import {
  overallProgress,
  type ProgressRound,
  type SectionProgress,
  sectionProgress,
} from '@domain/rules/progress.js';
import { averagesOf, levelName, type ResultScores } from '@domain/rules/reportFigures.js';
import type { AlignmentSection, RoleAlignment } from '@domain/rules/roleAlignment.js';
import { actionsOf, type PlanReport, type PlanReportAction, type PlanReportSection } from '../actionPlan.js';
import type { OrganizationReport } from '../workbook/organizationReport.js';

// The executive summary's figures (docs/decisions.md#insights-actions): every one is read from the
// objects the organization workbook writes its sheets from, the current-state OrganizationReport
// (Summary, Role Alignment, Progress, peer comparison) and its PlanReport (Action Plan), so the PDF and
// the workbook cannot disagree. Nothing here names a respondent: the report holds no person but in its
// respondent rows and answers, which the summary does not read; owners are named as the plan names them.

/** How many of the largest gaps page one lists. */
export const LARGEST_GAPS = 5;
/** Role spread is shown once role alignment compares at least this many groups. */
export const SPREAD_GROUPS = 2;

export type ExecutiveArea = PlanReportSection & {
  currentLevel: string;
  futureLevel: string;
  actions: PlanReportAction[];
  progress: SectionProgress | null;
  peer: PeerSection | null;
  spread: AlignmentSection | null;
};

export type ExecutiveSummary = {
  organization: string;
  generatedOn: Date;
  roadmapStatus: string;
  respondents: number;
  overall: {
    current: number | null;
    currentLevel: string;
    future: number | null;
    futureLevel: string;
    gap: number | null;
  };
  /** Every practice area of the plan, largest gap first (the chart and the area pages). */
  areas: ExecutiveArea[];
  largestGaps: ExecutiveArea[];
  progress: {
    rounds: ProgressRound[];
    hasTarget: boolean;
    overall: ReturnType<typeof overallProgress>;
    sections: SectionProgress[];
  };
  peers: OrganizationReport['peers'];
  /** Null while fewer than SPREAD_GROUPS groups are compared. */
  alignment: RoleAlignment | null;
  plan: PlanReport;
};

/**
 * The summary of a current-state organization report (`report`, as organizationReport builds it for
 * the reader) and the organization's future-state results (`future`, before any withholding: the
 * reader's rule, figuresFrom, is applied here as the plan applies it).
 */
export function executiveSummary(
  report: OrganizationReport,
  future: readonly { scores: ResultScores }[],
): ExecutiveSummary {
  const anonymized = !report.named;
  const futureOverall = averagesOf(
    figuresFrom(anonymized, future).map((r) => r.scores),
    [],
  ).overall;
  const codeOf = new Map(report.sections.map((s) => [s.id, s.code]));
  const progressSections = sectionProgress(report.progress);
  const peers = report.peers.available ? report.peers.sections.map((s) => s.figures) : [];
  const alignment = report.alignment.groups.length >= SPREAD_GROUPS ? report.alignment : null;
  const areas = report.plan.sections.map(
    (s): ExecutiveArea => ({
      ...s,
      currentLevel: levelName(s.current),
      futureLevel: levelName(s.future),
      actions: actionsOf(report.plan, s.id),
      progress: progressSections.find((p) => p.id === s.id) ?? null,
      peer: peers.find((p) => p.code === codeOf.get(s.id)) ?? null,
      spread: alignment?.sections.find((a) => a.id === s.id) ?? null,
    }),
  );
  return {
    organization: report.organization,
    generatedOn: report.generatedOn,
    roadmapStatus: report.roadmapStatus,
    respondents: report.counted,
    overall: {
      current: report.overall,
      currentLevel: levelName(report.overall),
      future: futureOverall,
      futureLevel: levelName(futureOverall),
      gap: scoreGap(report.overall, futureOverall),
    },
    areas,
    largestGaps: areas.filter((a) => a.gap !== null).slice(0, LARGEST_GAPS),
    progress: {
      rounds: report.progress.rounds,
      hasTarget: report.progress.target !== null,
      overall: overallProgress(report.progress),
      sections: progressSections,
    },
    peers: report.peers,
    alignment,
    plan: report.plan,
  };
}
