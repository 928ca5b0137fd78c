import { auditPageSchema } from '../../domain/schemas/auditView.js';
import { listSearchSchema } from '../../domain/schemas/common.js';
import type { ZodApp } from '../http/types.js';
import { presentAuditEntry } from '../presenters/audit.js';
import { auditRepository } from '../repositories/audit.js';
import type { Deps } from './deps.js';

/** The audit trail, readable by administrators (docs/decisions.md#audit-trail): who changed what, and when. */
export function auditRoutes(app: ZodApp, { db }: Deps): void {
  app.post(
    '/admin/audit/search',
    {
      config: { access: ['admin'] },
      schema: {
        summary: 'Search the audit trail',
        description:
          'Query matches the action, the entity and the actor’s full name or user name. Newest first; count is the total before Skip and Take.',
        tags: ['audit'],
        body: listSearchSchema,
        response: { 200: auditPageSchema },
      },
    },
    async (request) => {
      const { rows, count } = await auditRepository.search(db, request.body);
      return { data: rows.map(presentAuditEntry), count };
    },
  );
}
