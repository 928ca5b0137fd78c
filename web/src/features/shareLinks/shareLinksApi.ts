import type { Envelope, ListSearch, SearchResult } from '@domain/schemas/common';
import type {
  AdminShareLinkView,
  SharedRoadmapView,
  ShareLinkCreated,
  ShareLinkView,
} from '@domain/schemas/shareLinks';
import { api, type RequestOptions } from '@web/api/client';

type CallOptions = Omit<RequestOptions, 'method' | 'body'>;

export const shareLinkKeys = {
  all: ['shareLinks'] as const,
  of: (organizationId: number) => ['shareLinks', 'organization', organizationId] as const,
  admin: ['shareLinks', 'admin'] as const,
  shared: (token: string) => ['sharedRoadmap', token] as const,
};

/** The calls of INTERFACES.md 'shared roadmap link'. */
export const shareLinksApi = {
  add: (id: number, expiresInDays: number, options?: CallOptions) =>
    api.post<Envelope<ShareLinkCreated>>(
      'organization/sharelink/add',
      { id, expiresInDays, host: window.location.origin },
      options,
    ),
  list: (id: number, options?: CallOptions) =>
    api.post<SearchResult<ShareLinkView>>('organization/sharelink/list', { id }, options),
  revoke: (id: number, options?: CallOptions) =>
    api.post<Envelope>('organization/sharelink/revoke', { id }, options),
  search: (search: ListSearch, options?: CallOptions) =>
    api.post<SearchResult<AdminShareLinkView>>('admin/sharelink/search', search, options),
  /** No session needed; an unknown, revoked or expired link is a 404 the page tells itself. */
  shared: (token: string, options?: CallOptions) =>
    api.get<SharedRoadmapView>(`shared/${encodeURIComponent(token)}`, { skipGlobal: true, ...options }),
};
