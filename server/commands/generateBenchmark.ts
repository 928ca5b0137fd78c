import { AssessmentType, type RoadmapStatusCode } from '../../domain/codes.js';
import { benchmarkAvailable, countsInReport, type InviteState } from '../../domain/rules/organizations.js';
import {
  overallScore,
  roundScore,
  type ScoredAnswer,
  type SectionScore,
  sectionScores,
} from '../../domain/rules/scoring.js';
import type { BenchmarkSnapshot } from '../../domain/schemas/benchmark.js';
import type { Actor } from '../auth/guard.js';
import type { Db, Executor } from '../db/database.js';
import { assessmentsRepository } from '../repositories/assessments.js';
import { auditRepository } from '../repositories/audit.js';
import { benchmarksRepository } from '../repositories/benchmarks.js';
import { demographicsRepository } from '../repositories/demographics.js';
import type { OrganizationDetailRow } from '../repositories/organizationDetails.js';

type Content = Awaited<ReturnType<typeof assessmentsRepository.content>>;
type InviteRow = Awaited<ReturnType<typeof benchmarksRepository.invitesOf>>[number];
type AnswerRow = Awaited<ReturnType<typeof benchmarksRepository.answersOf>>[number];

/** An invite as the rules read it; Exclude From Report on the respondent leaves out their invites too. */
const stateOf = (i: InviteRow): InviteState => ({
  assessmentType: i.assessmentType,
  isActive: i.isActive === 1,
  hasResult: i.resultId != null,
  excludeFromReport: i.excludeFromReport === 1 || i.respondentExcluded === 1,
});

/** One result's answers as the scoring rules read them: only the content's active questions and choices. */
function scoredAnswers(content: Content, answers: readonly AnswerRow[]): ScoredAnswer[] {
  const scoreOfChoice = new Map(content.choices.map((c) => [c.id, c.scoreValue]));
  const codeOfSection = new Map(content.sections.map((s) => [s.id, s.code]));
  const chosen = new Map<number, (number | null)[]>();
  for (const a of answers) {
    if (a.choiceId === null) continue;
    const list = chosen.get(a.questionId) ?? [];
    list.push(scoreOfChoice.get(a.choiceId) ?? null);
    chosen.set(a.questionId, list);
  }
  return content.questions.map((q) => ({
    sectionCode: codeOfSection.get(q.sectionId) ?? '',
    scores: chosen.get(q.id) ?? [],
    skipScore: q.skipScore === 1,
  }));
}

/**
 * The organization's averages over its respondents' scores (domain/rules/scoring, unrounded): per
 * section the mean of the respondents who scored it, in the order given; overall the mean of their
 * overall scores. Rounded once, at the end.
 */
export function averageScores(
  respondents: readonly SectionScore[][],
  sections: readonly { code: string; caption: string }[],
): Pick<BenchmarkSnapshot, 'overall' | 'sections'> {
  const mean = (xs: number[]) => (xs.length ? roundScore(xs.reduce((a, b) => a + b, 0) / xs.length) : null);
  const overall = respondents.map(overallScore).filter((s): s is number => s !== null);
  return {
    overall: mean(overall),
    sections: sections
      .map((s) => ({
        code: s.code,
        caption: s.caption,
        score: mean(
          respondents.flatMap((r) => r.filter((x) => x.sectionCode === s.code).map((x) => x.score)),
        ),
      }))
      .filter((s) => s.score !== null),
  };
}

/**
 * The snapshot of a manufacturer's included current-state results and its demographics, read in a
 * fixed number of queries whatever the number of respondents.
 */
async function snapshotOf(
  db: Executor,
  org: OrganizationDetailRow,
  invites: readonly InviteRow[],
): Promise<BenchmarkSnapshot> {
  const current = AssessmentType.CurrentState;
  const included = invites.filter((i) => countsInReport(stateOf(i), current));
  const excluded = invites.filter((i) => {
    const state = stateOf(i);
    return state.excludeFromReport && countsInReport({ ...state, excludeFromReport: false }, current);
  });
  const resultAssessment = new Map(
    included.map((i) => [i.resultId as number, i.resultAssessmentId as number]),
  );
  const assessmentIds = [...new Set(resultAssessment.values())];
  const [contents, answers, demographic] = await Promise.all([
    Promise.all(assessmentIds.map((id) => assessmentsRepository.content(db, id))),
    benchmarksRepository.answersOf(db, org.id, assessmentIds),
    demographicsRepository.viewOf(db, org.id),
  ]);
  const contentOf = new Map(assessmentIds.map((id, n) => [id, contents[n] as Content]));
  const answersOf = new Map<number, AnswerRow[]>();
  for (const a of answers) {
    if (!resultAssessment.has(a.assessmentResultId)) continue;
    const list = answersOf.get(a.assessmentResultId) ?? [];
    list.push(a);
    answersOf.set(a.assessmentResultId, list);
  }
  const respondents = [...resultAssessment].map(([resultId, assessmentId]) =>
    sectionScores(scoredAnswers(contentOf.get(assessmentId) as Content, answersOf.get(resultId) ?? [])),
  );
  const sections = new Map<string, string>();
  for (const content of contents)
    for (const s of content.sections) if (!sections.has(s.code)) sections.set(s.code, s.caption);
  const names = (refs: readonly { name: string }[] | undefined) => (refs ?? []).map((r) => r.name);
  return {
    respondents: resultAssessment.size,
    excluded: new Set(excluded.map((i) => i.resultId)).size,
    ...averageScores(
      respondents,
      [...sections].map(([code, caption]) => ({ code, caption })),
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
 * Generates (or updates) a manufacturer's benchmark (SPEC.md section 4 'Benchmark'): a snapshot of its
 * current-state results that count in its report (averages per section and overall, respondents and
 * excluded results) and of its demographics, stored as the roadmap's benchmark in one transaction.
 * Answers the benchmark id, or why none could be made.
 */
export async function generateBenchmark(
  db: Db,
  actor: Actor,
  org: OrganizationDetailRow,
): Promise<{ ok: true; id: number } | { ok: false; message: string }> {
  const invites = await benchmarksRepository.invitesOf(db, org.id);
  const roadmapId = org.roadmapId;
  if (
    roadmapId == null ||
    !benchmarkAvailable(actor.role, org.roadmapStatusCode as RoadmapStatusCode, invites.map(stateOf))
  )
    return {
      ok: false,
      message: 'A benchmark needs a roadmap in reporting and at least one included current-state result.',
    };
  const data = JSON.stringify(await snapshotOf(db, org, invites));
  const id = await db.transaction().execute(async (trx) => {
    const saved = await benchmarksRepository.save(trx, {
      organizationId: org.id,
      roadmapId,
      data,
      actorId: actor.userId,
    });
    await auditRepository.record(trx, {
      actorId: actor.userId,
      action: 'benchmark',
      entity: 'organization',
      entityId: org.id,
    });
    return saved;
  });
  return { ok: true, id };
}
