import { type QueryCreator, type RawBuilder, sql } from 'kysely';
import { LookupType, OrganizationType } from '../../domain/codes.js';
import type { InviteSort, InviteSortColumn } from '../../domain/rules/userLists.js';
import type { InviteSearch } from '../../domain/schemas/userAdmin.js';
import type { Executor } from '../db/database.js';
import type { AdminInviteRow } from '../db/rows.js';
import type { DB } from '../db/schema.js';
import { inviteQuery } from './assessmentInvites.js';
import { keptCounts } from './keptCounts.js';
import { inPage, type PageIds, rowsOfPage } from './pageRows.js';
import { anyContains, contains, countOf, isPostgres, matchAll, pageOf, sortKeysOf } from './paging.js';
import { pageByText } from './textWalk.js';

export type InviteListFilter = Pick<InviteSearch, 'query' | 'isComplete' | 'assessmentType' | 'unassigned'>;

/** Active invites with the organization's type and roadmap status, for the admin invite list. */
function adminInviteQuery(db: QueryCreator<DB>) {
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

/**
 * The text in the respondent's name or user name, or in the organization's name, as conditions on
 * the invite's own columns: `= any(array(...))` on PostgreSQL, `in (...)` on SQLite, over the few
 * people and organizations that match (found through the trigram indexes of migrations 009 and 012),
 * which the indexes on the invite's respondent and organization answer. The same rows as
 * anyContains over u.fullName, u.userName and o.name on the joined invite finds, without reading
 * every invite ('smith' over 51,898 invites: see docs/perf-notes/search.md).
 */
function textMatches(db: Executor, query: string | null | undefined): RawBuilder<boolean> {
  const q = query?.trim() ?? '';
  if (!q) return matchAll;
  const ref = (column: string) => sql.ref(column);
  const own = anyContains(db, q, ['p.fullName', 'p.userName']);
  // SQLite's trigram index of each person's name, user name and e-mail narrows the people to test
  // (FTS5 takes no ESCAPE: a text holding % _ or \\ tests every person, as before).
  const narrowed =
    isPostgres(db) || /[%_\\]/.test(q)
      ? own
      : sql<boolean>`${ref('p.id')} in (select rowid from user_search where body like ${`%${q}%`}) and ${own}`;
  const people = sql`select ${ref('p.id')} from ${sql.table('users')} as p where ${narrowed}`;
  const organizations = sql`select ${ref('mo.id')} from ${sql.table('organizations')} as mo where ${contains(db, 'mo.name', q)}`;
  const among = (column: string, ids: RawBuilder<unknown>) =>
    isPostgres(db) ? sql`${ref(column)} = any(array(${ids}))` : sql`${ref(column)} in (${ids})`;
  return sql<boolean>`(${among('i.respondentId', people)} or ${among('i.organizationId', organizations)})`;
}

/**
 * The list's filters as SQL over the invite's own columns (docs/product.md#calls: isComplete,
 * assessmentType, unassigned), so that counting and paging join nothing: whether the invite has a
 * result is an exists (a left join's "r.id is null" the PostgreSQL planner took for one row in all,
 * and joined all 51,898 invites to their names before taking 50: 674 ms), the assessment's type and
 * the organization's assignment are subqueries of the few assessments and organizations that qualify.
 */
function conditions(db: Executor, filter: InviteListFilter): RawBuilder<boolean> {
  const ref = (column: string) => sql.ref(column);
  const parts: RawBuilder<boolean>[] = [textMatches(db, filter.query)];
  const result = sql`exists (select 1 from ${sql.table('assessmentResults')} as hr where ${ref('hr.assessmentInviteId')} = ${ref('i.id')})`;
  if (filter.isComplete === true) parts.push(sql<boolean>`${result}`);
  if (filter.isComplete === false) parts.push(sql<boolean>`not ${result}`);
  if (filter.assessmentType != null)
    parts.push(
      sql<boolean>`${ref('i.assessmentId')} in (select ${ref('ta.id')} from ${sql.table('assessments')} as ta where ${ref('ta.assessmentType')} = ${filter.assessmentType})`,
    );
  // Unassigned: manufacturers that no consulting firm works with.
  if (filter.unassigned)
    parts.push(
      sql<boolean>`${ref('i.organizationId')} in (select ${ref('uo.id')} from ${sql.table('organizations')} as uo where ${ref('uo.type')} = ${OrganizationType.Manufacturer} and ${ref('uo.consultingFirmId')} is null)`,
    );
  return sql<boolean>`(${sql.join(parts, sql` and `)})`;
}

/**
 * A page of the newest invites the text matches, walking at most the `bound` newest invites that
 * meet the other filters and testing each as it comes (its respondent looked up by primary key, its
 * organization among the few whose name matches): the same rows as textMatches finds, in the same
 * order, for a text that matches many (textWalk.ts).
 */
function walkNewest(
  db: Executor,
  filter: InviteListFilter,
  text: string,
  page: { offset: number; limit: number; bound: number },
) {
  const ref = (column: string) => sql.ref(column);
  const walked = db
    .selectFrom('assessmentInvites as i')
    .where('i.isActive', '=', 1)
    .where(conditions(db, { ...filter, query: null }))
    .select(['i.id', 'i.respondentId', 'i.organizationId'])
    .orderBy('i.id', 'desc')
    .limit(page.bound)
    .as('w');
  const respondent = sql<boolean>`(select ${anyContains(db, text, ['p.fullName', 'p.userName'])} from ${sql.table('users')} as p where ${ref('p.id')} = ${ref('w.respondentId')})`;
  const organization = sql<boolean>`${ref('w.organizationId')} in (select ${ref('mo.id')} from ${sql.table('organizations')} as mo where ${contains(db, 'mo.name', text)})`;
  return db
    .selectFrom(walked)
    .where(sql<boolean>`(${respondent} or ${organization})`)
    .select('w.id')
    .orderBy('w.id', 'desc')
    .offset(page.offset)
    .limit(page.limit);
}

/**
 * How many active invites the filters match: the invites alone, every filter a condition on them,
 * kept while the invites, their results, the assessments' types and the people and organizations the
 * text reads stand still (migration 014's 'invites' and 'people' counters).
 */
const countInvites = keptCounts<InviteListFilter>(
  ['invites', 'people'],
  (f) =>
    JSON.stringify([
      f.query?.trim() ?? '',
      f.isComplete === true ? 'done' : f.isComplete === false ? 'open' : '-',
      f.assessmentType ?? '-',
      Boolean(f.unassigned),
    ]),
  (db, filter) =>
    db
      .selectFrom('assessmentInvites as i')
      .where('i.isActive', '=', 1)
      .where(conditions(db, filter))
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirst()
      .then(countOf),
);

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
    // The page's ids from the invites (joined only to what the order reads), then the names of those
    // 50 alone: joining every matching invite to six tables before taking 50 cost a plan and a
    // pass over each of them (docs/perf-notes/search.md).
    const pageIds = () =>
      db
        .selectFrom('assessmentInvites as i')
        .where('i.isActive', '=', 1)
        .where(conditions(db, filter))
        .select('i.id')
        .$call((query) => {
          if (!sort) return query;
          // Rows without the value (no organization, never sent, pending) last either way; the
          // respondent's name keeps equal values in a readable order, the id a stable one.
          const joined = query
            .innerJoin('users as u', 'u.id', 'i.respondentId')
            .$if(sort.column === 'organization', (q) =>
              q.leftJoin('organizations as o', 'o.id', 'i.organizationId'),
            )
            .$if(sort.column === 'completed', (q) =>
              q.leftJoin('assessmentResults as r', 'r.assessmentInviteId', 'i.id'),
            );
          const keys = sortKeysOf(sortValue[sort.column], { lower: !isDate(sort.column) });
          return joined
            .orderBy(keys.missing)
            .orderBy(keys.value, sort.direction)
            .orderBy(sql`lower(${sql.ref('u.fullName')})`);
        })
        .orderBy('i.id', 'desc')
        .offset(offset)
        .limit(limit);
    const rowsOf = (ids: PageIds) =>
      rowsOfPage(db, ids, {
        ordered: (from, p) => {
          const page = inPage('i.id', p);
          return adminInviteQuery(from).where(page.where).orderBy(page.order).execute();
        },
        byIds: (p) => adminInviteQuery(db).where('i.id', 'in', p).execute(),
      });
    const text = filter.query?.trim() ?? '';
    if (text && !sort) {
      // Newest first with text: the counts choose between walking the invites from the newest and
      // reading every match (textWalk.ts).
      const [matches = 0, all = 0] = await countInvites.many(db, [filter, { ...filter, query: null }]);
      const rows = await pageByText({
        offset,
        limit,
        matches,
        all,
        // Reading the matches reads each matching person, then their invites: two reads a match, where
        // the walk reads one invite and its respondent a row ('smith', PostgreSQL: 89-117 -> 24-31 ms).
        readCost: 2 * matches,
        walk: (bound) => rowsOf(walkNewest(db, filter, text, { offset, limit, bound })),
        read: () => rowsOf(pageIds()),
      });
      return { rows, count: matches };
    }
    const [rows, count] = await Promise.all([rowsOf(pageIds()), countInvites(db, filter)]);
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
