import type { InviteListFilter, InviteSort } from '@domain/rules/userLists';
import type { ListSearch } from '@domain/schemas/common';
import type { adminAssessmentInvitePageSchema } from '@domain/schemas/organizationView';
import { api, type RequestOptions } from '@web/api/client';
import type { z } from 'zod';

type CallOptions = Omit<RequestOptions, 'method' | 'body'>;

export const INVITE_DOWNLOAD_PATH = 'admin/assessmentinvite/download';

/** The body of admin/assessmentinvite/search and download: the view's filter with nulls for 'any'. */
export function inviteFilterBody(filter: InviteListFilter) {
  return {
    isComplete: filter.isComplete ?? null,
    assessmentType: filter.assessmentType ?? null,
    unassigned: filter.unassigned ?? null,
  };
}

export const inviteKeys = {
  all: ['invites', 'admin'] as const,
  list: (filter: InviteListFilter) => ['invites', 'admin', inviteFilterBody(filter)] as const,
};

/** The admin invite list's calls (docs/product.md#calls-organizations). */
export const inviteAdminApi = {
  /** Without a sort the server's own order: newest first. */
  search: (search: ListSearch & { sort?: InviteSort }, filter: InviteListFilter, options?: CallOptions) =>
    api.post<z.output<typeof adminAssessmentInvitePageSchema>>(
      'admin/assessmentinvite/search',
      { ...search, ...inviteFilterBody(filter) },
      options,
    ),
};
