import type { Row } from './row.js';

/** The authorization-matrix row of the organization overview (docs/decisions.md#organizations-overview). */
export const organizationOverviewRows: Record<string, Row> = {
  // Exactly who reaches the organization: admin, the target's consultant and champion.
  'POST /api/organization/overview': {
    body: (fx) => ({ id: fx.targetOrg }),
    expect: { consultantOther: 403, championOther: 403 },
  },
};
