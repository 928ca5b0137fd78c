import { auditSortColumns } from '../../domain/rules/auditTrail.js';
import { auditPageSchema } from '../../domain/schemas/auditView.js';
import { listSearchSchema, listSortSchemaOf } from '../../domain/schemas/common.js';
import { keptPages } from '../http/keptPages.js';
import type { ZodApp } from '../http/types.js';
import { presentAuditEntry } from '../presenters/audit.js';
import { auditRepository } from '../repositories/audit.js';
import type { Deps } from './deps.js';

/** The tables an audit page reads: the entries and their actors' names. */
const auditPages = keptPages(['audit_log', 'users']);

/** The audit trail, readable by administrators (docs/decisions.md#audit-trail): who changed what, and when. */
export function auditRoutes(app: ZodApp, { db }: Deps): void {
  app.post(
    '/admin/audit/search',
    {
      config: { access: ['admin'] },
      schema: {
        summary: 'Search the audit trail',
        description:
          'Query matches the action, the entity and the actor’s full name or user name. Newest first unless sort names a column (at, actor, action; the System last); count is the total before Skip and Take.',
        tags: ['audit'],
        body: listSearchSchema.extend({
          /** The order; newest first without it (docs/decisions.md#web-list-sorting-audit). */
          sort: listSortSchemaOf(auditSortColumns).nullish(),
        }),
        response: { 200: auditPageSchema },
      },
    },
    async (request, reply) =>
      auditPages(db, request, reply, async () => {
        const { rows, count } = await auditRepository.search(db, request.body);
        return { data: rows.map(presentAuditEntry), count };
      }),
  );
}
