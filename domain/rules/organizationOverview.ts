import type { OverviewActivity } from '../schemas/organizationOverviewView.js';

// The organization overview (docs/decisions.md#organizations-overview): what the latest activity
// shows. Figures are the portfolio's own (domain/rules/portfolio.ts portfolioRowOf), never recomputed.

/** How many events the overview lists. */
export const OVERVIEW_ACTIVITY_LIMIT = 5;

/**
 * The latest events, newest first: under Anonymize Results a reader other than an admin gets no name
 * on any event, so no completion (nor invite next to it) is tied to a person.
 */
export function latestActivity(
  events: readonly OverviewActivity[],
  anonymized: boolean,
  limit = OVERVIEW_ACTIVITY_LIMIT,
): OverviewActivity[] {
  return [...events]
    .sort((a, b) => (a.on < b.on ? 1 : a.on > b.on ? -1 : 0))
    .slice(0, limit)
    .map((e) => (anonymized ? { ...e, person: null } : e));
}
