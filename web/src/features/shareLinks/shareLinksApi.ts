import type { emptyEnvelope } from '@domain/schemas/answers';
import type { ListSearch } from '@domain/schemas/common';
import type {
  adminShareLinkPageSchema,
  SharedRoadmapView,
  shareLinkAddAnswerSchema,
  shareLinkPageSchema,
} from '@domain/schemas/shareLinks';
import { api, type RequestOptions } from '@web/api/client';
import type { z } from 'zod';

type CallOptions = Omit<RequestOptions, 'method' | 'body'>;

export const shareLinkKeys = {
  all: ['shareLinks'] as const,
  of: (organizationId: number) => ['shareLinks', 'organization', organizationId] as const,
  admin: ['shareLinks', 'admin'] as const,
  shared: (token: string) => ['sharedRoadmap', token] as const,
};

/** The calls of docs/product.md#insights-share-links. */
export const shareLinksApi = {
  add: (id: number, expiresInDays: number, options?: CallOptions) =>
    api.post<z.output<typeof shareLinkAddAnswerSchema>>(
      'organization/sharelink/add',
      { id, expiresInDays, host: window.location.origin },
      options,
    ),
  list: (id: number, options?: CallOptions) =>
    api.post<z.output<typeof shareLinkPageSchema>>('organization/sharelink/list', { id }, options),
  revoke: (id: number, options?: CallOptions) =>
    api.post<z.output<typeof emptyEnvelope>>('organization/sharelink/revoke', { id }, options),
  search: (search: ListSearch, options?: CallOptions) =>
    api.post<z.output<typeof adminShareLinkPageSchema>>('admin/sharelink/search', search, options),
  /** No session needed; an unknown, revoked or expired link is a 404 the page tells itself. */
  shared: (token: string, options?: CallOptions) =>
    api.get<SharedRoadmapView>(`shared/${encodeURIComponent(token)}`, { skipGlobal: true, ...options }),
};
