import type { Row } from './row.js';

/** The authorization-matrix rows of the progress calls (docs/product.md#insights-progress). */
export const progressRows: Record<string, Row> = {
  // Admin, the target's consultant and champion; the same roles elsewhere reach no other manufacturer.
  'POST /api/organization/progress': {
    body: (fx) => ({ id: fx.targetOrg }),
    expect: { consultantOther: 403, championOther: 403 },
  },
};
