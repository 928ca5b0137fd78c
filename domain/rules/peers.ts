import { PEER_MINIMUM, peerQuartiles, type Quartiles, remainingPeers } from './peerDistribution.js';

// Peer figures of the benchmark (docs/product.md#insights-peers): how a manufacturer
// stands among the manufacturers with a generated benchmark. docs/decisions.md#trust-peers made them safe to show: they are
// made only of the manufacturers the caller cannot read, need at least PEER_MINIMUM of them, and are
// quartiles that no manufacturer's figure can be read back out of (domain/rules/peerDistribution.ts).
// The results page, the organization workbook and (later) the executive report all take them from here.

export { PEER_MINIMUM } from './peerDistribution.js';

/** One benchmarked manufacturer's snapshot, as the peer figures read it. */
export type PeerSnapshot = {
  organizationId: number;
  /** Its consulting firm: that firm's consultants can read its figures, so never see it among peers. */
  consultingFirmId: number | null;
  overall: number | null;
  sections: { code: string; score: number | null }[];
};

export type PeerSection = Quartiles & {
  code: string;
  /** The organization's own figure (its live average), or null when it has none. */
  value: number | null;
};

export type PeerFigures = {
  /** Benchmarked manufacturers (the organization itself included when it is one). */
  contributors: number;
  minimum: number;
  /** How many more manufacturers outside the caller's reach the figures need; 0 once they show. */
  needed: number;
  /** False below the minimum: then there are no figures at all. */
  available: boolean;
  overall: PeerSection | null;
  sections: PeerSection[];
};

/**
 * The peer figures one caller may see for one organization: per section (in the order of `codes`)
 * and overall, the quartiles of the contributors the caller cannot read (`readable`: its own
 * organization, a consultant's clients; domain/policies/peers.ts `readsPeerFiguresOf`). `peers` must
 * already leave out manufacturers excluded from the benchmark. A figure that fewer than PEER_MINIMUM
 * of those remaining gave is left out; with fewer than PEER_MINIMUM remaining there are no figures.
 */
export function peerFigures(
  peers: readonly PeerSnapshot[],
  own: { overall: number | null; sections: { code: string; score: number | null }[] },
  codes: readonly string[],
  readable: (peer: PeerSnapshot) => boolean,
): PeerFigures {
  const contributors = new Set(peers.map((p) => p.organizationId)).size;
  const { remaining, needed } = remainingPeers(peers, readable);
  const base = { contributors, minimum: PEER_MINIMUM, needed, available: needed === 0 };
  if (!base.available) return { ...base, overall: null, sections: [] };
  const figure = (code: string, value: number | null, score: (p: PeerSnapshot) => number | null) => {
    const quartiles = peerQuartiles(remaining.map(score));
    return quartiles ? { code, value, ...quartiles } : null;
  };
  const sections = codes
    .map((code) =>
      figure(
        code,
        own.sections.find((s) => s.code === code)?.score ?? null,
        (p) => p.sections.find((s) => s.code === code)?.score ?? null,
      ),
    )
    .filter((s): s is PeerSection => s !== null);
  return { ...base, overall: figure('overall', own.overall, (p) => p.overall), sections };
}

/** What the web shows and the organization report prints below the minimum (docs/product.md#insights-peers). */
export function peersNeededMessage(needed: number): string {
  return `${needed} more benchmarked manufacturers are needed to show peer figures.`;
}

/** One section of POST assessmentresult/peers: the current section, the organization's value, the quartiles. */
export type PeerDistributionSection = Quartiles & { id: number; name: string; value: number | null };

/** The answer of POST assessmentresult/peers (docs/product.md#insights-peers). */
export type PeerDistribution = {
  contributors: number;
  minimum: number;
  needed: number;
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
    needed: figures.needed,
    sections: figures.available
      ? sections.flatMap((s) => {
          const f = byCode.get(s.code);
          if (!f) return [];
          const { q1, median, q3, value } = f;
          return [{ id: s.id, name: s.caption, value, q1, median, q3 }];
        })
      : [],
  };
}
