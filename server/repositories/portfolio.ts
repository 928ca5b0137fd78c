import { type Expression, type RawBuilder, sql } from 'kysely';
import { AssessmentType, LookupType, OrganizationType } from '../../domain/codes.js';
import { gapNotClosedIn } from '../../domain/rules/actionPlan.js';
import { OPEN_ACTION_STATUSES } from '../../domain/rules/actions.js';
import { readerRound } from '../../domain/rules/anonymity.js';
import type { AttentionCutoffs, PortfolioSort } from '../../domain/rules/portfolio.js';
import { averageScore } from '../../domain/rules/reportFigures.js';
import type { Executor } from '../db/database.js';
import { isPostgres } from './paging.js';
import { portfolioSnapshots } from './portfolioSnapshot.js';
import { progressRoundsRepository } from './progressRounds.js';
import { cachedResultScores, lastAnswerIdOf, type ResultStamp, scoringLibrary } from './resultScores.js';

// The client portfolio (docs/product.md#insights-portfolio): every manufacturer in the caller's reach with
// its roadmap status, invite counts, last activity and the facts of its attention reasons (rowsOf, one
// aggregate over the invites), plus its scores (scoresOf). Lists read every manufacturer's rows once
// and keep them until a write changes what they are made of (portfolioSnapshot.ts): every page, filter
// and sort is then a slice in memory, and each manufacturer's scores are figured once per such snapshot.
// Scores read answers, so they are computed for the rows a page shows only, by the report's own rules,
// and each result's scores are kept in memory (resultScores.ts) until its answers or the content change.

export type PortfolioFilter = {
  query?: string | null;
  needsAttention?: boolean | null;
  /** A consultant's firm: only the manufacturers it works with; undefined for admins (all). */
  consultingFirmId?: number;
};

const ref = (column: string) => sql.ref(column);
/** The ids of the manufacturers to read: a subquery, or the page's ids themselves. */
type OrganizationIds = Expression<unknown> | readonly number[];
const counted = [AssessmentType.CurrentState, AssessmentType.FutureState];

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
  return (
    db
      .selectFrom('assessmentInvites as i')
      .innerJoin('assessments as a', 'a.id', 'i.assessmentId')
      .leftJoin('assessmentResults as r', 'r.assessmentInviteId', 'i.id')
      .where('i.organizationId', 'in', organizationIds as never)
      .where('i.isActive', '=', 1)
      .where('i.excludeFromReport', '=', 0)
      // The few people marked Exclude From Report, read once, rather than each respondent's row.
      .where('i.respondentId', 'not in', (eb) =>
        eb.selectFrom('users as x').select('x.id').where('x.excludeFromReport', '=', 1),
      )
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
      ])
  );
}

/**
 * Per manufacturer whose id the subquery gives: its open actions (NotStarted, InProgress), the earliest
 * of their due dates and all of them (how many are overdue moves with the day, not with the data).
 */
function actionFacts(db: Executor, organizationIds: OrganizationIds) {
  const dueOns = isPostgres(db)
    ? sql<string | null>`string_agg(${ref('ac.dueOn')}, ',')`
    : sql<string | null>`group_concat(${ref('ac.dueOn')}, ',')`;
  return db
    .selectFrom('actions as ac')
    .where('ac.organizationId', 'in', organizationIds as never)
    .where('ac.status', 'in', [...OPEN_ACTION_STATUSES])
    .groupBy('ac.organizationId')
    .select((eb) => [
      'ac.organizationId',
      eb.fn.countAll<number | string>().as('openActions'),
      eb.fn.min('ac.dueOn').as('earliestOpenDueOn'),
      dueOns.as('openDueOns'),
    ]);
}

/** The rows of the manufacturers the subquery names, with every fact the page shows (no scores). */
function rowsOf(db: Executor, organizationIds: OrganizationIds) {
  return db
    .with('f', () => inviteFacts(db, organizationIds))
    .with('af', () => actionFacts(db, organizationIds))
    .selectFrom('organizations as o')
    .leftJoin('roadmaps as rm', 'rm.organizationId', 'o.id')
    .leftJoin('lookupItems as rs', 'rs.id', 'rm.statusId')
    .leftJoin('f', 'f.organizationId', 'o.id')
    .leftJoin('af', 'af.organizationId', 'o.id')
    .where('o.id', 'in', organizationIds as never)
    .select([
      'o.id',
      'o.name',
      'o.createdAt',
      'o.anonymizeResults',
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
      'af.openActions',
      'af.earliestOpenDueOn',
      'af.openDueOns',
    ]);
}
export type PortfolioFactsRow = {
  id: number;
  name: string;
  createdAt: string;
  anonymizeResults: number;
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
  openActions: number | string | null;
  earliestOpenDueOn: string | null;
  openDueOns: string | null;
  gapNotClosed: boolean;
};

export type PortfolioPage = {
  rows: PortfolioFactsRow[];
  count: number;
  /** The scores of the page's manufacturers (scoresOf), kept with the figures the page came from. */
  scores: () => Promise<Map<number, PortfolioScores>>;
};

/**
 * Every manufacturer's row, with its firm and its ranks by lower-cased name and by last activity in
 * the database's own order (the snapshot sorts by these, so the order is the database's, as it was
 * when each page was chosen in SQL).
 */
async function everyManufacturer(db: Executor) {
  const all = db
    .selectFrom('organizations as o')
    .where('o.type', '=', OrganizationType.Manufacturer)
    .select('o.id');
  const [rows, gaps] = await Promise.all([everyRow(db, all), gapsNotClosed(db)]);
  return rows.map((row) => ({ ...row, gapNotClosed: gaps.has(row.id) }));
}

/** every manufacturer's rowsOf row with its firm and ranks (everyManufacturer adds gapNotClosed). */
function everyRow(db: Executor, all: OrganizationIds) {
  return db
    .selectFrom(rowsOf(db, all).as('p'))
    .innerJoin('organizations as firmOf', 'firmOf.id', 'p.id')
    .selectAll('p')
    .select([
      'firmOf.consultingFirmId',
      sql<number | string>`dense_rank() over (order by lower(${ref('p.name')}))`.as('nameRank'),
      sql<number | string>`dense_rank() over (order by coalesce(${ref('p.lastActivityAt')}, ''))`.as(
        'activityRank',
      ),
    ])
    .execute() as Promise<
    (Omit<PortfolioFactsRow, 'gapNotClosed'> & {
      consultingFirmId: number | null;
      nameRank: number | string;
      activityRank: number | string;
    })[]
  >;
}

/**
 * The manufacturers (all, or one) with Done actions that did not move their practice area between
 * the last two progress rounds (domain/rules/actionPlan.ts gapNotClosedIn). Two small reads: the
 * Done actions, and the rounds of the manufacturers that have any. A manufacturer under Anonymize
 * Results is judged only on rounds of 3 or more respondents, for every reader: the reason must not
 * tell what 1 or 2 people's answers did.
 */
async function gapsNotClosed(db: Executor, organizationId?: number): Promise<Set<number>> {
  let doneQuery = db
    .selectFrom('actions as a')
    .innerJoin('organizations as o', 'o.id', 'a.organizationId')
    .select(['a.organizationId', 'a.sectionId', 'a.completedAt', 'o.anonymizeResults'])
    .where('a.status', '=', 'Done')
    .where('a.completedAt', 'is not', null);
  if (organizationId !== undefined) doneQuery = doneQuery.where('a.organizationId', '=', organizationId);
  const done = await doneQuery.execute();
  const gaps = new Set<number>();
  if (done.length === 0) return gaps;
  const organizations = [...new Set(done.map((d) => d.organizationId))];
  const rounds = await progressRoundsRepository.ofOrganizations(db, organizations);
  for (const id of organizations) {
    const own = done.filter((d) => d.organizationId === id);
    const anonymized = own[0]?.anonymizeResults === 1;
    const seen = (rounds.get(id) ?? []).map((r) => readerRound(r, anonymized));
    const actions = own.map((d) => ({ sectionId: d.sectionId, completedAt: d.completedAt as string }));
    if (gapNotClosedIn(seen, actions)) gaps.add(id);
  }
  return gaps;
}

const snapshots = portfolioSnapshots<PortfolioFactsRow, PortfolioScores>(everyManufacturer, (db, ids) =>
  portfolioRepository.scoresOf(db, ids),
);

export const portfolioRepository = {
  /** One page of the portfolio and how many manufacturers match in all (portfolioSnapshot.ts). */
  search(
    db: Executor,
    filter: PortfolioFilter,
    page: { skip?: number | null; take?: number | null; sort?: PortfolioSort | null },
    cutoffs: AttentionCutoffs,
  ): Promise<PortfolioPage> {
    return snapshots.search(db, filter, page, cutoffs);
  },

  /** The scores of a page's manufacturers, kept with the snapshot the page came from. */
  pageScoresOf(db: Executor, organizationIds: readonly number[]): Promise<Map<number, PortfolioScores>> {
    return snapshots.scoresOf(db, organizationIds);
  },

  /** One manufacturer's facts, as its portfolio row reads them (the organization overview's figures). */
  async factsOf(db: Executor, organizationId: number): Promise<PortfolioFactsRow | undefined> {
    const [row, gaps] = await Promise.all([
      rowsOf(db, [organizationId]).executeTakeFirst(),
      gapsNotClosed(db, organizationId),
    ]);
    return row && ({ ...row, gapNotClosed: gaps.has(organizationId) } as PortfolioFactsRow);
  },

  /**
   * The manufacturers in reach and their invites sent and completed, summed over the rows the
   * portfolio lists (the dashboard's figures: each row's invitesSent and invitesCompleted add up to these).
   */
  async totals(db: Executor, filter: { consultingFirmId?: number }) {
    const rows = await snapshots.rowsIn(db, filter);
    const n = (v: number | string | null | undefined) => Number(v ?? 0);
    let sent = 0;
    let completed = 0;
    for (const r of rows) {
      sent += n(r.sentCurrent) + n(r.sentFuture);
      completed += n(r.completedCurrent) + n(r.completedFuture);
    }
    return { manufacturers: rows.length, sent, completed };
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
   * The current- and future-state overall averages of some manufacturers, exactly as their organization
   * report figures them (reportData.organizationResults + averagesOf): over the results that count in
   * the report, in the report's order, each scored by resultScores.ts (domain/rules/reportFigures.ts
   * resultScores against the content the report reads, kept per result until its answers or the content
   * change), averaged unrounded and rounded once. Two queries when no result is new or changed (the
   * content's change count and the results), plus the answers of those that are.
   */
  async scoresOf(db: Executor, organizationIds: readonly number[]): Promise<Map<number, PortfolioScores>> {
    const scores = new Map<number, PortfolioScores>();
    if (organizationIds.length === 0) return scores;
    const [library, results] = await Promise.all([
      scoringLibrary(db),
      db
        .selectFrom('assessmentInvites as i')
        .innerJoin('assessments as a', 'a.id', 'i.assessmentId')
        .innerJoin('users as u', 'u.id', 'i.respondentId')
        .innerJoin('assessmentResults as r', 'r.assessmentInviteId', 'i.id')
        .where('i.organizationId', 'in', [...organizationIds])
        .where('i.isActive', '=', 1)
        .where('i.excludeFromReport', '=', 0)
        .where('u.excludeFromReport', '=', 0)
        .where('a.assessmentType', 'in', counted)
        .select(['i.organizationId', 'a.assessmentType', 'r.id', 'r.assessmentId', 'r.completionDateTime'])
        .select(lastAnswerIdOf('r.id').as('lastAnswerId'))
        // The report's order within a manufacturer and type, so the averages add up alike.
        .orderBy('r.completionDateTime')
        .orderBy('r.id')
        .execute(),
    ]);

    // Per manufacturer and type: its results and the assessments they answered (the report's content).
    type Group = {
      organizationId: number;
      type: number;
      assessmentIds: Set<number>;
      results: ResultStamp[];
    };
    const groups = new Map<string, Group>();
    for (const row of results) {
      const key = `${row.organizationId}:${row.assessmentType}`;
      const group = groups.get(key) ?? {
        organizationId: row.organizationId as number,
        type: row.assessmentType,
        assessmentIds: new Set<number>(),
        results: [],
      };
      group.assessmentIds.add(row.assessmentId);
      group.results.push({
        id: row.id,
        completionDateTime: row.completionDateTime,
        lastAnswerId: row.lastAnswerId,
      });
      groups.set(key, group);
    }
    const byResult = await cachedResultScores(
      db,
      library,
      [...groups.values()].map((g) => ({ assessmentIds: [...g.assessmentIds], results: g.results })),
    );

    for (const group of groups.values()) {
      const overall = averageScore(group.results.map((r) => byResult.get(r.id)?.overall));
      const entry = scores.get(group.organizationId) ?? {
        current: null,
        future: null,
        respondents: { current: 0, future: 0 },
      };
      if (group.type === AssessmentType.CurrentState) {
        entry.current = overall;
        entry.respondents.current = group.results.length;
      } else {
        entry.future = overall;
        entry.respondents.future = group.results.length;
      }
      scores.set(group.organizationId, entry);
    }
    return scores;
  },
};

/** A manufacturer's overall averages and how many results each is over (anonymity.ts withholds few). */
export type PortfolioScores = {
  current: number | null;
  future: number | null;
  respondents: { current: number; future: number };
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
