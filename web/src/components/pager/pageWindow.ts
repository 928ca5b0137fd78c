// The pager's arithmetic (docs/product.md#limits), kept pure so every edge can be tested without a browser.

/** Page sizes a list offers; the first is the default. */
export const PAGE_SIZES = [12, 24, 48, 60] as const;
export const DEFAULT_PAGE_SIZE = PAGE_SIZES[0];

/** With more pages than this, the pager adds first, previous, next and last controls. */
export const NAVIGATION_CONTROLS_ABOVE = 10;
/** With more pages than this, the numbered window collapses with an ellipsis. */
export const COLLAPSE_ABOVE = 16;
/** Pages shown on each side of the current one in a collapsed window. */
const WINDOW_RADIUS = 2;

export type PagerSlot = { type: 'page'; page: number } | { type: 'ellipsis'; key: 'start' | 'end' };

export function pageCountOf(count: number, pageSize: number): number {
  if (!(count > 0) || !(pageSize > 0)) return 0;
  return Math.ceil(count / pageSize);
}

/** A page number within 1..pageCount (1 when there are no pages). */
export function clampPage(page: number, pageCount: number): number {
  if (!Number.isFinite(page)) return 1;
  return Math.min(Math.max(1, Math.trunc(page)), Math.max(1, pageCount));
}

/** docs/product.md#limits: Skip is (page-1) times page size; Take is the page size. */
export function skipTakeOf(page: number, pageSize: number): { skip: number; take: number } {
  return { skip: (Math.max(1, page) - 1) * pageSize, take: pageSize };
}

/** The pager is hidden when everything fits on one page. */
export function pagerVisible(count: number, pageSize: number): boolean {
  return count > pageSize;
}

export function showsNavigationControls(pageCount: number): boolean {
  return pageCount > NAVIGATION_CONTROLS_ABOVE;
}

/**
 * The numbered slots. Up to 16 pages all are listed. Beyond, the first and last pages stay, with the
 * current page and two neighbours each side between them, and an ellipsis standing for each gap; near
 * either end the window slides so the pager always has the same number of slots and never jumps
 * under the pointer.
 */
export function pageWindow(current: number, pageCount: number): PagerSlot[] {
  if (pageCount <= 0) return [];
  const page = clampPage(current, pageCount);
  const pages = (from: number, to: number): PagerSlot[] =>
    Array.from({ length: to - from + 1 }, (_, i) => ({ type: 'page', page: from + i }));
  if (pageCount <= COLLAPSE_ABOVE) return pages(1, pageCount);

  // first, ellipsis, 2*radius+1 pages, ellipsis, last
  const span = WINDOW_RADIUS * 2 + 1;
  const edge = span + 2; // pages listed before the single ellipsis when the current page is near an end
  if (page <= WINDOW_RADIUS + 3) {
    return [...pages(1, edge), { type: 'ellipsis', key: 'end' }, ...pages(pageCount, pageCount)];
  }
  if (page >= pageCount - WINDOW_RADIUS - 2) {
    return [...pages(1, 1), { type: 'ellipsis', key: 'start' }, ...pages(pageCount - edge + 1, pageCount)];
  }
  return [
    ...pages(1, 1),
    { type: 'ellipsis', key: 'start' },
    ...pages(page - WINDOW_RADIUS, page + WINDOW_RADIUS),
    { type: 'ellipsis', key: 'end' },
    ...pages(pageCount, pageCount),
  ];
}

/** docs/product.md#limits: '1 item' or 'N items'. */
export function itemCountText(count: number): string {
  return count === 1 ? '1 item' : `${count} items`;
}
