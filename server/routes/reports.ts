import { z } from 'zod';
import { AssessmentType, type RoadmapStatusCode } from '../../domain/codes.js';
import { canReachOrganization, seesAnonymizedResults } from '../../domain/policies/organizations.js';
import { readsPeerFiguresOf } from '../../domain/policies/peers.js';
import { figuresWithheldText, withholdsFigures } from '../../domain/rules/anonymity.js';
import { showsReportDownload } from '../../domain/rules/organizations.js';
import { fileAnswer } from '../../domain/schemas/answers.js';
import { idBodySchema } from '../../domain/schemas/content.js';
import { assertMayOpenResult } from '../access/resultAccess.js';
import { actorOf } from '../auth/guard.js';
import { attachment } from '../http/attachment.js';
import { badRequest, forbidden, notFound } from '../http/envelope.js';
import type { ZodApp } from '../http/types.js';
import { workbookStream } from '../reports/workbook/book.js';
import { reportFileName, XLSX_TYPE } from '../reports/workbook/fileName.js';
import { organizationReport } from '../reports/workbook/organizationReport.js';
import { writeOrganizationWorkbook } from '../reports/workbook/organizationWorkbook.js';
import { writeResultWorkbook } from '../reports/workbook/resultWorkbook.js';
import { benchmarksRepository } from '../repositories/benchmarks.js';
import { demographicsRepository } from '../repositories/demographics.js';
import { organizationDetails } from '../repositories/organizationDetails.js';
import { progressRoundsRepository } from '../repositories/progressRounds.js';
import { reportData } from '../repositories/reportData.js';
import { resultsRepository } from '../repositories/results.js';
import type { Deps } from './deps.js';

const tags = ['reports'];
const assessmentTypeSchema = z.union([
  z.coerce.number().int(),
  z
    .enum(['current', 'future'])
    .transform((v) => (v === 'current' ? AssessmentType.CurrentState : AssessmentType.FutureState)),
]);

/** The Excel reports (docs/product.md#calls): one person's result, and an organization's results. */
export function reportRoutes(app: ZodApp, { db }: Deps): void {
  app.post(
    '/assessmentresult/report/byid/download',
    {
      config: { access: 'authenticated' },
      schema: {
        summary: "One result's Excel report",
        description:
          "Sheets Summary (scores with data bars) and Responses. The respondent, their champion and consultant, and admins; anyone else 403. Under Anonymize Results (of the respondent's organization or the result's) only the respondent and admins; the champion and consultant 403.",
        tags,
        body: idBodySchema,
        response: { 200: fileAnswer },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const result = await assertMayOpenResult(
        db,
        actor,
        await resultsRepository.findById(db, request.body.id),
      );
      const org =
        result.organizationId == null
          ? undefined
          : await organizationDetails.findById(db, result.organizationId);
      // Unreachable while the results policy refuses anonymized results to all but the person and
      // admins; kept so that a wider policy could never name the respondent.
      const hidden =
        actor.userId !== result.respondentId &&
        !!org &&
        seesAnonymizedResults(actor, org.anonymizeResults === 1);
      const data = await reportData.result(db, result);
      const report = {
        ...data,
        organization: result.organizationName ?? '',
        assessment: result.assessmentName,
        respondent: hidden ? 'Respondent' : result.respondentName,
        anonymized: hidden,
        completionDateTime: result.completionDateTime,
      };
      const name = reportFileName([
        result.organizationName,
        result.completionDateTime.slice(0, 10),
        result.assessmentName,
        hidden ? null : result.respondentName,
      ]);
      const body = workbookStream(
        (stream) => writeResultWorkbook(stream, report),
        (error) => request.log.error({ err: error }, 'the result report could not be written'),
      );
      return reply.type(XLSX_TYPE).header('content-disposition', attachment(name)).send(body);
    },
  );

  app.post(
    '/assessmentresult/report/byorg/download',
    {
      config: { access: ['admin', 'consultant', 'manufacturer-champion'] },
      schema: {
        summary: "An organization's Excel report for one assessment",
        description:
          'assessmentType 1 (or "current") or 2 ("future"). Sheets Summary (demographics, averages, peer comparison), By Role, Role Alignment (role groups of 3 or more, the rest as Other, largest spread first), Respondents, Responses, Roadmap for the future state, and Progress (the rounds against the future-state target). Admin, the organization\'s consultant and champion; anyone else 403. 400 while the roadmap status hides the report or there are no included results, and, under Anonymize Results for callers other than admins, while only 1 or 2 results are included (a future-state report then also leaves out current-state figures of 1 or 2, and Progress withholds such rounds).',
        tags,
        body: z.object({ id: z.coerce.number().int(), assessmentType: assessmentTypeSchema }),
        response: { 200: fileAnswer },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const org = await organizationDetails.findById(db, request.body.id);
      if (!org) throw notFound('The organization was not found.');
      if (!canReachOrganization(actor, org)) throw forbidden();
      const type = request.body.assessmentType;
      const results = await reportData.organizationResults(db, org.id, type);
      const status = org.roadmapStatusCode as RoadmapStatusCode | null;
      if (!showsReportDownload(type, status, results.respondents.length > 0))
        throw badRequest('There is no report for this assessment at this stage of the roadmap.');
      // Under Anonymize Results a report of one or two respondents would be theirs, sheet by sheet.
      const anonymized = seesAnonymizedResults(actor, org.anonymizeResults === 1);
      if (withholdsFigures(anonymized, results.respondents.length)) throw badRequest(figuresWithheldText);
      const current =
        type === AssessmentType.CurrentState
          ? results
          : await reportData.organizationResults(db, org.id, AssessmentType.CurrentState);
      const report = organizationReport({
        organization: org,
        demographic: await demographicsRepository.viewOf(db, org.id),
        results,
        current,
        peers: await benchmarksRepository.peerSnapshots(db),
        readablePeer: (peer) => readsPeerFiguresOf(actor, peer),
        progress: await progressRoundsRepository.progressOf(
          db,
          org.id,
          type === AssessmentType.FutureState ? results : undefined,
          anonymized,
        ),
        anonymized,
        now: new Date(),
      });
      const name = reportFileName([
        org.name,
        report.generatedOn.toISOString().slice(0, 10),
        report.assessment,
      ]);
      const body = workbookStream(
        (stream) => writeOrganizationWorkbook(stream, report),
        (error) => request.log.error({ err: error }, 'the organization report could not be written'),
      );
      return reply.type(XLSX_TYPE).header('content-disposition', attachment(name)).send(body);
    },
  );
}
