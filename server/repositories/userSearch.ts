import { type QueryCreator, type RawBuilder, sql } from 'kysely';
import { UserGroup } from '../../domain/codes.js';
import { NO_FIRM } from '../../domain/rules/consultantReach.js';
import { defaultUserSort, type UserSort } from '../../domain/rules/userLists.js';
import type { Executor } from '../db/database.js';
import type { UserCsvRow, UserViewRow } from '../db/rows.js';
import type { DB } from '../db/schema.js';
import { firmReachSql } from './consultantReach.js';
import { keptCounts } from './keptCounts.js';
import { inPage, type PageIds, rowsOfPage } from './pageRows.js';
import { anyContains, contains, countOf, isPostgres, matchAll, pageOf, sortKeysOf } from './paging.js';
import { pageByText } from './textWalk.js';
import { userViewNames, userWithNames } from './users.js';

/** Which users an admin user list or CSV holds (docs/product.md#calls-users). */
export type UserListFilter = {
  query?: string | null;
  status?: number;
  group?: number | null;
  /** Deactivated users only. */
  inactive?: boolean;
  /** Suspended users only. */
  suspended?: boolean;
  /** Active consultants whose last certification is missing or before this date (yyyy-mm-dd). */
  certifiedBefore?: string;
  /** A consultant's reach: the people of this firm and of the manufacturers it works with. */
  consultingFirmId?: number | null;
  /** The caller, whose own row the lists hide (docs/product.md#permissions). */
  exceptUserId?: number;
};

const ref = (column: string) => sql.ref(column);

/** `u.organizationId` among the organizations that meet `where` (over `organizations as ro`). */
const inOrganizations = (where: RawBuilder<unknown>) =>
  sql<boolean>`${ref('u.organizationId')} in (select ${ref('ro.id')} from ${sql.table('organizations')} as ro where ${where})`;

/**
 * The text anywhere in the name, user name, e-mail or organization: the same rows as anyContains
 * over the four columns of users joined to organizations finds, written so each part reads an index
 * and no user row is tested in vain (docs/perf-notes/search.md).
 * - PostgreSQL: the user's own columns through the pg_trgm indexes of migration 012, and the
 *   organization as `= any(array(...))` of the few organizations whose name matches, which the index
 *   on users(organization_id) answers: one bitmap OR over users, no join, no scan.
 * - SQLite: the trigram index of migration 009 for the people, united with the people of the
 *   matching organizations; the page then looks up the ids found. FTS5 takes no ESCAPE, so a text
 *   holding % _ or \\ reads the people the plain way.
 */
function textMatches(db: Executor, query: string | null | undefined): RawBuilder<boolean> {
  const q = query?.trim() ?? '';
  if (!q) return matchAll;
  const organizations = sql`select ${ref('mo.id')} from ${sql.table('organizations')} as mo where ${contains(db, 'mo.name', q)}`;
  if (isPostgres(db)) {
    const own = anyContains(db, q, ['u.fullName', 'u.userName', 'u.email']);
    return sql<boolean>`(${own} or ${ref('u.organizationId')} = any(array(${organizations})))`;
  }
  const people = /[%_\\]/.test(q)
    ? sql`select ${ref('p.id')} from ${sql.table('users')} as p where ${anyContains(db, q, ['p.fullName', 'p.userName', 'p.email'])}`
    : sql`select rowid from user_search where body like ${`%${q}%`}`;
  return sql<boolean>`${ref('u.id')} in (${people} union select ${ref('m.id')} from ${sql.table('users')} as m where ${ref('m.organizationId')} in (${organizations}))`;
}

/** The filter as SQL over `users as u` alone (organizations are read in subqueries). */
function conditions(db: Executor, filter: UserListFilter): RawBuilder<boolean> {
  const parts: RawBuilder<boolean>[] = [textMatches(db, filter.query)];
  const is = (column: string, value: number) => parts.push(sql<boolean>`${ref(column)} = ${value}`);
  if (filter.status !== undefined) is('u.status', filter.status);
  if (filter.group != null) is('u.userGroup', filter.group);
  // Literals, not parameters: SQLite reads the partial indexes of migration 012 only for a literal.
  if (filter.inactive) parts.push(sql<boolean>`${ref('u.isActive')} = ${sql.lit(0)}`);
  if (filter.suspended) parts.push(sql<boolean>`${ref('u.isSuspended')} = ${sql.lit(1)}`);
  if (filter.certifiedBefore !== undefined) {
    // The same test as domain/rules/userLists.ts isCertificationExpired: ISO dates compare as text.
    is('u.userGroup', UserGroup.Consultant);
    is('u.isActive', 1);
    parts.push(
      sql<boolean>`(${ref('u.lastCertificationDate')} is null or ${ref('u.lastCertificationDate')} = '' or ${ref('u.lastCertificationDate')} < ${filter.certifiedBefore})`,
    );
  }
  if (filter.consultingFirmId !== undefined) {
    // domain/policies/users.ts canReachUser in SQL: never admins or visitors; only people of the
    // organizations the firm reaches (domain/rules/consultantReach.ts). Keep the two alike.
    parts.push(
      sql<boolean>`${ref('u.userGroup')} not in (${UserGroup.Admin}, ${UserGroup.Visitor})`,
      inOrganizations(firmReachSql(filter.consultingFirmId ?? NO_FIRM, { alias: 'ro' })),
    );
  }
  if (filter.exceptUserId !== undefined) parts.push(sql<boolean>`${ref('u.id')} <> ${filter.exceptUserId}`);
  return parts.length === 0 ? matchAll : sql<boolean>`(${sql.join(parts, sql` and `)})`;
}

/**
 * A page of the list by name with text, walking the name order (at most `bound` users that meet the
 * other filters) and testing each user's own columns and organization as it goes: the same rows as
 * textMatches finds, in the same order, for a text that matches many (textWalk.ts).
 */
function walkByName(
  db: Executor,
  filter: UserListFilter,
  text: string,
  direction: 'asc' | 'desc',
  bound: number,
  page: { offset: number; limit: number },
) {
  const byName = sql`lower(${ref('u.fullName')})`;
  const walked = db
    .selectFrom('users as u')
    .where(conditions(db, { ...filter, query: null }))
    .select(['u.id', 'u.fullName', 'u.userName', 'u.email', 'u.organizationId', byName.as('nameKey')])
    .orderBy(byName, direction)
    .orderBy('u.id')
    .limit(bound)
    .as('u');
  const organizations = sql`select ${ref('mo.id')} from ${sql.table('organizations')} as mo where ${contains(db, 'mo.name', text)}`;
  const own = anyContains(db, text, ['u.fullName', 'u.userName', 'u.email']);
  return (
    db
      .selectFrom(walked)
      .where(sql<boolean>`(${own} or ${ref('u.organizationId')} in (${organizations}))`)
      .select('u.id')
      // The walk's own key, not lower() again: PostgreSQL then sees the walk already in this order
      // and stops at the page's end instead of sorting every row walked.
      .orderBy('u.nameKey', direction)
      .orderBy('u.id')
      .offset(page.offset)
      .limit(page.limit)
  );
}

/** The columns of users the list's view shows (UserViewRow, db/rows.ts), with the names they refer to. */
function listRows(db: QueryCreator<DB>) {
  return userWithNames(db).select([
    'u.id',
    'u.userName',
    'u.fullName',
    'u.email',
    'u.phoneNumber',
    'u.userGroup',
    'u.functionalRoleId',
    'u.stateId',
    'u.divisionId',
    'u.organizationId',
    'u.department',
    'u.isActive',
    'u.requireChangePassword',
    'u.createdAt',
    'u.status',
    'u.registrationComplete',
    'u.approvalInviteDate',
    'u.lastLogin',
    'u.lastCertificationDate',
    'u.certificateNumber',
    'u.isSuspended',
    'u.additionalInfo',
    'u.excludeFromReport',
    'u.referredById',
    'u.referredByOther',
    'u.createdBy',
    ...userViewNames,
  ]);
}

/** A page's rows in its order (pageRows.ts). */
const rowsOf = (db: Executor, page: PageIds): Promise<UserViewRow[]> =>
  rowsOfPage(db, page, {
    ordered: (from, ids) => {
      const page = inPage('u.id', ids);
      return listRows(from).where(page.where).orderBy(page.order).execute();
    },
    byIds: (ids) => listRows(db).where('u.id', 'in', ids).execute(),
  });

/** One CSV row's fields: the user with the names of their group and organization. */
function csvQuery(db: Executor) {
  return db
    .selectFrom('users as u')
    .leftJoin('organizations as o', 'o.id', 'u.organizationId')
    .select([
      'u.id',
      'u.fullName',
      'u.userName',
      'u.email',
      'u.phoneNumber',
      'u.userGroup',
      'o.name as organizationName',
      'u.status',
      'u.isActive',
      'u.isSuspended',
      'u.certificateNumber',
      'u.lastCertificationDate',
      'u.lastLogin',
      'u.createdAt',
    ]);
}

/** Everything a filter's count depends on, told apart (undefined is no filter; null a firm-less reach). */
const filterKey = (f: UserListFilter) =>
  JSON.stringify([
    f.query?.trim() ?? '',
    f.status ?? '-',
    f.group ?? '-',
    Boolean(f.inactive),
    Boolean(f.suspended),
    f.certifiedBefore ?? '-',
    f.consultingFirmId === undefined ? '-' : (f.consultingFirmId ?? 'none'),
    f.exceptUserId ?? '-',
  ]);

/** The count kept while the people stand still (migration 014's 'people' counter). */
const keptCount = keptCounts<UserListFilter>(['people'], filterKey, (db, filter) =>
  db
    .selectFrom('users as u')
    .where(conditions(db, filter))
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirst()
    .then(countOf),
);

export const userSearchRepository = {
  /** How many users a list holds: the count its search gives, without the page (the dashboard's figures). */
  count(db: Executor, filter: UserListFilter): Promise<number> {
    return keptCount(db, filter);
  },

  /**
   * One page of a user list, by full name then id, and how many match in all. The page's ids and the
   * count come from users and organizations alone; only the page's rows get the names they refer to.
   */
  async search(
    db: Executor,
    filter: UserListFilter,
    page: { skip?: number | null; take?: number | null; sort?: UserSort | null },
  ) {
    const { offset, limit } = pageOf(page);
    const { column, direction } = page.sort ?? defaultUserSort;
    const text = filter.query?.trim() ?? '';
    // The page and the count apart: a window count over every user made every page sort them all;
    // by name, the page is a walk of an index of migration 012 that stops after it, and the count is
    // kept (keptCounts.ts). With text in the name order, the counts choose between walking that
    // index and reading every match (textWalk.ts). Organizations are joined only to sort by them.
    const pageIds = (where: RawBuilder<boolean>) =>
      db
        .selectFrom('users as u')
        .where(where)
        .select('u.id')
        .$call((query) => {
          // Rows without the value (no organization, never signed in) come last either way, on both
          // databases alike; the full name and the id keep equal values in a stable order.
          const byValue = (q: typeof query, ref: string, lower = false) => {
            const keys = sortKeysOf(ref, { lower });
            return q.orderBy(keys.missing).orderBy(keys.value, direction);
          };
          switch (column) {
            case 'organization':
              return byValue(
                query.leftJoin('organizations as o', 'o.id', 'u.organizationId'),
                'o.name',
                true,
              ).orderBy(sql`lower(${sql.ref('u.fullName')})`);
            case 'createdDateTime':
              return byValue(query, 'u.createdAt');
            case 'lastLogin':
              return byValue(query, 'u.lastLogin');
            default:
              return query.orderBy(sql`lower(${sql.ref('u.fullName')})`, direction);
          }
        })
        .orderBy('u.id')
        .offset(offset)
        .limit(limit);
    if (text && column === 'fullName') {
      const [matches = 0, all = 0] = await keptCount.many(db, [filter, { ...filter, query: null }]);
      const rows = await pageByText({
        offset,
        limit,
        matches,
        all,
        walk: (bound) => rowsOf(db, walkByName(db, filter, text, direction, bound, { offset, limit })),
        read: () => rowsOf(db, pageIds(conditions(db, filter))),
      });
      return { rows, count: matches };
    }
    const [rows, count] = await Promise.all([
      rowsOf(db, pageIds(conditions(db, filter))),
      userSearchRepository.count(db, filter),
    ]);
    return { rows, count };
  },

  /**
   * Every matching user, read in batches by id (keyset), so a download of any size holds one batch
   * in memory at a time.
   */
  async *batches(db: Executor, filter: UserListFilter, size = 1000): AsyncGenerator<UserCsvRow[]> {
    let after = 0;
    for (;;) {
      const rows = await csvQuery(db)
        .where(conditions(db, filter))
        .where('u.id', '>', after)
        .orderBy('u.id')
        .limit(size)
        .execute();
      if (rows.length > 0) yield rows;
      if (rows.length < size) return;
      after = rows[rows.length - 1]!.id;
    }
  },
};
