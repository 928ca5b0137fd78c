import { roundScore } from './scoring.js';

// How peer figures are made so that they cannot be taken apart (docs/decisions.md#trust-peers, finding 3; docs/product.md#insights-peers).
// The set: only the manufacturers the caller cannot read (domain/policies/peers.ts
// says which it can), and only when at least PEER_MINIMUM of them remain; so subtracting what the
// caller knows removes nothing. The figures: lower quartile, median and upper quartile, never a
// lowest, highest, rank or mean, each a blend of at least two manufacturers so that none is one
// manufacturer's figure, rounded to one decimal.

/** How many manufacturers outside the caller's reach the figures need. */
export const PEER_MINIMUM = 5;

export type Quartiles = { q1: number; median: number; q3: number };

/** The value at 0-based rank position `h` of sorted values, interpolating between neighbours. */
function at(sorted: readonly number[], h: number): number {
  const lo = Math.floor(h);
  const hi = Math.ceil(h);
  const low = sorted[lo] as number;
  return low + (h - lo) * ((sorted[hi] as number) - low);
}

/**
 * One quantile, smoothed over one rank: the mean of the interpolated values half a rank either side of
 * the spreadsheet position (QUARTILE.INC's (n - 1) * p). The plain method gives, with five values,
 * the 2nd, 3rd and 4th of them exactly, so the median is always one manufacturer's own figure, and a
 * benchmark regenerated into that place shows its new score outright. Smoothed, every figure weighs
 * at least two manufacturers and none more than half (with five: q1 = x1/4 + x2/2 + x3/4), so a
 * change of one manufacturer moves a figure by at most half its own change, and a rounded figure
 * seen before and after does not pin its score (domain/rules/peerDistribution.test.ts shows it by
 * trying every score an observer could suppose).
 */
function smoothedQuantile(sorted: readonly number[], p: number): number {
  const last = sorted.length - 1;
  const h = last * p;
  return (at(sorted, Math.max(0, h - 0.5)) + at(sorted, Math.min(last, h + 0.5))) / 2;
}

/** The quartiles of `values` (at least one), smoothed over one rank and rounded to one decimal. */
export function quartilesOf(values: readonly number[]): Quartiles {
  if (values.length === 0) throw new Error('quartilesOf needs at least one value');
  const sorted = [...values].sort((a, b) => a - b);
  return {
    q1: roundScore(smoothedQuantile(sorted, 0.25)),
    median: roundScore(smoothedQuantile(sorted, 0.5)),
    q3: roundScore(smoothedQuantile(sorted, 0.75)),
  };
}

/**
 * The quartiles of one figure (a section, or overall) over the remaining manufacturers, or null when
 * fewer than PEER_MINIMUM of them gave that figure (a benchmark older than a section has none for it):
 * the floor holds per figure, not only for the set.
 */
export function peerQuartiles(scores: readonly (number | null | undefined)[]): Quartiles | null {
  const given = scores.filter((s): s is number => typeof s === 'number' && Number.isFinite(s));
  return given.length >= PEER_MINIMUM ? quartilesOf(given) : null;
}

/**
 * Who the figures are made of: the contributors the caller cannot read (`readable` says which it
 * can). `needed` is how many more of those the figures need: PEER_MINIMUM minus the remaining count,
 * so for a consultant whose firm's clients are among the contributors, the clients do not count.
 */
export function remainingPeers<T>(
  contributors: readonly T[],
  readable: (contributor: T) => boolean,
): { remaining: T[]; needed: number } {
  const remaining = contributors.filter((c) => !readable(c));
  return { remaining, needed: Math.max(0, PEER_MINIMUM - remaining.length) };
}
