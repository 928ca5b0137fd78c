import type { LookupType } from '@domain/codes';
import type { LookupItemView } from '@domain/schemas/lookup';
import { queryOptions } from '@tanstack/react-query';
import { api } from './client';

/** A lookup item as getall presents it; business types also name the organization type they belong to. */
export type LookupItem = LookupItemView;

/** All lookup items (docs/product.md#calls: loaded after login and on protected pages; 401 ignored). */
export const lookupsQuery = queryOptions({
  queryKey: ['lookups', 'all'] as const,
  queryFn: ({ signal }) =>
    api.get<LookupItem[]>('admin/lookup/getall', { signal, skipGlobal: ['unauthorized'] }),
  // Lookups change rarely; one load per session is plenty.
  staleTime: 10 * 60 * 1000,
});

/** The items of one lookup type in display order (then by name). */
export function lookupsOfType(items: readonly LookupItem[] | undefined, type: LookupType): LookupItem[] {
  return (items ?? [])
    .filter((item) => item.lookupType?.enumValue === type)
    .sort(
      (a, b) =>
        (a.displayOrder ?? Number.MAX_SAFE_INTEGER) - (b.displayOrder ?? Number.MAX_SAFE_INTEGER) ||
        a.name.localeCompare(b.name),
    );
}
