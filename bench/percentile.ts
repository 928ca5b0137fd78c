/**
 * The nearest-rank percentile of times sorted ascending: the smallest time at or under which `p` (0 to
 * 1) of them fall. 0 when there is none. The one definition every bench figure uses.
 */
export function nearestRank(sorted: ArrayLike<number>, p: number): number {
  if (!sorted.length) return 0;
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil(p * sorted.length)));
  return sorted[rank - 1] as number;
}
