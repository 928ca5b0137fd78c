import type { Row } from './row.js';

/**
 * The authorization-matrix rows of the drafts calls (docs/product.md#insights-drafts): as assessment/bycode, the trial for
 * everyone signed in but manufacturer staff, the current-state assessment for manufacturer staff and
 * admins. Each person reaches only their own draft, so there is no ownership cell. Nobody here has a
 * current-state draft: mine answers 404 to everyone it lets in.
 */
export const draftsRows: Record<string, Row> = {
  'POST /api/assessmentdraft/save': {
    body: () => ({ code: 'trial', criteria: { sections: [] } }),
    expect: { manufacturer: 403 },
  },
  'POST /api/assessmentdraft/mine': {
    body: () => ({ code: 'current-state' }),
    expect: {
      admin: 404,
      championOwn: 404,
      championOther: 404,
      manufacturer: 404,
      consultantOwn: 403,
      consultantOther: 403,
      visitor: 403,
    },
  },
};
