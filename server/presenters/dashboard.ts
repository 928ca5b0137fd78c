import { roadmapStatusCodes } from '../../domain/codes.js';
import { championNextStepOf } from '../../domain/rules/dashboard.js';
import {
  type AttentionCutoffs,
  type AttentionFacts,
  attentionReasons,
} from '../../domain/rules/portfolio.js';
import type { ChampionDashboard, Completion } from '../../domain/schemas/dashboardView.js';

/** A page of the portfolio's search: its rows' attention facts and the count of every match. */
type AttentionPage = { count: number; rows: (AttentionFacts & { id: number; name: string })[] };

/** The manufacturers needing attention as the dashboard lists them: name and reasons, no figure of a person. */
export function presentAttention(page: AttentionPage, cutoffs: AttentionCutoffs) {
  return {
    count: page.count,
    manufacturers: page.rows.map((row) => ({
      id: row.id,
      name: row.name,
      reasons: attentionReasons(row, cutoffs),
    })),
  };
}

const statusCodeOf = (code: string | null | undefined) => roadmapStatusCodes.find((c) => c === code) ?? null;

/** The champion's figures: the roadmap's stage, the invite tabs' completion and the next step. */
export function presentChampionDashboard(
  organizationId: number | null,
  roadmap: { code: string | null; name: string | null } | null,
  invites: { current: Completion; future: Completion },
): ChampionDashboard {
  const code = statusCodeOf(roadmap?.code);
  return {
    role: 'manufacturer-champion',
    organizationId,
    roadmapStatus: code ? { code, name: roadmap?.name ?? code } : null,
    invites,
    nextStep: championNextStepOf(code, invites),
  };
}
