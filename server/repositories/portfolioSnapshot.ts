import { OrganizationType } from '../../domain/codes.js';
import {
  type AttentionCutoffs,
  type AttentionMoments,
  attentionReasons,
  attentionStands,
  defaultPortfolioSort,
  earliestMoments,
  type PortfolioSort,
} from '../../domain/rules/portfolio.js';
import type { Executor } from '../db/database.js';
import { PORTFOLIO_SLOTS } from '../db/migrations/013_portfolio_version.js';
import { counterRows, counterSum } from './counterRows.js';
import { contains, pageOf } from './paging.js';

// Every manufacturer's portfolio figures, kept in memory per database while nothing they are made of
// changes (docs/perf-notes/portfolio.md). Figuring them takes one aggregate over every invite (52,000
// on the bench's dataset: 35 ms on SQLite, over 100 ms on PostgreSQL), which the needs-attention filter
// and the sort by last activity need on every page, and the dashboard on every visit. Kept, a page is
// one small read of the change counts, a filter and a slice in memory, and the page's scores (kept too).
//
// Fresh in every process: the figures are kept with the sum of the change counts that database
// triggers keep (migration 013 for organizations, roadmaps, invites, results and answers, and Exclude
// From Report; migration 004 for the lookups and the assessments' content), read before the figures
// are, so a change racing a load leaves figures the next call already finds stale. A write is thus
// seen by the very next read, whichever process made it; there is no time to live.
//
// The answers are the same, byte for byte, as the queries that chose each page did: the rows are those
// queries' rows (rowsOf), and the orders they sorted by, the lower-cased name and the last activity,
// come ranked by the database itself (dense_rank), so its collation decides as before; ties go by
// name, then id, as they did. The needs-attention filter is domain/rules/portfolio.ts attentionReasons,
// the very rule that names each row's reasons.

/** A manufacturer's row as rowsOf reads it (PortfolioFactsRow), with what the snapshot sorts and filters by. */
export type SnapshotRow<Row> = {
  row: Row;
  consultingFirmId: number | null;
  /** Rank of lower(name) in the database's order (ties share one). */
  nameRank: number;
  /** Rank of coalesce(lastActivityAt, '') in the database's order. */
  activityRank: number;
  statusKey: number;
};

type Snapshot<Row, Scores> = {
  version: number;
  /** Every manufacturer, by name then id (the default order). */
  byName: SnapshotRow<Row>[];
  /** The other orders, built when first asked for. */
  sorted: Map<string, SnapshotRow<Row>[]>;
  /** Each manufacturer's scores, figured when a page first shows it (undefined: none). */
  scores: Map<number, Scores | undefined>;
  /** The ids whose name holds each text searched for (names change only with the snapshot). */
  named: Map<string, Set<number>>;
  /** The rows that need attention, per order and firm, while the cut-offs have not passed a row. */
  attention: Map<string, NeedingAttention<Row>>;
};

type NeedingAttention<Row> = {
  cutoffs: AttentionCutoffs;
  rows: SnapshotRow<Row>[];
  /** The earliest moment of each reason among the rows left out (attentionStands). */
  earliestQuiet: AttentionMoments;
};

/** Texts whose matches a snapshot keeps, the oldest asked going first. */
const MAX_NAMED = 100;

/** The sum of the change counts of everything the portfolio reads. */
const versionSum = counterSum((db) => [
  'lookups',
  'content',
  ...counterRows(db, 'portfolio', PORTFOLIO_SLOTS),
]);

export function portfolioVersion(db: Executor): Promise<number> {
  return versionSum(db);
}

/** The order of a sort over snapshot rows: the key in the sort's direction, then name, then id. */
function comparatorOf<Row>(sort: PortfolioSort) {
  const dir = sort.direction === 'desc' ? -1 : 1;
  const byId = (a: SnapshotRow<Row>, b: SnapshotRow<Row>) =>
    (a.row as { id: number }).id - (b.row as { id: number }).id;
  if (sort.column === 'name')
    return (a: SnapshotRow<Row>, b: SnapshotRow<Row>) => dir * (a.nameRank - b.nameRank) || byId(a, b);
  const key = (r: SnapshotRow<Row>) => (sort.column === 'roadmapStatus' ? r.statusKey : r.activityRank);
  return (a: SnapshotRow<Row>, b: SnapshotRow<Row>) =>
    dir * (key(a) - key(b)) || a.nameRank - b.nameRank || byId(a, b);
}

export type SnapshotFilter = {
  query?: string | null;
  needsAttention?: boolean | null;
  consultingFirmId?: number;
};

/**
 * A kept portfolio: `load` reads every manufacturer's rows (with consultingFirmId, nameRank and
 * activityRank) and `loadScores` the scores of some, both as the uncached queries would.
 */
export function portfolioSnapshots<
  Row extends {
    id: number;
    statusOrder: number | null;
    lastActivityAt: string | null;
    createdAt: string;
    oldestPendingAt: string | null;
    statusSince: string | null;
    earliestOpenDueOn: string | null;
    gapNotClosed: boolean;
  },
  Scores,
>(
  load: (
    db: Executor,
  ) => Promise<
    (Row & { consultingFirmId: number | null; nameRank: number | string; activityRank: number | string })[]
  >,
  loadScores: (db: Executor, ids: readonly number[]) => Promise<Map<number, Scores>>,
) {
  const kept = new WeakMap<Executor, Snapshot<Row, Scores>>();
  const loading = new WeakMap<Executor, { version: number; promise: Promise<Snapshot<Row, Scores>> }>();

  async function build(db: Executor, version: number): Promise<Snapshot<Row, Scores>> {
    const rows = await load(db);
    const byName = rows
      .map(({ consultingFirmId, nameRank, activityRank, ...row }) => ({
        row: row as unknown as Row,
        consultingFirmId,
        nameRank: Number(nameRank),
        activityRank: Number(activityRank),
        statusKey: row.statusOrder ?? -1,
      }))
      .sort(comparatorOf<Row>(defaultPortfolioSort));
    return { version, byName, sorted: new Map(), scores: new Map(), named: new Map(), attention: new Map() };
  }

  /** The snapshot as of now: kept, or read anew (once, however many calls ask at the same time). */
  async function current(db: Executor): Promise<Snapshot<Row, Scores>> {
    const version = await portfolioVersion(db);
    // What a transaction reads may yet roll back: figured for this call only.
    if (db.isTransaction) return build(db, version);
    const known = kept.get(db);
    if (known?.version === version) return known;
    const inFlight = loading.get(db);
    if (inFlight?.version === version) return inFlight.promise;
    const promise = build(db, version);
    loading.set(db, { version, promise });
    try {
      const snapshot = await promise;
      const latest = kept.get(db);
      // Counts only grow: never put back figures older than those kept.
      if (!latest || latest.version <= version) kept.set(db, snapshot);
      return snapshot;
    } finally {
      if (loading.get(db)?.promise === promise) loading.delete(db);
    }
  }

  /** The manufacturers whose name holds the text, as the database matches it (contains). */
  async function namedIn(db: Executor, snapshot: Snapshot<Row, Scores>, q: string) {
    let ids = snapshot.named.get(q);
    if (!ids) {
      const rows = await db
        .selectFrom('organizations as o')
        .select('o.id')
        .where('o.type', '=', OrganizationType.Manufacturer)
        .where(contains(db, 'o.name', q))
        .execute();
      ids = new Set(rows.map((r) => r.id));
      snapshot.named.set(q, ids);
      if (snapshot.named.size > MAX_NAMED)
        snapshot.named.delete(snapshot.named.keys().next().value as string);
    }
    return ids;
  }

  /** Every manufacturer in reach (a firm's, or all) in the sort's order, kept per order and firm. */
  function ordered(
    snapshot: Snapshot<Row, Scores>,
    sort: PortfolioSort,
    firm: number | undefined,
  ): SnapshotRow<Row>[] {
    const isDefault =
      sort.column === defaultPortfolioSort.column && sort.direction === defaultPortfolioSort.direction;
    if (isDefault && firm === undefined) return snapshot.byName;
    const key = `${sort.column}:${sort.direction}:${firm ?? ''}`;
    let rows = snapshot.sorted.get(key);
    if (!rows) {
      rows =
        firm === undefined
          ? [...snapshot.byName].sort(comparatorOf<Row>(sort))
          : ordered(snapshot, sort, undefined).filter((r) => r.consultingFirmId === firm);
      snapshot.sorted.set(key, rows);
    }
    return rows;
  }

  /**
   * The manufacturers in reach that need attention as of the cut-offs, in the sort's order: filtered
   * once, then kept while the cut-offs pass no row's moment (attentionStands), since they move with
   * the clock on every call. Without it a needs-attention page walked every manufacturer (8,000 at
   * 200,000 people) on every call.
   */
  function needingAttention(
    snapshot: Snapshot<Row, Scores>,
    sort: PortfolioSort,
    firm: number | undefined,
    cutoffs: AttentionCutoffs,
  ): SnapshotRow<Row>[] {
    const key = `${sort.column}:${sort.direction}:${firm ?? ''}`;
    const found = snapshot.attention.get(key);
    if (found && attentionStands(found.cutoffs, cutoffs, found.earliestQuiet)) return found.rows;
    const rows: SnapshotRow<Row>[] = [];
    const earliestQuiet: AttentionMoments = {
      noActivity: null,
      invitePending: null,
      statusUnchanged: null,
      actionsOverdue: null,
    };
    for (const r of ordered(snapshot, sort, firm)) {
      if (attentionReasons(r.row, cutoffs).length > 0) rows.push(r);
      else earliestMoments(earliestQuiet, r.row);
    }
    snapshot.attention.set(key, { cutoffs, rows, earliestQuiet });
    return rows;
  }

  /**
   * One page of the manufacturers of the filter in the sort's order, and how many match (matching
   * the text is the database's: namedIn).
   */
  async function pageOfMatching(
    db: Executor,
    snapshot: Snapshot<Row, Scores>,
    filter: SnapshotFilter,
    page: { skip?: number | null; take?: number | null; sort?: PortfolioSort | null },
    cutoffs: AttentionCutoffs,
  ): Promise<{ rows: Row[]; count: number }> {
    const { offset, limit } = pageOf(page);
    const sort = page.sort ?? defaultPortfolioSort;
    const all =
      filter.needsAttention === true
        ? needingAttention(snapshot, sort, filter.consultingFirmId, cutoffs)
        : ordered(snapshot, sort, filter.consultingFirmId);
    const q = filter.query?.trim();
    const named = q ? await namedIn(db, snapshot, q) : undefined;
    if (!named) return { rows: all.slice(offset, offset + limit).map((r) => r.row), count: all.length };
    const rows: Row[] = [];
    let count = 0;
    for (const r of all) {
      if (!named.has(r.row.id)) continue;
      if (count >= offset && count < offset + limit) rows.push(r.row);
      count++;
    }
    return { rows, count };
  }

  return {
    /** One page of the filter in the sort's order, and how many match in all. */
    async search(
      db: Executor,
      filter: SnapshotFilter,
      page: { skip?: number | null; take?: number | null; sort?: PortfolioSort | null },
      cutoffs: AttentionCutoffs,
    ): Promise<{ rows: Row[]; count: number; scores: () => Promise<Map<number, Scores>> }> {
      const snapshot = await current(db);
      const { rows, count } = await pageOfMatching(db, snapshot, filter, page, cutoffs);
      // The page's scores from the same snapshot: no second read of the counts.
      return {
        rows,
        count,
        scores: () =>
          scoresIn(
            db,
            snapshot,
            rows.map((r) => r.id),
          ),
      };
    },

    /** Every manufacturer of the filter (no text, no attention filter), for sums over them. */
    async rowsIn(db: Executor, filter: { consultingFirmId?: number }): Promise<Row[]> {
      const snapshot = await current(db);
      return ordered(snapshot, defaultPortfolioSort, filter.consultingFirmId).map((r) => r.row);
    },

    /** The scores of some manufacturers, figured once per snapshot. */
    async scoresOf(db: Executor, ids: readonly number[]): Promise<Map<number, Scores>> {
      return scoresIn(db, await current(db), ids);
    },
  };

  async function scoresIn(
    db: Executor,
    snapshot: Snapshot<Row, Scores>,
    ids: readonly number[],
  ): Promise<Map<number, Scores>> {
    const missing = ids.filter((id) => !snapshot.scores.has(id));
    if (missing.length > 0) {
      const found = await loadScores(db, missing);
      for (const id of missing) snapshot.scores.set(id, found.get(id));
    }
    const scores = new Map<number, Scores>();
    for (const id of ids) {
      const s = snapshot.scores.get(id);
      if (s !== undefined) scores.set(id, s);
    }
    return scores;
  }
}
