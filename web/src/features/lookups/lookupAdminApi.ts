import { messages } from '@domain/messages';
import type { LookupAdminRow, LookupAdminView } from '@domain/schemas/contentView';
import type { lookupTypeView } from '@domain/schemas/lookup';
import { queryOptions } from '@tanstack/react-query';
import { api, isApiError } from '@web/api/client';
import { entityApi } from '@web/api/entityApi';
import type { z } from 'zod';

// The lookup editor's answers (admin/lookup/getbyid, copy, init, search rows, types/all), typed by the
// schemas the server answers with.
export type LookupTypeRef = z.output<typeof lookupTypeView>;
export type { LookupAdminRow, LookupAdminView } from '@domain/schemas/contentView';

export const lookupAdminApi = entityApi<LookupAdminView, LookupAdminRow>('admin/lookup');

/** POST admin/lookup/types/all; its failures are told on the form with the texts of docs/product.md#messages. */
export const lookupTypesQuery = queryOptions({
  queryKey: [...lookupAdminApi.keys.all, 'types'] as const,
  queryFn: ({ signal }) =>
    api.post<LookupTypeRef[]>(
      'admin/lookup/types/all',
      { id: 0 },
      { signal, skipGlobal: ['not-found', 'forbidden', 'bad-request', 'other'] },
    ),
  staleTime: Number.POSITIVE_INFINITY,
});

/** 'An error occurred retrieving lookup types.' with the 404 or 403 addition. */
export function lookupTypesFailureText(error: unknown): string {
  const base = messages.admin.lookupTypesFailure;
  if (!isApiError(error)) return base;
  if (error.kind === 'not-found') return base + messages.admin.lookupTypesNotFoundSuffix;
  if (error.kind === 'forbidden') return base + messages.admin.lookupTypesNotPermittedSuffix;
  return base;
}
