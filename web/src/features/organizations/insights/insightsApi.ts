import { formatScore, formatScoreChange } from '@domain/rules/maturity';
import type { ProgressView, RoleAlignmentView } from '@domain/schemas/organizationInsights';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@web/api/client';

// The organization page's insight calls (docs/product.md#insights-alignment and 'progress
// against target'). The server decides who may read them; the page shows the tabs to the same people.

export const insightKeys = {
  all: ['organizations', 'insights'] as const,
  alignment: (organizationId: number, assessmentType: number) =>
    [...insightKeys.all, 'alignment', organizationId, assessmentType] as const,
  progress: (organizationId: number) => [...insightKeys.all, 'progress', organizationId] as const,
};

const failure = 'An error occurred retrieving these figures.';

/** POST organization/alignment: the role groups' averages per practice area, largest spread first. */
export const alignmentQuery = (organizationId: number, assessmentType: number) =>
  queryOptions({
    queryKey: insightKeys.alignment(organizationId, assessmentType),
    queryFn: ({ signal }) =>
      api.post<RoleAlignmentView>(
        'organization/alignment',
        { id: organizationId, assessmentType },
        { signal, errorMessage: failure },
      ),
  });

/** POST organization/progress: the rounds against the future-state target, oldest first. */
export const progressQuery = (organizationId: number) =>
  queryOptions({
    queryKey: insightKeys.progress(organizationId),
    queryFn: ({ signal }) =>
      api.post<ProgressView>(
        'organization/progress',
        { id: organizationId },
        { signal, errorMessage: failure },
      ),
  });

/** A figure as the tables show it: one decimal, a dash without one. */
export const figure = formatScore;

/** A change with its sign (a true minus sign), a dash without one. */
export const signedFigure = formatScoreChange;
