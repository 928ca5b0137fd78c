import type { AuditEntryView } from '@domain/schemas/auditView';
import type { ListSearch, SearchResult } from '@domain/schemas/common';
import { api, type RequestOptions } from '@web/api/client';

type CallOptions = Omit<RequestOptions, 'method' | 'body'>;

export const auditKeys = { all: ['audit'] as const };

/** The audit trail's one call (admin/audit/search, issue 13). */
export const auditApi = {
  search: (search: ListSearch, options?: CallOptions) =>
    api.post<SearchResult<AuditEntryView>>('admin/audit/search', search, options),
};
