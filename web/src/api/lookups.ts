import { queryOptions } from '@tanstack/react-query';
import type { LookupItemView } from '../../../domain/schemas/lookup';
import { api } from './client';

/** All lookup items (SPEC.md section 7: loaded after login and on protected pages; 401 ignored). */
export const lookupsQuery = queryOptions({
  queryKey: ['lookups', 'all'] as const,
  queryFn: ({ signal }) =>
    api.get<LookupItemView[]>('admin/lookup/getall', { signal, skipGlobal: ['unauthorized'] }),
  // Lookups change rarely; one load per session is plenty.
  staleTime: 10 * 60 * 1000,
});
