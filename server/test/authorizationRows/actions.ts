import type { Row } from './row.js';
import { page } from './row.js';

/** Another firm's consultant, another manufacturer's champion: out of reach of this plan. */
const ownOnly = { consultantOther: 403, championOther: 403 } as const;

/** The authorization-matrix rows of the action-plan calls (docs/decisions.md#insights-actions). */
export const actionsRows: Record<string, Row> = {
  'POST /api/organization/action/search': {
    body: (fx) => ({ organizationId: fx.targetOrg, ...page() }),
    expect: ownOnly,
  },
  'POST /api/organization/plan': { body: (fx) => ({ id: fx.targetOrg }), expect: ownOnly },
  'POST /api/organization/action/add': {
    body: (fx) => ({ organizationId: fx.targetOrg, sectionId: fx.planSectionId, title: 'Matrix add' }),
    expect: ownOnly,
  },
  // A plain member reads the plan but changes only the actions they own: this one has no owner.
  'POST /api/organization/action/update': {
    body: async (fx) => ({ id: await fx.throwawayAction(), title: 'Matrix update' }),
    expect: { ...ownOnly, manufacturer: 403 },
  },
  'POST /api/organization/action/delete': {
    body: async (fx) => ({ id: await fx.throwawayAction() }),
    expect: ownOnly,
  },
  // Anyone signed in asks for their own open actions (a visitor owns none).
  'POST /api/organization/action/mine': { body: page, expect: {} },
};
