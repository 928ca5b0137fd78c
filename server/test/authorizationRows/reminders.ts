import type { Row } from './row.js';

/** Another firm's consultant, another manufacturer's champion: out of reach of these invites. */
const ownOnly = { consultantOther: 403, championOther: 403 } as const;

/** The authorization-matrix rows of the reminder calls (docs/decisions.md#insights-reminders). */
export const remindersRows: Record<string, Row> = {
  'POST /api/organization/reminders/preview': { body: (fx) => ({ id: fx.targetOrg }), expect: ownOnly },
  'POST /api/organization/reminders/sendnow': { body: (fx) => ({ id: fx.targetOrg }), expect: ownOnly },
};
