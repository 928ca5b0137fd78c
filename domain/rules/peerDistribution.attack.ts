import { roundScore } from './scoring.js';

// The observer the peer-privacy tests play (docs/decisions.md#trust-peers, finding 3): someone who sees published peer
// figures, knows exactly how they are made, and tries every score the manufacturers could have to find
// those that fit. Scores are averages rounded to one decimal, so trying every tenth on a range is
// trying everything. Tests give the observer a narrower range than 0 to 5 around the real scores:
// that is extra knowledge, so what stays uncertain for it stays uncertain for anyone. Used by tests
// only (domain/rules/peerDistribution.test.ts, server/routes/peerPrivacy.test.ts).

/** The published figures of a set of scores, as one comparable text. */
export type Publish = (scores: readonly number[]) => string;

/** Every tenth from `from` to `to` (both included). */
export function tenths(from: number, to: number): number[] {
  const out: number[] = [];
  for (let t = Math.round(from * 10); t <= Math.round(to * 10); t++) out.push(t / 10);
  return out;
}

/** Every sorted set of `size` scores from `grid` (repeats allowed) whose published figures are `seen`. */
export function setsThatFit(
  grid: readonly number[],
  size: number,
  publish: Publish,
  seen: string,
): number[][] {
  const fits: number[][] = [];
  const set: number[] = [];
  const walk = (from: number) => {
    if (set.length === size) {
      if (publish(set) === seen) fits.push([...set]);
      return;
    }
    for (let i = from; i < grid.length; i++) {
      set.push(grid[i] as number);
      walk(i);
      set.pop();
    }
  };
  walk(0);
  return fits;
}

/**
 * At one moment: for each place (lowest first) among `size` unknown scores, every score it can have
 * given the figures `seen`. One candidate at a place means a manufacturer's exact figure is out.
 */
export function candidatesByPlace(grid: readonly number[], size: number, publish: Publish, seen: string) {
  const places = Array.from({ length: size }, () => new Set<number>());
  for (const set of setsThatFit(grid, size, publish, seen))
    for (const [i, v] of set.entries()) places[i]?.add(v);
  return places;
}

/**
 * Before and after one manufacturer's benchmark is regenerated (its score changes, the set keeps its
 * size): every new score it can have. The observer knows which manufacturer changed but not where it
 * stood, so it tries each place.
 */
export function regeneratedCandidates(
  grid: readonly number[],
  size: number,
  publish: Publish,
  before: string,
  after: string,
): Set<number> {
  const found = new Set<number>();
  for (const set of setsThatFit(grid, size, publish, before))
    for (let i = 0; i < size; i++)
      for (const y of grid) {
        const next = [...set];
        next[i] = y;
        if (publish(next) === after) found.add(y);
      }
  return found;
}

/**
 * Before and after one manufacturer joins (a first benchmark generated) or, read backwards, leaves
 * (excluded from the benchmark): every score it can have. `size` is the set without it.
 */
export function joinedCandidates(
  grid: readonly number[],
  size: number,
  publish: Publish,
  without: string,
  withIt: string,
): Set<number> {
  const found = new Set<number>();
  for (const set of setsThatFit(grid, size, publish, without))
    for (const y of grid) if (publish([...set, y]) === withIt) found.add(y);
  return found;
}

/**
 * The figures as they were published before docs/decisions.md#trust-peers: lowest, quartiles (QUARTILE.INC) and highest of
 * every contributor, rounded to one decimal. Kept to show that the observer above does take them apart.
 */
export function legacySpread(scores: readonly number[]) {
  const sorted = [...scores].sort((a, b) => a - b);
  const at = (p: number) => {
    const h = (sorted.length - 1) * p;
    const lo = Math.floor(h);
    const low = sorted[lo] as number;
    return roundScore(low + (h - lo) * ((sorted[Math.ceil(h)] as number) - low));
  };
  return { min: at(0), q1: at(0.25), median: at(0.5), q3: at(0.75), max: at(1) };
}

export const publishLegacy: Publish = (scores) => Object.values(legacySpread(scores)).join(' ');
