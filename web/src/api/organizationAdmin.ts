import type { OrganizationSort } from '@domain/rules/organizationLists';
import type { emptyEnvelope } from '@domain/schemas/answers';
import type { ListSearch } from '@domain/schemas/common';
import type { organizationPageSchema } from '@domain/schemas/organizationView';
import type { z } from 'zod';
import { api, type RequestOptions } from './client';

type CallOptions = Omit<RequestOptions, 'method' | 'body'>;

/** Which organization list: a type's enum value (null for every type) and manufacturers without a firm. */
export type OrganizationListFilter = { type: number | null; unassigned: boolean };

/** A list's search: its text and page, its filter and the order. */
export type OrganizationSearch = ListSearch & OrganizationListFilter & { sort?: OrganizationSort };

const all = ['organizations', 'list'] as const;

/** The organization lists' cache keys; one list per type and unassigned flag. */
export const organizationListKeys = {
  all,
  of: ({ type, unassigned }: OrganizationListFilter) => [...all, type, unassigned] as const,
};

/** The organization lists' calls (docs/product.md#calls-organizations). */
export const organizationAdminApi = {
  search: (search: OrganizationSearch, options?: CallOptions) =>
    api.post<z.output<typeof organizationPageSchema>>(
      search.type === null ? 'admin/organization/search' : 'admin/organization/search/bytype',
      search,
      options,
    ),
  /** Deactivates (the API names it delete); only consulting firms are deactivated from a list. */
  deactivate: (id: number, options?: CallOptions) =>
    api.post<z.output<typeof emptyEnvelope>>('admin/organization/delete', { id }, options),
};
