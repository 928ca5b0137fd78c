import type { Row } from './row.js';

/** The authorization-matrix rows of the roleAlignment calls (docs/product.md#insights-alignment). */
export const roleAlignmentRows: Record<string, Row> = {
  // Admin, the target's consultant and champion; the same roles elsewhere reach no other manufacturer.
  'POST /api/organization/alignment': {
    body: (fx) => ({ id: fx.targetOrg, assessmentType: 1 }),
    expect: { consultantOther: 403, championOther: 403 },
  },
};
