import type { Row } from './row.js';

/**
 * The authorization-matrix rows of the peers calls (docs/product.md#insights-progress): the target manufacturer's place among
 * its benchmarked peers, for its members (champion, plain member), its firm's consultants and admins.
 */
export const peersRows: Record<string, Row> = {
  'POST /api/assessmentresult/peers': {
    body: (fx) => ({ id: fx.targetOrg }),
    expect: { consultantOther: 403, championOther: 403, visitor: 403 },
  },
};
