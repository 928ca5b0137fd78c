import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  clampPage,
  itemCountText,
  type PagerSlot,
  pageCountOf,
  pagerVisible,
  pageWindow,
  showsNavigationControls,
  skipTakeOf,
} from './pageWindow';

/** '1 … 4 5 [6] 7 8 … 20' style, for readable expectations. */
function render(slots: PagerSlot[], current: number): string {
  return slots
    .map((slot) =>
      slot.type === 'ellipsis' ? '…' : slot.page === current ? `[${slot.page}]` : String(slot.page),
    )
    .join(' ');
}
const view = (current: number, pages: number) => render(pageWindow(current, pages), current);

describe('page counts, skip and take', () => {
  it('counts whole pages, rounding up', () => {
    expect(pageCountOf(0, 12)).toBe(0);
    expect(pageCountOf(1, 12)).toBe(1);
    expect(pageCountOf(12, 12)).toBe(1);
    expect(pageCountOf(13, 12)).toBe(2);
    expect(pageCountOf(50, 24)).toBe(3);
    expect(pageCountOf(5, 0)).toBe(0);
  });

  it('skips (page-1) times the page size and takes the page size', () => {
    expect(skipTakeOf(1, 12)).toEqual({ skip: 0, take: 12 });
    expect(skipTakeOf(3, 24)).toEqual({ skip: 48, take: 24 });
    expect(skipTakeOf(0, 12)).toEqual({ skip: 0, take: 12 });
  });

  it('keeps pages within range', () => {
    expect(clampPage(0, 5)).toBe(1);
    expect(clampPage(9, 5)).toBe(5);
    expect(clampPage(3, 5)).toBe(3);
    expect(clampPage(2.7, 5)).toBe(2);
    expect(clampPage(Number.NaN, 5)).toBe(1);
    expect(clampPage(4, 0)).toBe(1);
  });

  it('hides the pager when the count is at most the page size', () => {
    expect(pagerVisible(0, 12)).toBe(false);
    expect(pagerVisible(12, 12)).toBe(false);
    expect(pagerVisible(13, 12)).toBe(true);
  });

  it("says '1 item' or 'N items'", () => {
    expect(itemCountText(0)).toBe('0 items');
    expect(itemCountText(1)).toBe('1 item');
    expect(itemCountText(2)).toBe('2 items');
    expect(itemCountText(1234)).toBe('1234 items');
  });
});

describe('first, previous, next and last controls', () => {
  it('appear with more than 10 pages', () => {
    expect(showsNavigationControls(1)).toBe(false);
    expect(showsNavigationControls(10)).toBe(false);
    expect(showsNavigationControls(11)).toBe(true);
    expect(showsNavigationControls(100)).toBe(true);
  });
});

describe('the numbered window', () => {
  it('lists nothing without pages', () => {
    expect(pageWindow(1, 0)).toEqual([]);
  });

  it('lists every page up to 16', () => {
    expect(view(1, 1)).toBe('[1]');
    expect(view(2, 3)).toBe('1 [2] 3');
    expect(view(16, 16)).toBe('1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 [16]');
  });

  it('collapses with an ellipsis beyond 16 pages', () => {
    expect(view(1, 17)).toBe('[1] 2 3 4 5 6 7 … 17');
    expect(view(5, 17)).toBe('1 2 3 4 [5] 6 7 … 17');
    expect(view(6, 17)).toBe('1 … 4 5 [6] 7 8 … 17');
    expect(view(12, 17)).toBe('1 … 10 11 [12] 13 14 … 17');
    expect(view(13, 17)).toBe('1 … 11 12 [13] 14 15 16 17');
    expect(view(17, 17)).toBe('1 … 11 12 13 14 15 16 [17]');
    expect(view(50, 100)).toBe('1 … 48 49 [50] 51 52 … 100');
  });

  it('treats an out-of-range current page as the nearest end', () => {
    expect(pageWindow(0, 20)).toEqual(pageWindow(1, 20));
    expect(render(pageWindow(99, 20), 20)).toBe('1 … 14 15 16 17 18 19 [20]');
  });

  it('always holds the current page, the first and the last, in order, with the same number of slots', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 500 }), fc.integer({ min: 1, max: 500 }), (pages, wanted) => {
        const current = Math.min(wanted, pages);
        const slots = pageWindow(current, pages);
        const numbers = slots.flatMap((s) => (s.type === 'page' ? [s.page] : []));
        expect(numbers).toContain(current);
        expect(numbers[0]).toBe(1);
        expect(numbers.at(-1)).toBe(pages);
        // strictly increasing, and an ellipsis only where pages are left out (two or more)
        for (let i = 1; i < numbers.length; i++) expect(numbers[i]!).toBeGreaterThan(numbers[i - 1]!);
        slots.forEach((slot, i) => {
          if (slot.type !== 'ellipsis') return;
          const before = slots[i - 1];
          const after = slots[i + 1];
          expect(before?.type === 'page' && after?.type === 'page').toBe(true);
          if (before?.type === 'page' && after?.type === 'page')
            expect(after.page - before.page).toBeGreaterThan(2);
        });
        if (pages <= 16) expect(slots).toHaveLength(pages);
        else expect(slots).toHaveLength(9);
        // neighbours of the current page are always reachable in one click
        if (current > 1) expect(numbers).toContain(current - 1);
        if (current < pages) expect(numbers).toContain(current + 1);
      }),
    );
  });
});
