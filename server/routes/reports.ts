import { z } from 'zod';
import { AssessmentType, type RoadmapStatusCode } from '../../domain/codes.js';
import { canReachOrganization, seesAnonymizedResults } from '../../domain/policies/organizations.js';
import { countsInReport, showsReportDownload } from '../../domain/rules/organizations.js';
import { questionScore } from '../../domain/rules/scoring.js';
import { idBodySchema } from '../../domain/schemas/content.js';
import { type Actor, actorOf } from '../auth/guard.js';
import { assertMayOpenResult } from '../auth/resultAccess.js';
import type { Executor } from '../db/database.js';
import { attachment } from '../http/attachment.js';
import { badRequest, forbidden, notFound } from '../http/envelope.js';
import type { Deps, ZodApp } from '../http/types.js';
import { presentScores } from '../presenters/result.js';
import {
  organizationWorkbook,
  type RespondentResult,
  reportFileName,
  resultWorkbook,
} from '../reports/assessmentWorkbooks.js';
import { assessmentInvitesRepository } from '../repositories/assessmentInvites.js';
import { assessmentsRepository } from '../repositories/assessments.js';
import { organizationDetails } from '../repositories/organizationDetails.js';
import { type ResultRow, resultsRepository } from '../repositories/results.js';

const tags = ['reports'];
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const assessmentTypeSchema = z.union([
  z.coerce.number().int(),
  z
    .enum(['current', 'future'])
    .transform((v) => (v === 'current' ? AssessmentType.CurrentState : AssessmentType.FutureState)),
]);

/** A result's scores, answers and role group, named as the report may name its respondent. */
async function respondentResult(
  db: Executor,
  result: ResultRow,
  respondent: string,
): Promise<RespondentResult> {
  const content = await assessmentsRepository.content(db, result.assessmentId);
  const answers = await resultsRepository.answersOf(db, result.id);
  const role = await db
    .selectFrom('users as u')
    .leftJoin('lookupItems as fr', 'fr.id', 'u.functionalRoleId')
    .leftJoin('functionalRoleAliases as a', (j) =>
      j
        .onRef('a.functionalRoleId', '=', 'u.functionalRoleId')
        .on('a.organizationId', '=', result.organizationId ?? -1),
    )
    .select(['fr.name', 'a.alias'])
    .where('u.id', '=', result.respondentId)
    .executeTakeFirst();
  const choiceOf = new Map(content.choices.map((c) => [c.id, c]));
  const sectionOf = new Map(content.sections.map((s) => [s.id, s.caption]));
  return {
    respondent,
    roleGroup: role?.alias?.trim() || role?.name || 'No functional role',
    completionDateTime: result.completionDateTime,
    scores: presentScores(result, content, answers),
    answers: content.questions
      .map((q) => {
        const mine = answers.filter((a) => a.questionId === q.id);
        const chosen = mine.map((a) => (a.choiceId != null ? choiceOf.get(a.choiceId) : undefined));
        const text = [
          ...chosen.map((c) => c?.caption).filter(Boolean),
          ...mine.map((a) => a.valueText ?? a.otherText).filter(Boolean),
        ].join('; ');
        const score = questionScore({
          sectionCode: '',
          scores: chosen.map((c) => c?.scoreValue ?? null),
          skipScore: q.skipScore === 1,
        });
        return { section: sectionOf.get(q.sectionId) ?? '', practice: q.caption, answer: text, score };
      })
      .filter((a) => a.answer),
  };
}

/** The Excel reports (SPEC.md section 7): one person's result, and an organization's results. */
export function reportRoutes(app: ZodApp, { db }: Deps): void {
  const anonymized = async (actor: Actor, organizationId: number | null) => {
    if (organizationId == null) return false;
    const org = await organizationDetails.findById(db, organizationId);
    return !!org && seesAnonymizedResults(actor, org.anonymizeResults === 1);
  };

  app.post(
    '/assessmentresult/report/byid/download',
    {
      config: { access: 'authenticated' },
      schema: { summary: "One result's Excel report", tags, body: idBodySchema },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const result = await assertMayOpenResult(
        db,
        actor,
        await resultsRepository.findById(db, request.body.id),
      );
      const hidden = actor.userId !== result.respondentId && (await anonymized(actor, result.organizationId));
      const respondent = hidden ? 'Respondent' : result.respondentName;
      const book = await resultWorkbook({
        organization: result.organizationName ?? '',
        assessment: result.assessmentName,
        result: await respondentResult(db, result, respondent),
      });
      const name = reportFileName([
        result.organizationName,
        result.completionDateTime.slice(0, 10),
        result.assessmentName,
        hidden ? null : result.respondentName,
      ]);
      return reply.type(XLSX).header('content-disposition', attachment(name)).send(book);
    },
  );

  app.post(
    '/assessmentresult/report/byorg/download',
    {
      config: { access: ['admin', 'consultant', 'manufacturer-champion'] },
      schema: {
        summary: "An organization's Excel report for one assessment",
        tags,
        body: z.object({ id: z.coerce.number().int(), assessmentType: assessmentTypeSchema }),
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const org = await organizationDetails.findById(db, request.body.id);
      if (!org) throw notFound('The organization was not found.');
      if (!canReachOrganization(actor, org)) throw forbidden();
      const type = request.body.assessmentType;
      const invites = (
        await assessmentInvitesRepository.ofOrganization(db, org.id, { take: 10_000 })
      ).rows.filter((i) =>
        countsInReport(
          {
            assessmentType: i.assessmentType,
            isActive: i.isActive === 1,
            hasResult: i.resultId != null,
            excludeFromReport: i.excludeFromReport === 1,
          },
          type,
        ),
      );
      if (!showsReportDownload(type, org.roadmapStatusCode as RoadmapStatusCode | null, invites.length > 0))
        throw badRequest('There is no report for this assessment at this stage of the roadmap.');
      const hide = seesAnonymizedResults(actor, org.anonymizeResults === 1);
      const results: RespondentResult[] = [];
      for (const [n, invite] of invites.entries()) {
        const result = await resultsRepository.findById(db, invite.resultId as number);
        if (result)
          results.push(
            await respondentResult(db, result, hide ? `Respondent ${n + 1}` : result.respondentName),
          );
      }
      const assessment = invites[0]?.assessmentName ?? '';
      const book = await organizationWorkbook({ organization: org.name, assessment, results });
      const name = reportFileName([org.name, new Date().toISOString().slice(0, 10), assessment]);
      return reply.type(XLSX).header('content-disposition', attachment(name)).send(book);
    },
  );
}
