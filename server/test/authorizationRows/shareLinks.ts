import type { Row } from './row.js';
import { page } from './row.js';

const ownOnly = { consultantOther: 403, championOther: 403 } as const;

/** The authorization-matrix rows of the shareLinks calls (docs/product.md#insights-share-links). */
export const shareLinksRows: Record<string, Row> = {
  'POST /api/organization/sharelink/add': {
    body: (fx) => ({ id: fx.targetOrg, expiresInDays: 1 }),
    expect: ownOnly,
  },
  'POST /api/organization/sharelink/list': { body: (fx) => ({ id: fx.targetOrg }), expect: ownOnly },
  // A fresh link of the target manufacturer per call: each allowed caller revokes one.
  'POST /api/organization/sharelink/revoke': {
    body: async (fx) => ({ id: await fx.throwawayShareLink() }),
    expect: ownOnly,
  },
  'POST /api/admin/sharelink/search': { body: page, expect: {} },
  // No real token in the path: the same 404 for everyone, signed in or not.
  'GET /api/shared/:token': {
    expect: {
      anonymous: 404,
      admin: 404,
      consultantOwn: 404,
      consultantOther: 404,
      championOwn: 404,
      championOther: 404,
      manufacturer: 404,
      visitor: 404,
      deactivated: 404,
      suspended: 404,
    },
  },
};
