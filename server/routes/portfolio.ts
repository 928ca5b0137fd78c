import { seesAnonymizedResults } from '../../domain/policies/organizations.js';
import {
  attentionCutoffs,
  portfolioCsvFileName,
  portfolioReachOf,
  portfolioRowOf,
} from '../../domain/rules/portfolio.js';
import { fileAnswer } from '../../domain/schemas/answers.js';
import {
  type PortfolioSearch,
  portfolioPageSchema,
  portfolioSearchSchema,
} from '../../domain/schemas/portfolio.js';
import { type Actor, actorOf } from '../auth/guard.js';
import { attachment } from '../http/attachment.js';
import { forbidden } from '../http/envelope.js';
import type { ZodApp } from '../http/types.js';
import { CSV_TYPE } from '../reports/csv.js';
import { portfolioCsv } from '../reports/portfolioCsv.js';
import {
  type PortfolioFactsRow,
  type PortfolioFilter,
  type PortfolioScores,
  portfolioRepository,
  roadmapStatusNames,
} from '../repositories/portfolio.js';
import type { Deps } from './deps.js';

const tags = ['portfolio'];
const access = { access: ['admin', 'consultant'] } as const;
const who =
  'Admins get every manufacturer, a consultant the manufacturers its own firm works with; champions, manufacturers and visitors 403.';
const body = `Query matches the manufacturer's name; needsAttention true keeps only the manufacturers that need attention (absent or false filters nothing); sort { column: name | roadmapStatus | lastActivityOn, direction: asc | desc } is optional (name, A to Z, without it; ties by name). Invites and people marked Exclude From Report count nowhere.`;

/** The caller's reach and the body's filters; 403 for a role without a portfolio. */
function filterOf(actor: Actor, search: PortfolioSearch): PortfolioFilter {
  const reach = portfolioReachOf(actor);
  if (!reach) throw forbidden();
  return { ...reach, query: search.query, needsAttention: search.needsAttention };
}

/** The rows as the API answers them, with the scores of just these manufacturers. */
function present(
  actor: Actor,
  rows: PortfolioFactsRow[],
  scores: Map<number, PortfolioScores>,
  cutoffs: ReturnType<typeof attentionCutoffs>,
) {
  return rows.map((r) =>
    portfolioRowOf(r, scores.get(r.id), cutoffs, seesAnonymizedResults(actor, r.anonymizeResults === 1)),
  );
}

/** The client portfolio (docs/product.md#insights-portfolio): organization/portfolio and its download. */
export function portfolioRoutes(app: ZodApp, { db }: Deps): void {
  app.post(
    '/organization/portfolio',
    {
      config: access,
      schema: {
        summary: 'The client portfolio: every manufacturer in reach with its roadmap figures',
        description: `${who} One row per manufacturer: id, name, roadmapStatus (code), invitesSent and invitesCompleted ({ current, future }), lastActivityOn (yyyy-mm-dd: the latest included result completed, invite sent or roadmap status change; null when none), currentScore and futureScore (the overall averages of the included current- and future-state results, as the organization report figures them; null when none; under Anonymize Results, for a consultant, null while only 1 or 2 results count), gap (future minus current, null unless both), openActions and overdueActions (its actions NotStarted or InProgress, and those of them due before today), needsAttention and attentionReasons ('No activity for 30 days', 'Invites pending over 14 days', 'Status unchanged for 60 days', 'Actions overdue', 'Gap Not Closed': Done actions that did not raise their practice area between the last two progress rounds). ${body} count is the total before Skip and Take.`,
        tags,
        body: portfolioSearchSchema,
        response: { 200: portfolioPageSchema },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const filter = filterOf(actor, request.body);
      const cutoffs = attentionCutoffs(new Date());
      const page = await portfolioRepository.search(db, filter, request.body, cutoffs);
      return { data: present(actor, page.rows, await page.scores(), cutoffs), count: page.count };
    },
  );

  app.post(
    '/organization/portfolio/download',
    {
      config: access,
      schema: {
        summary: 'The client portfolio as CSV',
        description: `${who} ${body} Skip and Take are ignored. A streamed CSV named SM-Roadmap-Portfolio-{yyyy-mm-dd}.csv, one row per manufacturer in the list's order.`,
        tags,
        body: portfolioSearchSchema,
        response: { 200: fileAnswer },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const filter = filterOf(actor, request.body);
      const now = new Date();
      const cutoffs = attentionCutoffs(now);
      const names = await roadmapStatusNames(db);
      const batches = async function* () {
        for await (const rows of portfolioRepository.batches(db, filter, request.body.sort, cutoffs))
          yield present(
            actor,
            rows,
            await portfolioRepository.pageScoresOf(
              db,
              rows.map((r) => r.id),
            ),
            cutoffs,
          );
      };
      const csv = portfolioCsv(batches(), (code) => (code ? (names.get(code) ?? code) : ''));
      return reply
        .type(CSV_TYPE)
        .header('content-disposition', attachment(portfolioCsvFileName(now)))
        .send(csv);
    },
  );
}
