import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import type { SortDirection } from './ListPage';

type Sort<Column extends string> = { column: Column; direction: SortDirection };

/**
 * A list's order kept in the address (?sort=column&dir=asc|desc) with its search and page
 * (docs/decisions.md#web-list-state); a new order starts again at page 1. `next` decides what
 * choosing a header does (turn the same column around, start a date newest first...).
 */
export function useListSort<Column extends string>(
  columns: readonly Column[],
  fallback: Sort<Column>,
  next: (current: Sort<Column>, column: Column) => Sort<Column>,
) {
  const [params, setParams] = useSearchParams();
  const column = columns.find((c) => c === params.get('sort'));
  const sort: Sort<Column> = column
    ? { column, direction: params.get('dir') === 'desc' ? 'desc' : 'asc' }
    : fallback;
  const choose = useCallback(
    (chosen: Sort<Column>) =>
      setParams(
        (current) => {
          const changed = new URLSearchParams(current);
          changed.set('sort', chosen.column);
          changed.set('dir', chosen.direction);
          changed.delete('page');
          return changed;
        },
        { replace: true },
      ),
    [setParams],
  );
  /** The `sorting` a ListPage takes: a header chosen, or a whole order from the phone's select. */
  const sorting = {
    ...sort,
    onSort: (chosen: Column, direction?: SortDirection) =>
      choose(direction ? { column: chosen, direction } : next(sort, chosen)),
  };
  /** Whether the address names an order; a list whose server has its own default may send none. */
  const chosen = column !== undefined;
  return { sort, sorting, chosen };
}
