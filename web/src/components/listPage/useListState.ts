import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { usePageSize } from '../pager/usePageSize';

/**
 * A list's search text and page, kept in the address (?q=...&page=...) so a reload, a shared link or
 * coming back from an item keeps the place; the page size is a remembered preference.
 */
export function useListState(listKey: string) {
  const [params, setParams] = useSearchParams();
  const [pageSize, storePageSize] = usePageSize(listKey);
  const query = params.get('q') ?? '';
  const page = Math.max(1, Math.trunc(Number(params.get('page'))) || 1);

  const update = useCallback(
    (changes: { q?: string; page?: number }) =>
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
      update({ page: 1 });
    },
    [storePageSize, update],
  );

  return { query, page, pageSize, setQuery, setPage, setPageSize };
}
