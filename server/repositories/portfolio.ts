import { type Expression, type RawBuilder, type SqlBool, sql } from 'kysely';
import { AssessmentType, LookupType, OrganizationType } from '../../domain/codes.js';
import {
  type AttentionCutoffs,
  defaultPortfolioSort,
  type PortfolioSort,
} from '../../domain/rules/portfolio.js';
import { averageScore } from '../../domain/rules/reportFigures.js';
import type { Executor } from '../db/database.js';
import { contains, countOf, isPostgres, matchAll, pageOf } from './paging.js';

// The client portfolio (issue 17): every manufacturer in the caller's reach with its roadmap status,
// invite counts, last activity and the facts of its attention reasons, in ONE query per page, plus one
// count, plus one query for the page's scores. Only what the page needs is aggregated:
// - sorted by name or status without the attention filter, the page's ids are chosen from the
//   organizations alone and only their invites are read (the 'invites_organization' index);
// - sorted by last activity or filtered to needs-attention, every manufacturer in reach must be
//   aggregated, once, over its invites (no answers); the total then comes with the page (a window
//   count) and a separate count runs only when the page is past the end.
// Scores read answers, so they are computed for the page's rows only (scoresOf).

export type PortfolioFilter = {
  query?: string | null;
  needsAttention?: boolean | null;
  /** A consultant's firm: only the manufacturers it works with; undefined for admins (all). */
  consultingFirmId?: number;
};

const ref = (column: string) => sql.ref(column);
/** A subquery selecting the ids of the manufacturers to read. */
type OrganizationIds = Expression<unknown>;
const counted = [AssessmentType.CurrentState, AssessmentType.FutureState];

/** The manufacturers in reach whose name holds the text, over `organizations as o`. */
function inReach(db: Executor, filter: PortfolioFilter): RawBuilder<SqlBool> {
  const parts: RawBuilder<SqlBool>[] = [sql<SqlBool>`${ref('o.type')} = ${OrganizationType.Manufacturer}`];
  if (filter.consultingFirmId !== undefined)
    parts.push(sql<SqlBool>`${ref('o.consultingFirmId')} = ${filter.consultingFirmId}`);
  const q = filter.query?.trim();
  parts.push(q ? contains(db, 'o.name', q) : matchAll);
  return sql<SqlBool>`(${sql.join(parts, sql` and `)})`;
}

/** The latest of some ISO moments, nulls ignored, null when all are (SQLite's max() of several is null if one is). */
function latestOf(db: Executor, moments: RawBuilder<unknown>[]): RawBuilder<string | null> {
  if (isPostgres(db)) return sql<string | null>`greatest(${sql.join(moments)})`;
  return sql<string | null>`nullif(max(${sql.join(moments.map((m) => sql`coalesce(${m}, '')`))}), '')`;
}

/**
 * Per manufacturer whose id the subquery gives: its included invites of the current and the future
 * state (active, neither the invite nor the person marked Exclude From Report), how many have a result,
 * the latest result and invite, and the oldest invite still without a result.
 */
function inviteFacts(db: Executor, organizationIds: OrganizationIds) {
  const isType = (type: number) => sql`${ref('a.assessmentType')} = ${type}`;
  const sumWhen = (condition: RawBuilder<unknown>) =>
    sql<number | string>`sum(case when ${condition} then 1 else 0 end)`;
  const done = sql`${ref('r.id')} is not null`;
  return db
    .selectFrom('assessmentInvites as i')
    .innerJoin('assessments as a', 'a.id', 'i.assessmentId')
    .innerJoin('users as u', 'u.id', 'i.respondentId')
    .leftJoin('assessmentResults as r', 'r.assessmentInviteId', 'i.id')
    .where('i.organizationId', 'in', organizationIds as never)
    .where('i.isActive', '=', 1)
    .where('i.excludeFromReport', '=', 0)
    .where('u.excludeFromReport', '=', 0)
    .where('a.assessmentType', 'in', counted)
    .groupBy('i.organizationId')
    .select((eb) => [
      'i.organizationId',
      sumWhen(isType(AssessmentType.CurrentState)).as('sentCurrent'),
      sumWhen(isType(AssessmentType.FutureState)).as('sentFuture'),
      sumWhen(sql`${isType(AssessmentType.CurrentState)} and ${done}`).as('completedCurrent'),
      sumWhen(sql`${isType(AssessmentType.FutureState)} and ${done}`).as('completedFuture'),
      eb.fn.max('r.completionDateTime').as('lastCompletedAt'),
      sql<string | null>`max(coalesce(${ref('i.invitedAt')}, ${ref('i.createdAt')}))`.as('lastInvitedAt'),
      sql<
        string | null
      >`min(case when ${ref('r.id')} is null then coalesce(${ref('i.invitedAt')}, ${ref('i.createdAt')}) end)`.as(
        'oldestPendingAt',
      ),
    ]);
}

/** The rows of the manufacturers the subquery names, with every fact the page shows (no scores). */
function rowsOf(db: Executor, organizationIds: OrganizationIds) {
  return db
    .with('f', () => inviteFacts(db, organizationIds))
    .selectFrom('organizations as o')
    .leftJoin('roadmaps as rm', 'rm.organizationId', 'o.id')
    .leftJoin('lookupItems as rs', 'rs.id', 'rm.statusId')
    .leftJoin('f', 'f.organizationId', 'o.id')
    .where('o.id', 'in', organizationIds as never)
    .select([
      'o.id',
      'o.name',
      'o.createdAt',
      'rs.code as roadmapStatus',
      'rs.displayOrder as statusOrder',
      'rm.createdAt as roadmapCreatedAt',
      'rm.statusChangedAt',
      'f.sentCurrent',
      'f.sentFuture',
      'f.completedCurrent',
      'f.completedFuture',
      'f.oldestPendingAt',
      latestOf(db, [ref('f.lastCompletedAt'), ref('f.lastInvitedAt'), ref('rm.statusChangedAt')]).as(
        'lastActivityAt',
      ),
      sql<string | null>`coalesce(${ref('rm.statusChangedAt')}, ${ref('rm.createdAt')})`.as('statusSince'),
    ]);
}
export type PortfolioFactsRow = {
  id: number;
  name: string;
  createdAt: string;
  roadmapStatus: string | null;
  statusOrder: number | null;
  roadmapCreatedAt: string | null;
  statusChangedAt: string | null;
  sentCurrent: number | string | null;
  sentFuture: number | string | null;
  completedCurrent: number | string | null;
  completedFuture: number | string | null;
  oldestPendingAt: string | null;
  lastActivityAt: string | null;
  statusSince: string | null;
};

/** ORDER BY of a sort over the given columns, ties by name then id; '' and -1 put "none" first on both databases. */
function orderOf(sort: PortfolioSort, columns: { name: string; status: string; activity: string }) {
  const dir = sql.raw(sort.direction === 'desc' ? 'desc' : 'asc');
  const name = sql`lower(${ref(columns.name)})`;
  const key =
    sort.column === 'roadmapStatus'
      ? sql`coalesce(${ref(columns.status)}, -1)`
      : sort.column === 'lastActivityOn'
        ? sql`coalesce(${ref(columns.activity)}, '')`
        : name;
  return sort.column === 'name' ? sql`${key} ${dir}` : sql`${key} ${dir}, ${name} asc`;
}

/** Whether a row of rowsOf needs attention: domain/rules/portfolio.ts attentionReasons in SQL. */
function needsAttentionSql(c: AttentionCutoffs): RawBuilder<SqlBool> {
  return sql<SqlBool>`(coalesce(${ref('lastActivityAt')}, ${ref('createdAt')}) < ${c.noActivity}
    or ${ref('oldestPendingAt')} < ${c.invitePending}
    or ${ref('statusSince')} < ${c.statusUnchanged})`;
}

export type PortfolioPage = { rows: PortfolioFactsRow[]; count: number };

export const portfolioRepository = {
  /** One page of the portfolio and how many manufacturers match in all. */
  async search(
    db: Executor,
    filter: PortfolioFilter,
    page: { skip?: number | null; take?: number | null; sort?: PortfolioSort | null },
    cutoffs: AttentionCutoffs,
  ): Promise<PortfolioPage> {
    const { offset, limit } = pageOf(page);
    const sort = page.sort ?? defaultPortfolioSort;
    const everyRow = filter.needsAttention === true || sort.column === 'lastActivityOn';
    const reach = inReach(db, filter);

    if (!everyRow) {
      // Choose the page from the organizations (and their status) alone, then aggregate just those.
      const ids = db
        .selectFrom('organizations as o')
        .leftJoin('roadmaps as rm', 'rm.organizationId', 'o.id')
        .leftJoin('lookupItems as rs', 'rs.id', 'rm.statusId')
        .where(reach)
        .select('o.id')
        .orderBy(orderOf(sort, { name: 'o.name', status: 'rs.displayOrder', activity: 'o.id' }))
        .orderBy('o.id')
        .offset(offset)
        .limit(limit);
      const [rows, count] = await Promise.all([
        db
          .selectFrom(rowsOf(db, ids).as('p'))
          .selectAll()
          .orderBy(orderOf(sort, { name: 'p.name', status: 'p.statusOrder', activity: 'p.id' }))
          .orderBy('p.id')
          .execute() as Promise<PortfolioFactsRow[]>,
        db
          .selectFrom('organizations as o')
          .where(reach)
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirst()
          .then(countOf),
      ]);
      return { rows, count };
    }

    const all = db.selectFrom('organizations as o').where(reach).select('o.id');
    const filtered = db
      .selectFrom(rowsOf(db, all).as('p'))
      .where(filter.needsAttention === true ? needsAttentionSql(cutoffs) : matchAll);
    const rows = (await filtered
      .selectAll()
      .select(sql<number | string>`count(*) over ()`.as('total'))
      .orderBy(orderOf(sort, { name: 'p.name', status: 'p.statusOrder', activity: 'p.lastActivityAt' }))
      .orderBy('p.id')
      .offset(offset)
      .limit(limit)
      .execute()) as (PortfolioFactsRow & { total: number | string })[];
    // Past the end there is no row to carry the total: count on its own then.
    const count = rows.length
      ? Number(rows[0]?.total)
      : await filtered
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirst()
          .then(countOf);
    return { rows: rows.map(({ total: _, ...row }) => row), count };
  },

  /** Every matching manufacturer, in the list's order, a batch at a time, for the CSV. */
  async *batches(
    db: Executor,
    filter: PortfolioFilter,
    sort: PortfolioSort | null | undefined,
    cutoffs: AttentionCutoffs,
    size = 500,
  ): AsyncGenerator<PortfolioFactsRow[]> {
    for (let skip = 0; ; skip += size) {
      const { rows } = await portfolioRepository.search(db, filter, { skip, take: size, sort }, cutoffs);
      if (rows.length > 0) yield rows;
      if (rows.length < size) return;
    }
  },

  /**
   * The current- and future-state overall averages of some manufacturers, as their organization report
   * figures them (reportData.organizationResults + averagesOf): over the results that count in the
   * report, each result's overall the mean of its section scores, each section's the mean of its
   * question scores, each question's the mean of its chosen choices' scores, with only the content the
   * report reads (active sections of the assessments those results answered, active questions without
   * Omit Score, active choices with a score). The averages are rounded once, as the report rounds them.
   * One query whatever the number of manufacturers.
   */
  async scoresOf(
    db: Executor,
    organizationIds: readonly number[],
  ): Promise<Map<number, { current: number | null; future: number | null }>> {
    const scores = new Map<number, { current: number | null; future: number | null }>();
    if (organizationIds.length === 0) return scores;
    const ids = sql.join([...organizationIds]);
    const rows = await sql<{ organizationId: number; assessmentType: number; average: number | string }>`
      with included as (
        select r.id as result_id, i.organization_id, a.assessment_type, r.assessment_id
        from assessment_invites i
        join assessments a on a.id = i.assessment_id
        join users u on u.id = i.respondent_id
        join assessment_results r on r.assessment_invite_id = i.id
        where i.organization_id in (${ids}) and i.is_active = 1 and i.exclude_from_report = 0
          and u.exclude_from_report = 0 and a.assessment_type in (${sql.join(counted)})
      ),
      content_sections as (
        select distinct inc.organization_id, inc.assessment_type, x.section_id
        from included inc
        join assessment_sections x on x.assessment_id = inc.assessment_id
        join sections s on s.id = x.section_id and s.is_active = 1
      ),
      question_scores as (
        select inc.result_id, inc.organization_id, inc.assessment_type, q.section_id, avg(c.score_value) as score
        from included inc
        join answers ans on ans.assessment_result_id = inc.result_id
        join questions q on q.id = ans.question_id and q.is_active = 1 and q.skip_score = 0
        join content_sections cs on cs.organization_id = inc.organization_id
          and cs.assessment_type = inc.assessment_type and cs.section_id = q.section_id
        join choices c on c.id = ans.choice_id and c.question_id = q.id and c.is_active = 1
          and c.score_value is not null
        group by inc.result_id, inc.organization_id, inc.assessment_type, q.section_id, q.id
      ),
      section_scores as (
        select result_id, organization_id, assessment_type, avg(score) as score
        from question_scores
        group by result_id, organization_id, assessment_type, section_id
      ),
      result_scores as (
        select organization_id, assessment_type, avg(score) as overall
        from section_scores
        group by result_id, organization_id, assessment_type
      )
      select organization_id, assessment_type, avg(overall) as average
      from result_scores
      group by organization_id, assessment_type
    `.execute(db);
    for (const row of rows.rows) {
      const entry = scores.get(row.organizationId) ?? { current: null, future: null };
      const average = averageScore([Number(row.average)]);
      if (row.assessmentType === AssessmentType.CurrentState) entry.current = average;
      else entry.future = average;
      scores.set(row.organizationId, entry);
    }
    return scores;
  },
};

/** The roadmap statuses' names by code (the CSV names the status as the screens do). */
export async function roadmapStatusNames(db: Executor): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom('lookupItems')
    .select(['code', 'name'])
    .where('lookupType', '=', LookupType.RoadmapStatus)
    .execute();
  return new Map(rows.flatMap((r) => (r.code ? [[r.code, r.name] as [string, string]] : [])));
}
