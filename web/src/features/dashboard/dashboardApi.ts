import type { DashboardView } from '@domain/schemas/dashboardView';
import { queryOptions } from '@tanstack/react-query';
import { api, callerHandlesAllButSession } from '@web/api/client';

// The home page's figures (docs/decisions.md#dashboard-figures): GET /api/dashboard, by the caller's role.

export type { DashboardView };

export const dashboardFiguresQuery = queryOptions({
  queryKey: ['dashboard', 'figures'] as const,
  queryFn: ({ signal }) =>
    api.get<DashboardView>('dashboard', { signal, skipGlobal: callerHandlesAllButSession }),
});
