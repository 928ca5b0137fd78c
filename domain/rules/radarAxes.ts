// The radar's axes (docs/decisions.md#radar-axes): one order for every radar of practice areas, so a
// shape read on the results page is the same shape on the shared page. Pages list the areas in their
// own orders (the assessment's, or largest gap first); the radar does not follow them.

/** The practice areas in the radar's order: alphabetical by name, whatever order they came in. */
export function radarAxes<T>(areas: readonly T[], nameOf: (area: T) => string): T[] {
  return [...areas].sort((a, b) => nameOf(a).localeCompare(nameOf(b), 'en', { sensitivity: 'base' }));
}
