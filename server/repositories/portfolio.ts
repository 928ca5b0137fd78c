import { type Expression, type RawBuilder, type SqlBool, sql } from 'kysely';
import { AssessmentType, LookupType, OrganizationType } from '../../domain/codes.js';
import {
  type AttentionCutoffs,
  defaultPortfolioSort,
  type PortfolioSort,
} from '../../domain/rules/portfolio.js';
import {
  averageScore,
  resultScores,
  type ScoringAnswer,
  type ScoringContent,
} from '../../domain/rules/reportFigures.js';
import type { Executor } from '../db/database.js';
import { contains, countOf, isPostgres, matchAll, pageOf } from './paging.js';

// The client portfolio (issue 17): every manufacturer in the caller's reach with its roadmap status,
// invite counts, last activity and the facts of its attention reasons, in ONE query per page, plus one
// count, plus the page's scores (scoresOf). Only what the page needs is aggregated:
// - sorted by name or status without the attention filter, the page's ids are chosen from the
//   organizations alone and only their invites are read (the 'invites_organization' index);
// - sorted by last activity or filtered to needs-attention, every manufacturer in reach must be
//   aggregated, once, over its invites (no answers); the total then comes with the page (a window
//   count) and a separate count runs only when the page is past the end.
// Scores read answers, so they are computed for the page's rows only, by the report's own rules, and
// each result's score is kept in memory until its answers or the content change.

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
   * The current- and future-state overall averages of some manufacturers, exactly as their organization
   * report figures them (reportData.organizationResults + averagesOf): over the results that count in
   * the report, each scored by domain/rules/reportFigures.ts resultScores against the content the report
   * reads (the active sections of the assessments those results answered, their active questions and
   * choices), averaged unrounded and rounded once. A result's overall score is kept in memory with what
   * it was figured from (its completion time, which every change of its answers moves, the content's
   * change count of migration 004, and the assessments its manufacturer's results answered), so a page
   * reads the answers only of results new or changed since: at most four queries, none of them growing
   * with the answers already figured.
   */
  async scoresOf(
    db: Executor,
    organizationIds: readonly number[],
  ): Promise<Map<number, { current: number | null; future: number | null }>> {
    const scores = new Map<number, { current: number | null; future: number | null }>();
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
        .execute(),
    ]);

    // Per manufacturer and type: its results and the assessments they answered (the report's content).
    type Group = { organizationId: number; type: number; assessments: Set<number>; results: typeof results };
    const groups = new Map<string, Group>();
    for (const row of results) {
      const key = `${row.organizationId}:${row.assessmentType}`;
      const group = groups.get(key) ?? {
        organizationId: row.organizationId as number,
        type: row.assessmentType,
        assessments: new Set<number>(),
        results: [],
      };
      group.assessments.add(row.assessmentId);
      group.results.push(row);
      groups.set(key, group);
    }

    const cache = resultCacheOf(db);
    const contentKeyOf = (group: Group) => `${library.version}|${[...group.assessments].sort().join(',')}`;
    const stale = new Map<number, Group>();
    for (const group of groups.values()) {
      const contentKey = contentKeyOf(group);
      for (const r of group.results) {
        const cached = cache.get(r.id);
        if (!cached || cached.completion !== r.completionDateTime || cached.contentKey !== contentKey)
          stale.set(r.id, group);
      }
    }
    if (stale.size > 0) {
      const answers = new Map<number, ScoringAnswer[]>();
      const ids = [...stale.keys()];
      for (let k = 0; k < ids.length; k += 1000) {
        const rows = await db
          .selectFrom('answers')
          .select(['assessmentResultId', 'questionId', 'choiceId'])
          .where('assessmentResultId', 'in', ids.slice(k, k + 1000))
          .where('choiceId', 'is not', null)
          .execute();
        for (const a of rows) {
          const list = answers.get(a.assessmentResultId) ?? [];
          list.push({ questionId: a.questionId, choiceId: a.choiceId });
          answers.set(a.assessmentResultId, list);
        }
      }
      const contents = new Map<Group, ScoringContent>();
      for (const [id, group] of stale) {
        let content = contents.get(group);
        if (!content) {
          content = contentFor(library, group.assessments);
          contents.set(group, content);
        }
        const completion = group.results.find((r) => r.id === id)?.completionDateTime ?? '';
        const overall = resultScores(content, answers.get(id) ?? []).overall;
        cache.delete(id);
        cache.set(id, { completion, contentKey: contentKeyOf(group), overall });
        if (cache.size > MAX_CACHED_RESULTS) cache.delete(cache.keys().next().value as number);
      }
    }

    for (const group of groups.values()) {
      const overall = averageScore(group.results.map((r) => cache.get(r.id)?.overall));
      const entry = scores.get(group.organizationId) ?? { current: null, future: null };
      if (group.type === AssessmentType.CurrentState) entry.current = overall;
      else entry.future = overall;
      scores.set(group.organizationId, entry);
    }
    return scores;
  },
};

/** Results' overall scores kept per database; enough for every result of a large installation. */
const MAX_CACHED_RESULTS = 200_000;
type CachedScore = { completion: string; contentKey: string; overall: number | null };
const resultCaches = new WeakMap<Executor, Map<number, CachedScore>>();
function resultCacheOf(db: Executor): Map<number, CachedScore> {
  let cache = resultCaches.get(db);
  if (!cache) {
    cache = new Map();
    resultCaches.set(db, cache);
  }
  return cache;
}

/** Every assessment's active scoring content with the content's change count (migration 004). */
type ScoringLibrary = {
  version: number;
  sectionsOf: Map<number, number[]>;
  sections: { id: number; code: string }[];
  questions: { id: number; sectionId: number; skipScore: number }[];
  choices: { id: number; questionId: number; scoreValue: number | null }[];
};
const libraries = new WeakMap<Executor, ScoringLibrary>();

/** The scoring content, read again only when the content's change count has moved. */
async function scoringLibrary(db: Executor): Promise<ScoringLibrary> {
  const row = await db
    .selectFrom('cacheVersions')
    .select('version')
    .where('name', '=', 'content')
    .executeTakeFirst();
  const version = Number(row?.version ?? -1);
  const known = libraries.get(db);
  if (known && known.version === version) return known;
  const [links, sections, questions, choices] = await Promise.all([
    db.selectFrom('assessmentSections').select(['assessmentId', 'sectionId']).execute(),
    db.selectFrom('sections').select(['id', 'code']).where('isActive', '=', 1).execute(),
    db.selectFrom('questions').select(['id', 'sectionId', 'skipScore']).where('isActive', '=', 1).execute(),
    db
      .selectFrom('choices as c')
      .innerJoin('questions as q', 'q.id', 'c.questionId')
      .select(['c.id', 'c.questionId', 'c.scoreValue'])
      .where('c.isActive', '=', 1)
      .where('q.isActive', '=', 1)
      .execute(),
  ]);
  const sectionsOf = new Map<number, number[]>();
  for (const link of links)
    sectionsOf.set(link.assessmentId, [...(sectionsOf.get(link.assessmentId) ?? []), link.sectionId]);
  const library = {
    version,
    sectionsOf,
    sections,
    questions,
    choices: choices.map((c) => ({ ...c, scoreValue: c.scoreValue == null ? null : Number(c.scoreValue) })),
  };
  libraries.set(db, library);
  return library;
}

/** The content a report of results of these assessments reads (reportData contentOf). */
function contentFor(library: ScoringLibrary, assessmentIds: ReadonlySet<number>): ScoringContent {
  const sectionIds = new Set<number>();
  for (const id of assessmentIds) for (const s of library.sectionsOf.get(id) ?? []) sectionIds.add(s);
  const sections = library.sections.filter((s) => sectionIds.has(s.id));
  const active = new Set(sections.map((s) => s.id));
  const questions = library.questions.filter((q) => active.has(q.sectionId));
  const questionIds = new Set(questions.map((q) => q.id));
  return { sections, questions, choices: library.choices.filter((c) => questionIds.has(c.questionId)) };
}

/** The roadmap statuses' names by code (the CSV names the status as the screens do). */
export async function roadmapStatusNames(db: Executor): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom('lookupItems')
    .select(['code', 'name'])
    .where('lookupType', '=', LookupType.RoadmapStatus)
    .execute();
  return new Map(rows.flatMap((r) => (r.code ? [[r.code, r.name] as [string, string]] : [])));
}
