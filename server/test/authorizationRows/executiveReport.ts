import type { Row } from './row.js';

/** The authorization-matrix rows of the executive summary (docs/decisions.md#insights-actions). */
export const executiveReportRows: Record<string, Row> = {
  // Who may have the current-state organization report: admin, the target's consultant and champion.
  'POST /api/assessmentresult/report/byorg/pdf': {
    body: (fx) => ({ id: fx.targetOrg }),
    expect: { consultantOther: 403, championOther: 403 },
  },
};
