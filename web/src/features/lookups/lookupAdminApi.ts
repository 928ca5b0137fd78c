import { messages } from '@domain/messages';
import { queryOptions } from '@tanstack/react-query';
import { api, isApiError } from '@web/api/client';
import { entityApi } from '@web/api/entityApi';

export type LookupTypeRef = { enumValue: number; name: string };

/** A lookup item as its editor sees it (admin/lookup/getbyid, copy, init). */
export type LookupAdminView = {
  id: number | null;
  name: string;
  code: string | null;
  lookupType: LookupTypeRef | null;
  displayOrder: number | null;
  enumValue: number | null;
  organizationType: number | null;
  isActive: boolean;
  /** The program relies on it: it may be renamed, not deleted or moved to another type. */
  isSystem: boolean;
};

/** A row of admin/lookup/search. */
export type LookupAdminRow = LookupAdminView & { id: number; lookupType: LookupTypeRef };

export const lookupAdminApi = entityApi<LookupAdminView, LookupAdminRow>('admin/lookup');

/** POST admin/lookup/types/all; its failures are told on the form with the texts of SPEC.md section 8. */
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
