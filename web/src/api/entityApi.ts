import type { Envelope, ListSearch, SearchResult } from '@domain/schemas/common';
import type { savedIdEnvelope } from '@domain/schemas/contentView';
import type { z } from 'zod';
import { api, type RequestOptions } from './client';

type CallOptions = Omit<RequestOptions, 'method' | 'body'>;

/** What add and update answer: the saved item's id. */
type Saved = z.output<typeof savedIdEnvelope>;

/**
 * The calls every administered entity offers (docs/product.md#calls-content: search, getbyid,
 * copy, init, add, update, delete), with the query keys its screens share. `base` is the API path,
 * e.g. 'admin/section'; each screen passes its own error options per call.
 */
export function entityApi<TView, TRow = TView>(base: string) {
  const all = [base] as const;
  return {
    keys: {
      all,
      search: (search: ListSearch) => [...all, 'search', search] as const,
      item: (id: number) => [...all, 'item', id] as const,
      copy: (parentId: number) => [...all, 'copy', parentId] as const,
      blank: () => [...all, 'init'] as const,
    },
    search: (search: ListSearch, options?: CallOptions) =>
      api.post<SearchResult<TRow>>(`${base}/search`, search, options),
    getById: (id: number, options?: CallOptions) => api.post<TView>(`${base}/getbyid`, { id }, options),
    copy: (id: number, options?: CallOptions) => api.post<TView>(`${base}/copy`, { id }, options),
    init: (options?: CallOptions) => api.post<TView>(`${base}/init`, {}, options),
    add: (body: unknown, options?: CallOptions) => api.post<Saved>(`${base}/add`, body, options),
    update: (body: unknown, options?: CallOptions) => api.post<Saved>(`${base}/update`, body, options),
    remove: (id: number, options?: CallOptions) => api.post<Envelope>(`${base}/delete`, { id }, options),
  };
}

export type EntityApi<TView, TRow = TView> = ReturnType<typeof entityApi<TView, TRow>>;
