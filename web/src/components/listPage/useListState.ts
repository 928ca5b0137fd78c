import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { isPageSize } from '../pager/preferences';
import { usePageSize } from '../pager/usePageSize';

/**
 * A list's search text, page and page size, kept in the address (?q=...&page=...&size=...) so a
 * reload, a shared link or coming back from an item keeps the place (docs/decisions.md#web-list-state).
 * A page size chosen is also remembered as the list's preference, used where the address names none.
 */
export function useListState(listKey: string) {
  const [params, setParams] = useSearchParams();
  const [storedSize, storePageSize] = usePageSize(listKey);
  const query = params.get('q') ?? '';
  const page = Math.max(1, Math.trunc(Number(params.get('page'))) || 1);
  const sizeInAddress = Number(params.get('size'));
  const pageSize = isPageSize(sizeInAddress) ? sizeInAddress : storedSize;

  const update = useCallback(
    (changes: { q?: string; page?: number; size?: number }) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (changes.q !== undefined) {
            if (changes.q) next.set('q', changes.q);
            else next.delete('q');
          }
          if (changes.page !== undefined) {
            if (changes.page > 1) next.set('page', String(changes.page));
            else next.delete('page');
          }
          if (changes.size !== undefined) next.set('size', String(changes.size));
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  /** A new search starts at page 1. */
  const setQuery = useCallback((q: string) => update({ q, page: 1 }), [update]);
  const setPage = useCallback((p: number) => update({ page: p }), [update]);
  /** docs/product.md#limits: changing the page size returns to page 1. */
  const setPageSize = useCallback(
    (size: number) => {
      storePageSize(size);
      update({ page: 1, size });
    },
    [storePageSize, update],
  );

  return { query, page, pageSize, setQuery, setPage, setPageSize };
}
