import type { AuditSort } from '@domain/rules/auditTrail';
import type { auditPageSchema } from '@domain/schemas/auditView';
import type { ListSearch } from '@domain/schemas/common';
import { api, type RequestOptions } from '@web/api/client';
import type { z } from 'zod';

type CallOptions = Omit<RequestOptions, 'method' | 'body'>;

export const auditKeys = { all: ['audit'] as const };

/** The audit trail's one call (admin/audit/search, docs/decisions.md#audit-trail). */
export const auditApi = {
  /** Without a sort the server's own order: newest first. */
  search: (search: ListSearch & { sort?: AuditSort }, options?: CallOptions) =>
    api.post<z.output<typeof auditPageSchema>>('admin/audit/search', search, options),
};
