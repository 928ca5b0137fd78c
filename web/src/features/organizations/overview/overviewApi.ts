import type { OrganizationOverview } from '@domain/schemas/organizationOverviewView';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@web/api/client';

// The organization page's overview call (docs/decisions.md#organizations-overview). The overview is
// shown afresh after each edit, and fetched again then (the query client's default staleness).

export const overviewKey = (organizationId: number) =>
  ['organizations', 'form', 'overview', organizationId] as const;

/** POST organization/overview: the roadmap stage, scores, invite completion and latest activity. */
export const overviewQuery = (organizationId: number) =>
  queryOptions({
    queryKey: overviewKey(organizationId),
    queryFn: ({ signal }) =>
      api.post<OrganizationOverview>(
        'organization/overview',
        { id: organizationId },
        { signal, errorMessage: 'An error occurred retrieving these figures.' },
      ),
  });
