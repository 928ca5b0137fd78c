import { AssessmentType, type RoadmapStatusCode } from '../../domain/codes.js';
import { benchmarkAvailable } from '../../domain/rules/organizations.js';
import { averagesOf } from '../../domain/rules/reportFigures.js';
import type { BenchmarkSnapshot } from '../../domain/schemas/benchmark.js';
import type { Actor } from '../auth/guard.js';
import type { Db, Executor } from '../db/database.js';
import type { OrganizationDetailRow, OrganizationResults } from '../db/rows.js';
import { benchmarksRepository } from '../repositories/benchmarks.js';
import { demographicsRepository } from '../repositories/demographics.js';
import { reportData } from '../repositories/reportData.js';
import { type Audit, audited, auditIn } from './audited.js';

type Demographic = Awaited<ReturnType<typeof demographicsRepository.viewOf>>;

/**
 * The snapshot of a manufacturer's included current-state results and of its demographics. The figures
 * are the organization report's (domain/rules/reportFigures over domain/rules/scoring: unrounded
 * respondent scores, averaged and rounded once), so a benchmark equals its report's Summary.
 */
function snapshotOf(
  org: OrganizationDetailRow,
  results: OrganizationResults,
  demographic: Demographic,
): BenchmarkSnapshot {
  const averages = averagesOf(
    results.respondents.map((r) => r.scores),
    results.content.sections.map((s) => s.code),
  );
  const caption = new Map(results.content.sections.map((s) => [s.code, s.caption]));
  const names = (refs: readonly { name: string }[] | undefined) => (refs ?? []).map((r) => r.name);
  return {
    respondents: results.respondents.length,
    excluded: results.excluded,
    overall: averages.overall,
    sections: averages.sections.flatMap((s) =>
      s.score === null ? [] : [{ code: s.code, caption: caption.get(s.code) ?? s.code, score: s.score }],
    ),
    demographics: {
      companyMaturity: demographic?.companyMaturity?.name ?? null,
      numberOfEmployees: demographic?.numberOfEmployees?.name ?? null,
      numberOfFacilities: demographic?.numberOfFacilities?.name ?? null,
      hqRegion: demographic?.hqRegion?.name ?? null,
      state: org.stateName ?? null,
      businessType: org.businessTypeName ?? null,
      industries: names(demographic?.industries),
      supplyChainRoles: names(demographic?.supplyChainRoles),
    },
  };
}

/**
 * Generates (or updates) a manufacturer's benchmark (docs/product.md#rules-benchmark): a snapshot of its
 * current-state results that count in its report (averages per section and overall, respondents and
 * excluded results) and of its demographics, read in a fixed number of queries whatever the number of
 * respondents (reportData) and stored as the roadmap's benchmark in one transaction. Answers the
 * benchmark id, or why none could be made.
 */
export async function generateBenchmark(
  db: Db,
  actor: BenchmarkActor,
  org: OrganizationDetailRow,
): Promise<BenchmarkOutcome> {
  const prepared = await prepareBenchmark(db, actor, org);
  if (!prepared.ok) return prepared;
  const id = await audited(db, (trx, audit) => storeBenchmark(trx, audit, actor, prepared));
  return { ok: true, id };
}

/** As generateBenchmark, inside a transaction its caller opened (the demo data's). */
export async function generateBenchmarkIn(
  trx: Executor,
  actor: BenchmarkActor,
  org: OrganizationDetailRow,
): Promise<BenchmarkOutcome> {
  const prepared = await prepareBenchmark(trx, actor, org);
  if (!prepared.ok) return prepared;
  return { ok: true, id: await storeBenchmark(trx, auditIn(trx), actor, prepared) };
}

type BenchmarkActor = Pick<Actor, 'userId' | 'role'>;
type BenchmarkOutcome = { ok: true; id: number } | { ok: false; message: string };
type Prepared = { ok: true; organizationId: number; roadmapId: number; data: string };

/** The snapshot to store, or why none can be made: reads only. */
async function prepareBenchmark(
  db: Executor,
  actor: BenchmarkActor,
  org: OrganizationDetailRow,
): Promise<Prepared | { ok: false; message: string }> {
  const results = await reportData.organizationResults(db, org.id, AssessmentType.CurrentState);
  // The respondents are exactly the invites that count (countsInReport), which availability asks for.
  const counting = results.respondents.map(() => ({
    assessmentType: AssessmentType.CurrentState,
    isActive: true,
    hasResult: true,
    excludeFromReport: false,
  }));
  const roadmapId = org.roadmapId;
  if (
    roadmapId == null ||
    !benchmarkAvailable(actor.role, org.roadmapStatusCode as RoadmapStatusCode, counting)
  )
    return {
      ok: false,
      message: 'A benchmark needs a roadmap in reporting and at least one included current-state result.',
    };
  const demographic = await demographicsRepository.viewOf(db, org.id);
  return {
    ok: true,
    organizationId: org.id,
    roadmapId,
    data: JSON.stringify(snapshotOf(org, results, demographic)),
  };
}

/** Stores the snapshot as the roadmap's benchmark, with its audit record, in the caller's transaction. */
async function storeBenchmark(trx: Executor, audit: Audit, actor: BenchmarkActor, prepared: Prepared) {
  const saved = await benchmarksRepository.save(trx, {
    organizationId: prepared.organizationId,
    roadmapId: prepared.roadmapId,
    data: prepared.data,
    actorId: actor.userId,
  });
  await audit({
    actor: actor.userId,
    action: 'benchmark',
    entity: 'organization',
    entityId: prepared.organizationId,
  });
  return saved;
}
