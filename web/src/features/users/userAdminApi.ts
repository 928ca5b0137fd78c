import { OrganizationType } from '@domain/codes';
import type { UserSort } from '@domain/rules/userLists';
import type { emptyEnvelope } from '@domain/schemas/answers';
import type { Envelope, ListSearch, SearchResult } from '@domain/schemas/common';
import type { organizationPageSchema } from '@domain/schemas/organizationView';
import type {
  oneTimePasscodeAnswerSchema,
  UserDraftView,
  UserView,
  userConvertedSchema,
  userPageSchema,
  userSavedSchema,
} from '@domain/schemas/user';
import { queryOptions } from '@tanstack/react-query';
import type { CompletedAssessment } from '@web/api/assessments';
import { api, type RequestOptions } from '@web/api/client';
import type { OrganizationOption } from '@web/api/organizations';
import type { z } from 'zod';

// The admin user calls of docs/product.md#calls-users that the user screens make, with the cache
// keys they share. Each screen passes its own error options per call.

type CallOptions = Omit<RequestOptions, 'method' | 'body'>;

/** Links in the e-mails point back to this site (docs/product.md#calls: host). */
const host = () => window.location.origin;

/** The body of every user search: Query, Skip, Take, plus the group for group lists and the order. */
export type UserSearch = ListSearch & { userGroup?: number; sort?: UserSort };

const all = ['users'] as const;
export const userKeys = {
  all,
  lists: [...all, 'list'] as const,
  list: (listKey: string) => [...all, 'list', listKey] as const,
  item: (id: number) => [...all, 'item', id] as const,
  copy: (parentId: number) => [...all, 'copy', parentId] as const,
  blank: [...all, 'init'] as const,
  results: (id: number) => [...all, 'results', id] as const,
  clientOrganizations: [...all, 'clientOrganizations'] as const,
};

/** The conversion payload of docs/product.md#codes (domain/schemas/userAdmin.ts conversionSchema). */
export type ConversionBody = {
  id: number;
  organization: { id: number };
  functionalRole: { id: number } | null;
  email: string | null;
  referredBy: { id: number } | null;
  referredByOther: string | null;
  consultingFirm: { id: number } | null;
};

export const userAdminApi = {
  search: (path: string, body: UserSearch, options?: CallOptions) =>
    api.post<z.output<typeof userPageSchema>>(path, body, options),
  getById: (id: number, options?: CallOptions) => api.post<UserView>('admin/user/getbyid', { id }, options),
  copy: (id: number, options?: CallOptions) => api.post<UserDraftView>('admin/user/copy', { id }, options),
  init: (options?: CallOptions) => api.post<UserDraftView>('admin/user/init', {}, options),
  /** visitor/add: any new user; sendInvite e-mails the link to set a password (the Invite button). */
  add: (user: unknown, sendInvite: boolean, options?: CallOptions) =>
    api.post<z.output<typeof userSavedSchema>>(
      'admin/user/visitor/add',
      { user, sendInvite, host: host() },
      { ...options, idempotent: true },
    ),
  update: (user: unknown, options?: CallOptions) =>
    api.post<z.output<typeof userSavedSchema>>(
      'admin/user/visitor/update',
      { user },
      { ...options, idempotent: true },
    ),
  remove: (id: number, options?: CallOptions) =>
    api.post<z.output<typeof emptyEnvelope>>('admin/user/visitor/delete', { id }, options),
  convert: (body: ConversionBody, options?: CallOptions) =>
    api.post<z.output<typeof userConvertedSchema>>(
      'admin/user/visitor/convert',
      { ...body, host: host() },
      { ...options, idempotent: true },
    ),
  oneTimePasscode: (id: number, options?: CallOptions) =>
    api.post<z.output<typeof oneTimePasscodeAnswerSchema>>(
      'admin/user/onetimepasscode',
      { user: { id } },
      options,
    ),
  sendInvite: (id: number, options?: CallOptions) =>
    api.post<Envelope>('admin/user/resendinvite', { user: { id }, host: host() }, options),
  /** The administrator's Reset Password: the forgotten-password mail, sent for the user. */
  resetPassword: (user: { userName: string; email: string }, options?: CallOptions) =>
    api.post<Envelope>('auth/forgotpassword', { ...user, host: host() }, options),
  resultsOf: (id: number, options?: CallOptions) =>
    api.post<SearchResult<CompletedAssessment>>('assessmentresult/byuser', { id }, options),
};

/**
 * The organizations a consultant may put people in: their firm's manufacturers (admin/organization/all
 * is the institute's), plus their own firm so a colleague's organization still shows.
 */
export const clientOrganizationsQuery = (ownFirm: OrganizationOption | null) =>
  queryOptions({
    queryKey: [...userKeys.clientOrganizations, ownFirm?.id ?? null] as const,
    queryFn: async ({ signal }): Promise<OrganizationOption[]> => {
      const manufacturers = await api.post<z.output<typeof organizationPageSchema>>(
        'admin/organization/search/bytype',
        { query: '', skip: 0, take: 9999, type: OrganizationType.Manufacturer, unassigned: false },
        { signal },
      );
      const options: OrganizationOption[] = manufacturers.data.map((row) => ({
        id: row.id,
        name: row.name,
        type: row.type,
        isActive: row.isActive,
      }));
      return ownFirm ? [ownFirm, ...options] : options;
    },
    staleTime: 60 * 1000,
  });
