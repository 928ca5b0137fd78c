import { AssessmentType } from '../../domain/codes.js';
import { figuresFrom, readerRound } from '../../domain/rules/anonymity.js';
import { type Progress, type ProgressRound, snapshotOf } from '../../domain/rules/progress.js';
import { roundScore } from '../../domain/rules/scoring.js';
import { readRoundSections } from '../../domain/schemas/organizationInsights.js';
import { nowIso } from '../db/clock.js';
import type { Executor } from '../db/database.js';
import { type OrganizationScores, reportData } from './reportData.js';

// Progress rounds (migration 010, docs/product.md#insights-progress): a dated snapshot of a
// manufacturer's current-state section averages, kept when its roadmap moves into CurrentStateReporting.
// The snapshot reads the same included results as the organization report (reportData), so a round
// leaves out what the report leaves out, in a fixed number of queries; their scores come from
// reportData.organizationScores, which reads only the answers of results new or changed since.

/** A stored round as the progress calls answer it. */
function roundOf(r: {
  closedAt: string;
  respondents: number | string;
  overall: number | null;
  sections: string;
}): ProgressRound {
  return {
    closedOn: r.closedAt,
    respondents: Number(r.respondents),
    // PostgreSQL keeps `real` in single precision: rounding again gives back the one-decimal figure.
    overall: r.overall == null ? null : roundScore(Number(r.overall)),
    sections: readRoundSections(r.sections),
  };
}

export const progressRoundsRepository = {
  /**
   * Keeps a round of the organization's current-state averages as they stand in `db` (a transaction).
   * `closedAt` is now but for the demo data, whose history of rounds lies in the past.
   */
  async close(
    db: Executor,
    organizationId: number,
    actorId: number | null,
    closedAt: string = nowIso(),
  ): Promise<void> {
    const results = await reportData.organizationScores(db, organizationId, AssessmentType.CurrentState);
    const snapshot = snapshotOf(results.respondents, results.content.sections);
    await db
      .insertInto('progressRounds')
      .values({
        organizationId,
        closedAt,
        respondents: snapshot.respondents,
        overall: snapshot.overall,
        sections: JSON.stringify(snapshot.sections),
        createdBy: actorId,
      })
      .execute();
  },

  /**
   * The rounds against the future-state target (docs/product.md#insights-progress): the page's
   * answer and the report's Progress sheet. Three queries whatever the number of respondents when no
   * result is new or changed since last figured (reportData.organizationScores), else the answers of
   * those that are.
   */
  async progressOf(
    db: Executor,
    organizationId: number,
    /** The organization's future-state results when the caller has them already (a future-state report). */
    known?: Pick<OrganizationScores, 'respondents' | 'content'>,
    /** The reader sees the organization anonymized: figures of 1 or 2 respondents are withheld. */
    anonymized = false,
  ): Promise<Progress> {
    const [future, rounds] = await Promise.all([
      known ?? reportData.organizationScores(db, organizationId, AssessmentType.FutureState),
      progressRoundsRepository.ofOrganization(db, organizationId),
    ]);
    const targeted = figuresFrom(anonymized, future.respondents);
    const target =
      targeted.length > 0 ? { sections: snapshotOf(targeted, future.content.sections).sections } : null;
    return { target, rounds: rounds.map((r) => readerRound(r, anonymized)) };
  },

  /** Several organizations' rounds, oldest first each: one query. */
  async ofOrganizations(
    db: Executor,
    organizationIds: readonly number[],
  ): Promise<Map<number, ProgressRound[]>> {
    const byOrganization = new Map<number, ProgressRound[]>();
    if (organizationIds.length === 0) return byOrganization;
    const rows = await db
      .selectFrom('progressRounds')
      .select(['organizationId', 'closedAt', 'respondents', 'overall', 'sections'])
      .where('organizationId', 'in', [...organizationIds])
      .orderBy('closedAt')
      .orderBy('id')
      .execute();
    for (const r of rows) {
      const list = byOrganization.get(r.organizationId) ?? [];
      list.push(roundOf(r));
      byOrganization.set(r.organizationId, list);
    }
    return byOrganization;
  },

  /** The organization's rounds, oldest first: one query. */
  async ofOrganization(db: Executor, organizationId: number): Promise<ProgressRound[]> {
    return (await progressRoundsRepository.ofOrganizations(db, [organizationId])).get(organizationId) ?? [];
  },
};
