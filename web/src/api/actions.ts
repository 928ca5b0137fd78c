import type { ActionView } from '@domain/schemas/actions';
import type { SearchResult } from '@domain/schemas/common';
import { queryOptions } from '@tanstack/react-query';
import { api, callerHandlesAllButSession } from './client';

// Action plans (docs/decisions.md#insights-actions). The keys here are the only ones for actions: the
// Action Plan and the dashboard's My Actions tile read the same actions, so a change made in one
// refreshes the other by invalidating `actionKeys.all`.

export type { ActionView };

export const actionKeys = {
  all: ['actions'] as const,
  plan: (organizationId: number) => ['actions', 'plan', organizationId] as const,
  section: (organizationId: number, sectionId: number, take: number) =>
    ['actions', 'search', organizationId, sectionId, take] as const,
  mine: ['actions', 'mine'] as const,
};

/** The tile lists this many; the server counts them all. */
export const MY_ACTIONS_TAKE = 10;

/** POST organization/action/mine: the caller's own open actions; the tile tells a failure itself. */
export const myActionsQuery = queryOptions({
  queryKey: actionKeys.mine,
  queryFn: ({ signal }) =>
    api.post<SearchResult<ActionView>>(
      'organization/action/mine',
      { skip: 0, take: MY_ACTIONS_TAKE },
      { signal, skipGlobal: callerHandlesAllButSession },
    ),
});
