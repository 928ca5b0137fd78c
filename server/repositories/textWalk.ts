/**
 * A page of a list searched by text, read one of two ways (docs/decisions.md#list-text-walk):
 * - the matches: every row the text matches, found through a text index, sorted, then the page
 *   taken: cheap when the text is rare, but it grows with the matches ('smith' in 50,000 people);
 * - the walk: the list's order walked from the start, each row tested, stopping at the page's end:
 *   cheap when the text is common ('a' matches nearly everyone), and flat as the data grows.
 *
 * The kept counts (keptCounts.ts) tell which is cheaper: a walk reads about (skip + take) * all /
 * matches rows, the matches read `matches`. The walk is bounded, so that matches gathered at the
 * far end of the order (which the estimate cannot see) cost a walk of a few times the estimate and
 * then the other way, never a walk of every row. Both ways give the same rows in the same order.
 */

/** How many more rows than its estimate a walk reads before it gives up; and a floor for small pages. */
const WALK_SLACK = 4;
const WALK_FLOOR = 200;

/**
 * The rows a walk may read, or undefined when reading the matches is cheaper. `wanted` is skip +
 * take, `matches` and `all` the counts of the list with and without the text, `readCost` the rows
 * reading the matches reads: the matches themselves where an index finds them, every row where none
 * does.
 */
export function walkBound(
  wanted: number,
  matches: number,
  all: number,
  readCost = matches,
): number | undefined {
  if (matches <= 0 || all <= 0) return undefined;
  const expected = Math.ceil((wanted * all) / matches);
  if (expected >= readCost) return undefined;
  return Math.min(all, expected * WALK_SLACK + WALK_FLOOR);
}

/**
 * One page by the cheaper way: no query at all when the count says the page is empty; the walk
 * when walkBound allows it and it finds the whole page (or walked every row); else the matches.
 */
export async function pageByText<T>(options: {
  offset: number;
  limit: number;
  matches: number;
  all: number;
  /** Rows reading the matches reads (walkBound); the matches by default. */
  readCost?: number;
  walk: (bound: number) => Promise<T[]>;
  read: () => Promise<T[]>;
}): Promise<T[]> {
  const { offset, limit, matches, all } = options;
  if (offset >= matches) return [];
  const bound = walkBound(offset + limit, matches, all, options.readCost);
  if (bound !== undefined) {
    const rows = await options.walk(bound);
    if (rows.length >= limit || bound >= all) return rows;
  }
  return options.read();
}
