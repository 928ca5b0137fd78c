import type { ActionAdd, ActionUpdate, Plan } from '@domain/schemas/actions';
import type { emptyEnvelope } from '@domain/schemas/answers';
import type { SearchResult } from '@domain/schemas/common';
import type { savedIdEnvelope } from '@domain/schemas/contentView';
import { queryOptions } from '@tanstack/react-query';
import { type ActionView, actionKeys } from '@web/api/actions';
import { api, callerHandlesAllButSession } from '@web/api/client';
import type { z } from 'zod';

// The Action Plan's calls (docs/decisions.md#insights-actions). The tab sits inside the organization
// form: a failed call is told in the tab or its dialog instead of leaving the page (and the form's
// unsaved edits) for the 404 page; only an ended session or a refusal go to the global handling.
const own = { skipGlobal: callerHandlesAllButSession };

export type PlanSection = Plan['sections'][number];

/** POST organization/plan: the practice areas, largest gap first, with their actions' counts. */
export const planQuery = (organizationId: number) =>
  queryOptions({
    queryKey: actionKeys.plan(organizationId),
    queryFn: ({ signal }) => api.post<Plan>('organization/plan', { id: organizationId }, { signal, ...own }),
  });

/** POST organization/action/search of one practice area: its first `take` actions, by due date. */
export const sectionActionsQuery = (organizationId: number, sectionId: number, take: number) =>
  queryOptions({
    queryKey: actionKeys.section(organizationId, sectionId, take),
    queryFn: ({ signal }) =>
      api.post<SearchResult<ActionView>>(
        'organization/action/search',
        { organizationId, sectionId, skip: 0, take },
        { signal, ...own },
      ),
  });

export const actionsApi = {
  add: (body: ActionAdd) => api.post<z.output<typeof savedIdEnvelope>>('organization/action/add', body, own),
  /** Every field the form holds: the server changes only those that differ from what it stores. */
  update: (body: ActionUpdate) =>
    api.post<z.output<typeof emptyEnvelope>>('organization/action/update', body, own),
  remove: (id: number) => api.post<z.output<typeof emptyEnvelope>>('organization/action/delete', { id }, own),
};
