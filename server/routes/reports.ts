import { z } from 'zod';
import { AssessmentType, type RoadmapStatusCode } from '../../domain/codes.js';
import { canReachOrganization, seesAnonymizedResults } from '../../domain/policies/organizations.js';
import { readsPeerFiguresOf } from '../../domain/policies/peers.js';
import { figuresWithheldText, withholdsFigures } from '../../domain/rules/anonymity.js';
import { showsReportDownload } from '../../domain/rules/organizations.js';
import type { ActionView } from '../../domain/schemas/actions.js';
import { fileAnswer } from '../../domain/schemas/answers.js';
import { idBodySchema } from '../../domain/schemas/content.js';
import { assertMayOpenResult } from '../access/resultAccess.js';
import { type Actor, actorOf } from '../auth/guard.js';
import { nowIso } from '../db/clock.js';
import { attachment } from '../http/attachment.js';
import { badRequest, forbidden, notFound } from '../http/envelope.js';
import type { ZodApp } from '../http/types.js';
import { presentAction } from '../presenters/action.js';
import { planReport } from '../reports/actionPlan.js';
import { executiveFileName, executivePdf, PDF_TYPE } from '../reports/executive/pdf.js';
import { executiveSummary } from '../reports/executive/summary.js';
import { workbookStream } from '../reports/workbook/book.js';
import { reportFileName, XLSX_TYPE } from '../reports/workbook/fileName.js';
import { organizationReport } from '../reports/workbook/organizationReport.js';
import { writeOrganizationWorkbook } from '../reports/workbook/organizationWorkbook.js';
import { writeResultWorkbook } from '../reports/workbook/resultWorkbook.js';
import { actionPlanRepository } from '../repositories/actionPlan.js';
import { actionsRepository } from '../repositories/actions.js';
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

/** Actions read a page at a time for the reports: the most one list call answers. */
const ACTION_PAGE = 10_000;

/**
 * The reports (docs/product.md#calls): one person's result and an organization's results in Excel, and
 * the organization's executive summary in PDF (docs/decisions.md#insights-actions).
 */
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

  /** Every action of the organization, as organization/action/search answers them, in its order. */
  async function everyAction(organizationId: number, today: string) {
    const actions: ActionView[] = [];
    for (;;) {
      const page = await actionsRepository.search(
        db,
        { organizationId, skip: actions.length, take: ACTION_PAGE },
        today,
      );
      actions.push(...page.rows.map((row) => presentAction(row, today)));
      if (page.rows.length === 0 || actions.length >= page.count) return actions;
    }
  }

  /**
   * An organization's report of one assessment type as the caller may read it, with the plan; 404 for
   * an unknown organization, 403 out of reach, 400 while the report is not offered or its figures are
   * withheld under Anonymize Results.
   */
  async function organizationReportFor(actor: Actor, id: number, type: number) {
    const org = await organizationDetails.findById(db, id);
    if (!org) throw notFound('The organization was not found.');
    if (!canReachOrganization(actor, org)) throw forbidden();
    const results = await reportData.organizationResults(db, org.id, type);
    const status = org.roadmapStatusCode as RoadmapStatusCode | null;
    if (!showsReportDownload(type, status, results.respondents.length > 0))
      throw badRequest('There is no report for this assessment at this stage of the roadmap.');
    // Under Anonymize Results a report of one or two respondents would be theirs, sheet by sheet.
    const anonymized = seesAnonymizedResults(actor, org.anonymizeResults === 1);
    if (withholdsFigures(anonymized, results.respondents.length)) throw badRequest(figuresWithheldText);
    const now = new Date(nowIso());
    const today = now.toISOString().slice(0, 10);
    const futureType = type === AssessmentType.FutureState;
    const [current, future, demographic, peers, sections, actions] = await Promise.all([
      futureType ? reportData.organizationResults(db, org.id, AssessmentType.CurrentState) : results,
      futureType ? results : reportData.organizationScores(db, org.id, AssessmentType.FutureState),
      demographicsRepository.viewOf(db, org.id),
      benchmarksRepository.peerSnapshots(db),
      // The plan exactly as organization/plan answers this caller (docs/decisions.md#insights-actions).
      actionPlanRepository.planOf(db, org.id, anonymized, today),
      everyAction(org.id, today),
    ]);
    const report = organizationReport({
      organization: org,
      demographic,
      results,
      current,
      peers,
      readablePeer: (peer) => readsPeerFiguresOf(actor, peer),
      progress: await progressRoundsRepository.progressOf(db, org.id, future, anonymized),
      plan: planReport(sections, actions, today),
      anonymized,
      now,
    });
    return { org, report, future };
  }

  app.post(
    '/assessmentresult/report/byorg/download',
    {
      config: { access: ['admin', 'consultant', 'manufacturer-champion'] },
      schema: {
        summary: "An organization's Excel report for one assessment",
        description:
          'assessmentType 1 (or "current") or 2 ("future"). Sheets Summary (demographics, averages, peer comparison), By Role, Role Alignment (role groups of 3 or more, the rest as Other, largest spread first), Respondents, Responses, Roadmap for the future state, Progress (the rounds against the future-state target) and Action Plan (the practice areas by gap with follow-through and action counts, as organization/plan answers the caller, then every action with its owner, due date and status). Admin, the organization\'s consultant and champion; anyone else 403. 400 while the roadmap status hides the report or there are no included results, and, under Anonymize Results for callers other than admins, while only 1 or 2 results are included (a future-state report then also leaves out current-state figures of 1 or 2, and Progress withholds such rounds).',
        tags,
        body: z.object({ id: z.coerce.number().int(), assessmentType: assessmentTypeSchema }),
        response: { 200: fileAnswer },
      },
    },
    async (request, reply) => {
      const { report } = await organizationReportFor(
        actorOf(request),
        request.body.id,
        request.body.assessmentType,
      );
      const name = reportFileName([
        report.organization,
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

  app.post(
    '/assessmentresult/report/byorg/pdf',
    {
      config: { access: ['admin', 'consultant', 'manufacturer-champion'] },
      schema: {
        summary: "An organization's executive summary (PDF)",
        description:
          'id: the organization. An A4 PDF with embedded fonts named SM-Roadmap-{organization}-Executive-Summary-{yyyy-mm-dd}.pdf: on its first two pages the organization, date, roadmap status, overall current and future with maturity levels, a chart of current against future per practice area, the five largest gaps, progress since the first round, the peer band where peer figures may be shown and the role spread where 2 role groups or more compare; then every action of the plan, and a page per practice area. Its figures are those of the current-state organization report and of organization/plan. Who may, and when (400 with the same messages), as for the current-state report/byorg/download; under Anonymize Results it names no respondent.',
        tags,
        body: idBodySchema,
        response: { 200: fileAnswer },
      },
    },
    async (request, reply) => {
      const { report, future } = await organizationReportFor(
        actorOf(request),
        request.body.id,
        AssessmentType.CurrentState,
      );
      const summary = executiveSummary(report, future.respondents);
      const body = await executivePdf(summary);
      const name = executiveFileName(report.organization, report.generatedOn.toISOString().slice(0, 10));
      return reply.type(PDF_TYPE).header('content-disposition', attachment(name)).send(body);
    },
  );
}
