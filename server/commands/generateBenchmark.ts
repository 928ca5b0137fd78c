import { AssessmentType, type RoadmapStatusCode } from '../../domain/codes.js';
import { benchmarkAvailable, countsInReport } from '../../domain/rules/organizations.js';
import { roundScore } from '../../domain/rules/scoring.js';
import type { Actor } from '../auth/guard.js';
import type { Db } from '../db/database.js';
import { nowIso } from '../db/database.js';
import { presentScores } from '../presenters/result.js';
import { assessmentInvitesRepository } from '../repositories/assessmentInvites.js';
import { assessmentsRepository } from '../repositories/assessments.js';
import { auditRepository } from '../repositories/audit.js';
import type { OrganizationDetailRow } from '../repositories/organizationDetails.js';
import { resultsRepository } from '../repositories/results.js';

/**
 * Generates (or updates) a manufacturer's benchmark (SPEC.md section 4 'Benchmark'): the mean score
 * per section over its current-state results that are not excluded from the report, stored as the
 * roadmap's benchmark. Answers the benchmark id, or why none could be made.
 */
export async function generateBenchmark(
  db: Db,
  actor: Actor,
  org: OrganizationDetailRow,
): Promise<{ ok: true; id: number } | { ok: false; message: string }> {
  const invites = await assessmentInvitesRepository.allOfOrganization(db, org.id);
  const assessments = await db.selectFrom('assessments').select(['id', 'assessmentType']).execute();
  const typeOf = (id: number) => assessments.find((a) => a.id === id)?.assessmentType ?? 0;
  const stateOf = (i: (typeof invites)[number]) => ({
    assessmentType: typeOf(i.assessmentId),
    isActive: i.isActive === 1,
    hasResult: i.resultId != null,
    excludeFromReport: i.excludeFromReport === 1,
  });
  const states = invites.map(stateOf);
  if (
    org.roadmapId == null ||
    !benchmarkAvailable(actor.role, org.roadmapStatusCode as RoadmapStatusCode, states)
  )
    return {
      ok: false,
      message: 'A benchmark needs a roadmap in reporting and at least one included current-state result.',
    };

  const included = invites.filter((i) => countsInReport(stateOf(i), AssessmentType.CurrentState));
  const perSection = new Map<string, { caption: string; scores: number[] }>();
  const overall: number[] = [];
  for (const invite of included) {
    const result = await resultsRepository.findById(db, invite.resultId as number);
    if (!result) continue;
    const scores = presentScores(
      result,
      await assessmentsRepository.content(db, result.assessmentId),
      await resultsRepository.answersOf(db, result.id),
    );
    if (scores.overall) overall.push(scores.overall.score);
    for (const s of scores.sections) {
      const entry = perSection.get(s.code) ?? { caption: s.caption, scores: [] };
      entry.scores.push(s.score);
      perSection.set(s.code, entry);
    }
  }
  const mean = (xs: number[]) => (xs.length ? roundScore(xs.reduce((a, b) => a + b, 0) / xs.length) : null);
  const data = JSON.stringify({
    respondents: included.length,
    overall: mean(overall),
    sections: [...perSection].map(([code, e]) => ({ code, caption: e.caption, score: mean(e.scores) })),
  });

  return db.transaction().execute(async (trx) => {
    const now = nowIso();
    let id = org.benchmarkId;
    if (id != null) {
      await trx.updateTable('benchmarks').set({ data, updatedAt: now }).where('id', '=', id).execute();
    } else {
      id = (
        await trx
          .insertInto('benchmarks')
          .values({ organizationId: org.id, data, createdAt: now, updatedAt: now, createdBy: actor.userId })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
      await trx
        .updateTable('roadmaps')
        .set({ benchmarkId: id, updatedAt: now })
        .where('id', '=', org.roadmapId as number)
        .execute();
    }
    await auditRepository.record(trx, {
      actorId: actor.userId,
      action: 'benchmark',
      entity: 'organization',
      entityId: org.id,
    });
    return { ok: true as const, id };
  });
}
