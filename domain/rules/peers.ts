import { roundScore } from './scoring.js';

// Peer figures of the benchmark (issue 12, and INTERFACES.md 'peer distribution'): how a manufacturer
// stands among the manufacturers with a generated benchmark. Figures appear only when at least
// PEER_MINIMUM manufacturers contribute, so that no single manufacturer can be read out of them.

export const PEER_MINIMUM = 5;

/** One benchmarked manufacturer's snapshot, as the peer figures read it. */
export type PeerSnapshot = {
  organizationId: number;
  overall: number | null;
  sections: { code: string; score: number | null }[];
};

export type Spread = { min: number; q1: number; median: number; q3: number; max: number };

export type PeerSection = Spread & {
  code: string;
  /** The mean of the contributors' section averages. */
  average: number;
  /** How many manufacturers gave a figure for this section. */
  contributors: number;
  /** The organization's own figure (its live average), or null when it has none. */
  value: number | null;
  /** 1 for the highest; among the other contributors plus the organization itself. Null without a value. */
  rank: number | null;
  /** How many the rank is out of: the other contributors plus the organization itself. */
  rankOf: number;
};

export type PeerFigures = {
  /** Benchmarked manufacturers that contribute (the organization itself included when it is one). */
  contributors: number;
  minimum: number;
  /** False below the minimum: then there are no figures at all. */
  available: boolean;
  overall: PeerSection | null;
  sections: PeerSection[];
};

/** Quartiles by linear interpolation between closest ranks (the spreadsheet QUARTILE.INC method). */
export function spreadOf(values: readonly number[]): Spread {
  if (values.length === 0) throw new Error('spreadOf needs at least one value');
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) => {
    const h = (sorted.length - 1) * p;
    const lo = Math.floor(h);
    const hi = Math.ceil(h);
    const low = sorted[lo] as number;
    return roundScore(low + (h - lo) * ((sorted[hi] as number) - low));
  };
  return { min: at(0), q1: at(0.25), median: at(0.5), q3: at(0.75), max: at(1) };
}

function sectionFigures(
  code: string,
  peers: readonly { organizationId: number; score: number | null }[],
  own: { organizationId: number; value: number | null },
): PeerSection | null {
  const given = peers.filter((p): p is { organizationId: number; score: number } => p.score !== null);
  if (given.length === 0) return null;
  const scores = given.map((p) => p.score);
  const others = given.filter((p) => p.organizationId !== own.organizationId).map((p) => p.score);
  return {
    code,
    ...spreadOf(scores),
    average: roundScore(scores.reduce((a, b) => a + b, 0) / scores.length),
    contributors: given.length,
    value: own.value,
    rank: own.value === null ? null : 1 + others.filter((s) => s > (own.value as number)).length,
    rankOf: others.length + 1,
  };
}

/**
 * The peer figures for one organization: per section (in the order of `codes`) and overall, the
 * contributors' spread and mean, and the organization's rank among them. `peers` must already leave
 * out manufacturers excluded from the benchmark. Below PEER_MINIMUM contributors: no figures.
 */
export function peerFigures(
  peers: readonly PeerSnapshot[],
  own: { organizationId: number; overall: number | null; sections: { code: string; score: number | null }[] },
  codes: readonly string[],
): PeerFigures {
  const contributors = new Set(peers.map((p) => p.organizationId)).size;
  const available = contributors >= PEER_MINIMUM;
  if (!available) return { contributors, minimum: PEER_MINIMUM, available, overall: null, sections: [] };
  const ownScore = (code: string) => own.sections.find((s) => s.code === code)?.score ?? null;
  const sections = codes
    .map((code) =>
      sectionFigures(
        code,
        peers.map((p) => ({
          organizationId: p.organizationId,
          score: p.sections.find((s) => s.code === code)?.score ?? null,
        })),
        { organizationId: own.organizationId, value: ownScore(code) },
      ),
    )
    .filter((s): s is PeerSection => s !== null);
  const overall = sectionFigures(
    'overall',
    peers.map((p) => ({ organizationId: p.organizationId, score: p.overall })),
    { organizationId: own.organizationId, value: own.overall },
  );
  return { contributors, minimum: PEER_MINIMUM, available, overall, sections };
}

/** What the web shows and the organization report prints below the minimum (INTERFACES.md). */
export function peersNeededMessage(needed: number): string {
  return `${needed} more benchmarked manufacturers are needed to show peer figures.`;
}

/** How many more benchmarked manufacturers the peer figures need (0 once there are enough). */
export function peersNeeded(contributors: number): number {
  return Math.max(0, PEER_MINIMUM - contributors);
}

/** One section of POST assessmentresult/peers: the current section, the organization's value, the spread. */
export type PeerDistributionSection = Spread & { id: number; name: string; value: number | null };

/** The answer of POST assessmentresult/peers (INTERFACES.md 'peer distribution'). */
export type PeerDistribution = {
  contributors: number;
  minimum: number;
  sections: PeerDistributionSection[];
};

/**
 * The peer figures as the call answers them: each section the figures have, under its current id and
 * caption (matched by code; a benchmark's section that is no longer current is left out), in the
 * order of `sections`. Below the minimum, no section at all.
 */
export function peerDistribution(
  figures: PeerFigures,
  sections: readonly { id: number; code: string; caption: string }[],
): PeerDistribution {
  const byCode = new Map(figures.sections.map((f) => [f.code, f]));
  return {
    contributors: figures.contributors,
    minimum: figures.minimum,
    sections: figures.available
      ? sections.flatMap((s) => {
          const f = byCode.get(s.code);
          if (!f) return [];
          const { min, q1, median, q3, max, value } = f;
          return [{ id: s.id, name: s.caption, value, min, q1, median, q3, max }];
        })
      : [],
  };
}
