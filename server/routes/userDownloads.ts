import type { UserGroup } from '../../domain/codes.js';
import { certificationCutoff, type UserDownloadKind, userCsvFileName } from '../../domain/rules/userLists.js';
import { fileAnswer } from '../../domain/schemas/answers.js';
import { userGroupSearchSchema, userSearchSchema } from '../../domain/schemas/userAdmin.js';
import { attachment } from '../http/attachment.js';
import type { ZodApp } from '../http/types.js';
import { CSV_TYPE } from '../reports/csv.js';
import { userCsv } from '../reports/userCsv.js';
import { type UserListFilter, userSearchRepository } from '../repositories/userSearch.js';
import type { Deps } from './deps.js';

const tags = ['users'];
const adminOnly = { access: ['admin'] } as const;
const description =
  'The same body as the search (Skip and Take are ignored: every matching user). A streamed CSV (UTF-8, header row, RFC 4180) named product-kind-date; cells that would run as formulas start with a quote.';

/** The user CSV downloads of docs/product.md#calls-users. */
export function userDownloadRoutes(app: ZodApp, { db }: Deps): void {
  const download = (
    path: string,
    summary: string,
    schema: typeof userSearchSchema | typeof userGroupSearchSchema,
    kindOf: (body: { userGroup?: number | null }) => UserDownloadKind,
    filterOf: (body: { query?: string | null; userGroup?: number | null }) => UserListFilter,
  ) =>
    app.post(
      path,
      {
        config: adminOnly,
        schema: { summary, description, tags, body: schema, response: { 200: fileAnswer } },
      },
      async (request, reply) => {
        const name = userCsvFileName(kindOf(request.body), new Date());
        const csv = userCsv(userSearchRepository.batches(db, filterOf(request.body)));
        return reply.type(CSV_TYPE).header('content-disposition', attachment(name)).send(csv);
      },
    );

  download(
    '/admin/user/download/all',
    'Every user as CSV',
    userSearchSchema,
    () => ({ kind: 'all' }),
    (b) => ({ query: b.query }),
  );
  download(
    '/admin/user/download/bygroup',
    'The users of one group as CSV (userGroup required)',
    userGroupSearchSchema,
    (b) => ({ kind: 'bygroup', group: b.userGroup as UserGroup }),
    (b) => ({ query: b.query, group: b.userGroup }),
  );
  for (const mode of ['inactive', 'suspended'] as const) {
    download(
      `/admin/user/download/${mode}`,
      `${mode === 'inactive' ? 'Inactive' : 'Suspended'} users as CSV (userGroup optional)`,
      userSearchSchema,
      (b) => ({ kind: mode, group: b.userGroup as UserGroup }),
      (b) => ({ query: b.query, group: b.userGroup, [mode]: true }),
    );
  }
  download(
    '/admin/user/download/consultant/expiredcertification',
    'Active consultants with a missing or expired certification as CSV',
    userSearchSchema,
    () => ({ kind: 'expired' }),
    (b) => ({ query: b.query, certifiedBefore: certificationCutoff(new Date()) }),
  );
}
