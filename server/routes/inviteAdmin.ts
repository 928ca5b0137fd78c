import type { AssessmentType } from '../../domain/codes.js';
import { inviteCsvFileName } from '../../domain/rules/userLists.js';
import { fileAnswer } from '../../domain/schemas/answers.js';
import { adminAssessmentInvitePageSchema } from '../../domain/schemas/organizationView.js';
import { inviteSearchSchema } from '../../domain/schemas/userAdmin.js';
import { actorOf } from '../auth/guard.js';
import { attachment } from '../http/attachment.js';
import { keptPages } from '../http/keptPages.js';
import type { ZodApp } from '../http/types.js';
import { presentAdminInvite } from '../presenters/organization.js';
import { CSV_TYPE } from '../reports/csv.js';
import { inviteCsv } from '../reports/inviteCsv.js';
import { inviteSearchRepository } from '../repositories/inviteSearch.js';
import type { Deps } from './deps.js';

const tags = ['invites'];
const adminOnly = { access: ['admin'] } as const;
/** The tables an invite page reads: the invites, their people, assessments, organizations (with their
 * firms and Anonymize Results), results, roadmaps and the roadmap statuses' names. */
const invitePages = keptPages([
  'assessment_invites',
  'users',
  'assessments',
  'organizations',
  'assessment_results',
  'roadmaps',
  'lookup_items',
]);
const filters =
  'Active invites only. Query matches the respondent full name, user name and organization name. isComplete true: with a result, false: without; assessmentType 1 current, 2 future, 3 trial; unassigned: manufacturers no consulting firm works with.';

/** The admin invite list (docs/product.md#calls): admin/assessmentinvite/search and download. */
export function inviteAdminRoutes(app: ZodApp, { db }: Deps): void {
  app.post(
    '/admin/assessmentinvite/search',
    {
      config: adminOnly,
      schema: {
        summary: 'Search every assessment invite',
        description: `${filters} Newest first unless sort names a column (respondent, organization, invitedAt, completed; no value last); count is the total before Skip and Take.`,
        tags,
        body: inviteSearchSchema,
        response: { 200: adminAssessmentInvitePageSchema },
      },
    },
    async (request, reply) =>
      invitePages(db, request, reply, async () => {
        const { rows, count } = await inviteSearchRepository.search(db, request.body, request.body);
        const actor = actorOf(request);
        return { data: rows.map((row) => presentAdminInvite(row, actor)), count };
      }),
  );

  app.post(
    '/admin/assessmentinvite/download',
    {
      config: adminOnly,
      schema: {
        summary: 'Every matching assessment invite as CSV',
        description: `${filters} Skip and Take are ignored. A streamed CSV named SM-Roadmap-Invites-{type}[-Completed|-Pending|-Unassigned]-{date}.csv.`,
        tags,
        body: inviteSearchSchema,
        response: { 200: fileAnswer },
      },
    },
    async (request, reply) => {
      const { isComplete, unassigned } = request.body;
      const assessmentType = request.body.assessmentType as AssessmentType | null | undefined;
      const name = inviteCsvFileName({ assessmentType, isComplete, unassigned }, new Date());
      const csv = inviteCsv(inviteSearchRepository.batches(db, request.body));
      return reply.type(CSV_TYPE).header('content-disposition', attachment(name)).send(csv);
    },
  );
}
