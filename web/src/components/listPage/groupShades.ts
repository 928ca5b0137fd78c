/**
 * Alternate shading by group (docs/product.md#screens: lookup rows are shaded per lookup type): every row
 * of one group shares a shade, the next group takes the other. Rows arrive sorted by group.
 */
export function groupShades<Row>(rows: readonly Row[], groupOf: (row: Row) => unknown): ('even' | 'odd')[] {
  let shade: 'even' | 'odd' = 'odd';
  let previous: unknown = Symbol('none');
  return rows.map((row) => {
    const group = groupOf(row);
    if (group !== previous) {
      shade = shade === 'odd' ? 'even' : 'odd';
      previous = group;
    }
    return shade;
  });
}
