import { type RawBuilder, sql } from 'kysely';
import { LookupType, OrganizationType } from '../../domain/codes.js';
import type { InviteSort, InviteSortColumn } from '../../domain/rules/userLists.js';
import type { InviteSearch } from '../../domain/schemas/userAdmin.js';
import type { Executor } from '../db/database.js';
import type { AdminInviteRow } from '../db/rows.js';
import { inviteQuery } from './assessmentInvites.js';
import { anyContains, countOf, pageOf, sortKeysOf } from './paging.js';

export type InviteListFilter = Pick<InviteSearch, 'query' | 'isComplete' | 'assessmentType' | 'unassigned'>;

/** Active invites with the organization's type and roadmap status, for the admin invite list. */
function adminInviteQuery(db: Executor) {
  return inviteQuery(db)
    .leftJoin('roadmaps as rm', 'rm.organizationId', 'i.organizationId')
    .leftJoin('lookupItems as rs', (j) =>
      j.onRef('rs.id', '=', 'rm.statusId').on('rs.lookupType', '=', LookupType.RoadmapStatus),
    )
    .select([
      'o.type as organizationType',
      'rs.id as roadmapStatusId',
      'rs.name as roadmapStatusName',
      'rs.code as roadmapStatusCode',
    ])
    .where('i.isActive', '=', 1);
}

/** The list's filters as SQL (docs/product.md#calls: isComplete, assessmentType, unassigned). */
function conditions(db: Executor, filter: InviteListFilter): RawBuilder<boolean> {
  const ref = (column: string) => sql.ref(column);
  const parts: RawBuilder<boolean>[] = [
    anyContains(db, filter.query, ['u.fullName', 'u.userName', 'o.name']),
  ];
  if (filter.isComplete === true) parts.push(sql<boolean>`${ref('r.id')} is not null`);
  if (filter.isComplete === false) parts.push(sql<boolean>`${ref('r.id')} is null`);
  if (filter.assessmentType != null)
    parts.push(sql<boolean>`${ref('a.assessmentType')} = ${filter.assessmentType}`);
  // Unassigned: manufacturers that no consulting firm works with.
  if (filter.unassigned)
    parts.push(
      sql<boolean>`(${ref('o.type')} = ${OrganizationType.Manufacturer} and ${ref('o.consultingFirmId')} is null)`,
    );
  return sql<boolean>`(${sql.join(parts, sql` and `)})`;
}

/**
 * How many active invites the filters match, joined only to the tables the filters name: every invite
 * has its respondent and assessment (foreign keys) and at most one result, so the other joins could
 * not change the count, only its cost (51,399 invites: 33 ms with every join, ~2 ms without).
 */
function countInvites(db: Executor, filter: InviteListFilter): Promise<number> {
  const byText = Boolean(filter.query?.trim());
  let q = db.selectFrom('assessmentInvites as i').where('i.isActive', '=', 1);
  type Q = typeof q;
  if (byText) q = q.innerJoin('users as u', 'u.id', 'i.respondentId') as unknown as Q;
  if (filter.assessmentType != null)
    q = q.innerJoin('assessments as a', 'a.id', 'i.assessmentId') as unknown as Q;
  if (byText || filter.unassigned)
    q = q.leftJoin('organizations as o', 'o.id', 'i.organizationId') as unknown as Q;
  if (filter.isComplete != null)
    q = q.leftJoin('assessmentResults as r', 'r.assessmentInviteId', 'i.id') as unknown as Q;
  return q
    .where(conditions(db, filter))
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirst()
    .then(countOf);
}

/** The column each invite sort reads (docs/decisions.md#web-list-sorting). */
const sortValue: Record<InviteSortColumn, string> = {
  respondent: 'u.fullName',
  organization: 'o.name',
  invitedAt: 'i.invitedAt',
  completed: 'r.completionDateTime',
};
const isDate = (column: InviteSortColumn) => column === 'invitedAt' || column === 'completed';

export const inviteSearchRepository = {
  /** How many invites a list holds, as its search counts them (the dashboard's figures). */
  count: countInvites,

  /** One page of the admin invite list, in the order asked (newest first without one), and how many match. */
  async search(
    db: Executor,
    filter: InviteListFilter,
    page: { skip?: number | null; take?: number | null; sort?: InviteSort | null },
  ) {
    const { offset, limit } = pageOf(page);
    const sort = page.sort;
    const [rows, count] = await Promise.all([
      adminInviteQuery(db)
        .where(conditions(db, filter))
        .$call((query) => {
          if (!sort) return query;
          // Rows without the value (no organization, never sent, pending) last either way; the
          // respondent's name keeps equal values in a readable order, the id a stable one.
          const keys = sortKeysOf(sortValue[sort.column], { lower: !isDate(sort.column) });
          return query
            .orderBy(keys.missing)
            .orderBy(keys.value, sort.direction)
            .orderBy(sql`lower(${sql.ref('u.fullName')})`);
        })
        .orderBy('i.id', 'desc')
        .offset(offset)
        .limit(limit)
        .execute(),
      countInvites(db, filter),
    ]);
    return { rows, count };
  },

  /** Every matching invite, newest first, read in batches by id (keyset) for the CSV. */
  async *batches(db: Executor, filter: InviteListFilter, size = 1000): AsyncGenerator<AdminInviteRow[]> {
    let before: number | null = null;
    for (;;) {
      let q = adminInviteQuery(db).where(conditions(db, filter));
      if (before !== null) q = q.where('i.id', '<', before);
      const rows = await q.orderBy('i.id', 'desc').limit(size).execute();
      if (rows.length > 0) yield rows;
      if (rows.length < size) return;
      before = rows[rows.length - 1]!.id;
    }
  },
};
