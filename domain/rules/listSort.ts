/**
 * The order of a list sorted on the server (docs/decisions.md#web-list-sorting): a column of the
 * list's own and a direction. Every sortable list shares this shape and the header behaviour below.
 */
export type ListSort<Column extends string> = { column: Column; direction: 'asc' | 'desc' };

/**
 * What choosing a header does: the same column turns around; a column of `newestFirst` (dates)
 * starts descending, any other (names) A to Z.
 */
export function nextSortOf<Column extends string>(newestFirst: readonly Column[]) {
  return (current: ListSort<Column>, column: Column): ListSort<Column> => {
    if (current.column === column) return { column, direction: current.direction === 'asc' ? 'desc' : 'asc' };
    return { column, direction: newestFirst.includes(column) ? 'desc' : 'asc' };
  };
}
