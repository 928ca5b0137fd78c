import { AssessmentType } from '../../domain/codes.js';
import { seesAnonymizedResults } from '../../domain/policies/organizations.js';
import { canSeePeerFigures, readsPeerFiguresOf } from '../../domain/policies/peers.js';
import { figuresFrom } from '../../domain/rules/anonymity.js';
import { hasRoadmap } from '../../domain/rules/organizations.js';
import { type PeerSnapshot, peerDistribution, peerFigures } from '../../domain/rules/peers.js';
import { averagesOf } from '../../domain/rules/reportFigures.js';
import { peerDistributionSchema, peersBodySchema } from '../../domain/schemas/peers.js';
import { actorOf } from '../auth/guard.js';
import { badRequest, forbidden, notFound } from '../http/envelope.js';
import type { ZodApp } from '../http/types.js';
import { benchmarksRepository } from '../repositories/benchmarks.js';
import { organizationDetails } from '../repositories/organizationDetails.js';
import { reportData } from '../repositories/reportData.js';
import type { Deps } from './deps.js';

const tags = ['reports'];

/** Peer distribution (docs/product.md#insights-peers): an organization among its benchmarked peers. */
export function peerRoutes(app: ZodApp, { db }: Deps): void {
  app.post(
    '/assessmentresult/peers',
    {
      config: { access: 'authenticated' },
      schema: {
        summary: "A manufacturer's current state against its benchmarked peers",
        description:
          "`id` is the organization's. Answers `{ contributors, minimum: 5, needed, sections: [{ id, name, value, q1, median, q3 }] }`: `contributors` counts the active manufacturers with a generated benchmark that are not excluded from benchmark (the organization itself included when it is one); `value` is the organization's own current-state section average now (results marked Exclude From Report left out; null without one, and null under Anonymize Results for callers other than admins while only 1 or 2 results count). `q1`, `median` and `q3` (one decimal; no lowest or highest, which would be one manufacturer's own figure) are quartiles of the benchmarked averages of the contributors whose own figures the caller cannot read: its own organization is left out, and for a consultant every client of its firm; admins see them over every contributor. Each quartile blends neighbouring manufacturers (interpolated, smoothed over one rank) so that none is one manufacturer's figure. With fewer than 5 of those, `sections` is empty and `needed` says how many more the figures need (5 minus those remaining; 0 when figures show); a section fewer than 5 of them scored is left out. Members of the organization, the consultants of its consulting firm, and admins; anyone else 403. 404 for an unknown organization, 400 for one that is not a manufacturer.",
        tags,
        body: peersBodySchema,
        response: { 200: peerDistributionSchema },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const org = await organizationDetails.findById(db, request.body.id);
      if (!org) throw notFound('The organization was not found.');
      if (!canSeePeerFigures(actor, org)) throw forbidden();
      if (!hasRoadmap(org)) throw badRequest('Peer figures are kept for manufacturers only.');

      const peers = await benchmarksRepository.peerSnapshots(db);
      // Only the manufacturers the caller cannot read make its figures: with them, subtracting what
      // it knows would give the rest away (docs/decisions.md#trust).
      const readable = (peer: PeerSnapshot) => readsPeerFiguresOf(actor, peer);
      const none = { overall: null, sections: [] };
      // Below the minimum there is nothing to compare: the organization's own results are not read.
      const floor = peerFigures(peers, none, [], readable);
      if (!floor.available) return peerDistribution(floor, []);

      const current = await reportData.organizationScores(db, org.id, AssessmentType.CurrentState);
      const codes = current.content.sections.map((s) => s.code);
      // Under Anonymize Results the organization's own figure of 1 or 2 respondents is theirs: withheld.
      const anonymized = seesAnonymizedResults(actor, org.anonymizeResults === 1);
      const own = averagesOf(
        figuresFrom(anonymized, current.respondents).map((r) => r.scores),
        codes,
      );
      return peerDistribution(peerFigures(peers, own, codes, readable), current.content.sections);
    },
  );
}
