import { type RawBuilder, sql } from 'kysely';
import { AssessmentType, LEGACY_IMPORT_FIRM_CODE, LookupType } from '../../domain/codes.js';
import {
  defaultOrganizationSort,
  type OrganizationSort,
  type OrganizationSortColumn,
} from '../../domain/rules/organizationLists.js';
import type { Executor } from '../db/database.js';
import { reusableQuery } from '../db/reusableQuery.js';
import { firmReachSql } from './consultantReach.js';
import { contains, countOf, matchAll, pageOf, sortKeysOf } from './paging.js';

/** An organization with the names of everything it refers to, ready for the presenter. */
function detailQuery(db: Executor) {
  return db
    .selectFrom('organizations as o')
    .leftJoin('lookupItems as bt', 'bt.id', 'o.businessTypeId')
    .leftJoin('lookupItems as st', 'st.id', 'o.stateId')
    .leftJoin('organizations as cf', 'cf.id', 'o.consultingFirmId')
    .leftJoin('lookupItems as cfst', 'cfst.id', 'cf.stateId')
    .leftJoin('organizations as rb', 'rb.id', 'o.referredById')
    .leftJoin('roadmaps as r', 'r.organizationId', 'o.id')
    .leftJoin('lookupItems as rs', 'rs.id', 'r.statusId')
    .leftJoin('demographics as d', 'd.organizationId', 'o.id')
    .leftJoin('lookupItems as hq', 'hq.id', 'd.hqRegionId')
    .selectAll('o')
    .select([
      'bt.name as businessTypeName',
      'bt.code as businessTypeCode',
      'st.name as stateName',
      'st.code as stateCode',
      'cf.name as consultingFirmName',
      'cfst.id as consultingFirmStateId',
      'cfst.name as consultingFirmStateName',
      'cfst.code as consultingFirmStateCode',
      'rb.name as referredByName',
      'r.id as roadmapId',
      'r.statusId as roadmapStatusId',
      'rs.name as roadmapStatusName',
      'rs.code as roadmapStatusCode',
      'r.benchmarkId',
      'r.currentStateAssessmentId',
      'r.futureStateAssessmentId',
      'hq.id as hqRegionId',
      'hq.name as hqRegionName',
      'hq.code as hqRegionCode',
    ]);
}

export type OrganizationSearch = {
  query?: string | null;
  skip?: number | null;
  take?: number | null;
  type?: number | null;
  unassigned?: boolean | null;
  /** A consultant's firm: only the manufacturers it works with. */
  consultingFirmId?: number | null;
  /** The order; by name, A to Z, without it. */
  sort?: OrganizationSort | null;
};

/** The value an organization list sorts by, per column other than the name (a subquery on o's row). */
const sortValue: Record<Exclude<OrganizationSortColumn, 'name'>, RawBuilder<unknown>> = {
  // The column reads 'Region (State)': by the region, then (below, via the name) the rest.
  hqRegion: sql`(select ${sql.ref('h.name')} from ${sql.table('demographics')} as d
    join ${sql.table('lookupItems')} as h on ${sql.ref('h.id')} = ${sql.ref('d.hqRegionId')}
    where ${sql.ref('d.organizationId')} = ${sql.ref('o.id')})`,
  state: sql`(select ${sql.ref('s.name')} from ${sql.table('lookupItems')} as s
    where ${sql.ref('s.id')} = ${sql.ref('o.stateId')})`,
  consultingFirm: sql`(select ${sql.ref('f.name')} from ${sql.table('organizations')} as f
    where ${sql.ref('f.id')} = ${sql.ref('o.consultingFirmId')})`,
  // The roadmap's stages in their own order (pre-assessment first), not alphabetically.
  roadmapStatus: sql`(select ${sql.ref('rs.displayOrder')} from ${sql.table('roadmaps')} as r
    join ${sql.table('lookupItems')} as rs on ${sql.ref('rs.id')} = ${sql.ref('r.statusId')}
    where ${sql.ref('r.organizationId')} = ${sql.ref('o.id')})`,
};

// The reads of admin/organization/getbyid, compiled once (reusableQuery.ts): building and
// transforming them through Kysely cost more than SQLite running them.
const detailById = reusableQuery((db: Executor, id: number) => detailQuery(db).where('o.id', '=', id));

const aliasesOf = reusableQuery((db: Executor, organizationId: number) =>
  db
    .selectFrom('lookupItems as fr')
    .leftJoin('functionalRoleAliases as a', (j) =>
      j.onRef('a.functionalRoleId', '=', 'fr.id').on('a.organizationId', '=', organizationId),
    )
    .select(['fr.id', 'fr.name', 'a.alias'])
    .where('fr.lookupType', '=', LookupType.FunctionalRole)
    .where('fr.isActive', '=', 1)
    .orderBy('fr.displayOrder')
    .orderBy('fr.name'),
);

const activeRoadmapAssessments = reusableQuery((db: Executor) =>
  db
    .selectFrom('assessments')
    .select(['id', 'name', 'code', 'assessmentType'])
    .where('isActive', '=', 1)
    .where('assessmentType', 'in', [AssessmentType.CurrentState, AssessmentType.FutureState])
    .orderBy('id'),
);

/** The roadmap's two assessments among the active ones (activeRoadmapAssessments): the first of each type. */
export function roadmapAssessmentsOf<T extends { assessmentType: number }>(rows: readonly T[]) {
  return {
    current: rows.find((r) => r.assessmentType === AssessmentType.CurrentState) ?? null,
    future: rows.find((r) => r.assessmentType === AssessmentType.FutureState) ?? null,
  };
}

const activeUsersOf = reusableQuery((db: Executor, organizationId: number) =>
  db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('organizationId', '=', organizationId)
    .where('isActive', '=', 1),
);

export const organizationDetails = {
  async findById(db: Executor, id: number) {
    return (await detailById(db, id))[0];
  },

  /** The organization lists: by type, unassigned manufacturers, a consultant's manufacturers; by name. */
  async search(db: Executor, search: OrganizationSearch) {
    const { offset, limit } = pageOf(search);
    const query = search.query?.trim() ?? '';
    // The page's ids and the count come from organizations alone; only the page's rows are joined
    // to the names, roadmap and region they show (two thousand manufacturers: 14 ms -> a few).
    const matching = db
      .selectFrom('organizations as o')
      .where((eb) => eb.or([eb('o.code', 'is', null), eb('o.code', '!=', LEGACY_IMPORT_FIRM_CODE)]))
      .where((eb) => (search.type ? eb('o.type', '=', search.type) : matchAll))
      .where((eb) => (search.unassigned ? eb('o.consultingFirmId', 'is', null) : matchAll))
      .where(
        search.consultingFirmId != null
          ? firmReachSql(search.consultingFirmId, { clientsOnly: true })
          : matchAll,
      )
      .where(query ? contains(db, 'o.name', query) : matchAll);
    const { column, direction } = search.sort ?? defaultOrganizationSort;
    const [ids, count] = await Promise.all([
      matching
        .select('o.id')
        // Inactive organizations stay last in every order (docs/decisions.md#web-list-sorting-inactive).
        .orderBy('o.isActive', 'desc')
        .$call((ordered) => {
          if (column === 'name') return ordered.orderBy('o.name', direction);
          // The value each row sorts by, read beside the organizations alone (the page is joined later).
          const keys = sortKeysOf(sortValue[column], { lower: column !== 'roadmapStatus' });
          return ordered.orderBy(keys.missing).orderBy(keys.value, direction).orderBy('o.name');
        })
        .orderBy('o.id')
        .offset(offset)
        .limit(limit)
        .execute(),
      matching
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirst()
        .then(countOf),
    ]);
    if (ids.length === 0) return { rows: [], count };
    const order = new Map(ids.map((r, i) => [r.id, i]));
    const rows = await detailQuery(db)
      .where(
        'o.id',
        'in',
        ids.map((r) => r.id),
      )
      .execute();
    rows.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
    return { rows, count };
  },

  /** Every active functional role with this organization's alias for it. */
  aliases(db: Executor, organizationId: number | null) {
    return aliasesOf(db, organizationId ?? -1);
  },

  /** The current- and future-state assessments a roadmap invites to (the active one of each type). */
  async roadmapAssessments(db: Executor) {
    return roadmapAssessmentsOf(await activeRoadmapAssessments(db));
  },

  /** Every active current- and future-state assessment, by id: what invites may name. */
  activeRoadmapAssessments(db: Executor) {
    return activeRoadmapAssessments(db);
  },

  activeUserCount(db: Executor, organizationId: number) {
    return activeUsersOf(db, organizationId).then((rows) => countOf(rows[0]));
  },
};
