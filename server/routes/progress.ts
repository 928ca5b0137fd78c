import { canViewInsightsOf } from '../../domain/policies/organizationInsights.js';
import { seesAnonymizedResults } from '../../domain/policies/organizations.js';
import { hasRoadmap } from '../../domain/rules/organizations.js';
import { progressBodySchema, progressSchema } from '../../domain/schemas/organizationInsights.js';
import { actorOf } from '../auth/guard.js';
import { forbidden, notFound } from '../http/envelope.js';
import type { ZodApp } from '../http/types.js';
import { organizationDetails } from '../repositories/organizationDetails.js';
import { progressRoundsRepository } from '../repositories/progressRounds.js';
import type { Deps } from './deps.js';

const tags = ['organization insights'];

/** Progress against target (docs/product.md#insights-progress). */
export function progressRoutes(app: ZodApp, { db }: Deps): void {
  app.post(
    '/organization/progress',
    {
      config: { access: ['admin', 'consultant', 'manufacturer-champion'] },
      schema: {
        summary: "A manufacturer's progress rounds against its future-state target",
        description:
          "Answers { target: { sections: [{ id, name, average }] } | null, rounds: [{ closedOn, respondents, overall, sections: [{ id, name, average }] }] }, oldest round first. A round is kept each time the roadmap status changes into CurrentStateReporting (saving again with the same status keeps none): the current-state averages at that moment. The target is the future-state section averages, null until a future-state result counts. Results marked Exclude From Report and drafts never count; no person is named. Under Anonymize Results (callers other than admins) a round of 1 or 2 respondents has overall and section averages null, and the target is null while 1 or 2 future-state results count. Admin, the manufacturer's consultant and champion; anyone else 403; an unknown manufacturer 404.",
        tags,
        body: progressBodySchema,
        response: { 200: progressSchema },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const org = await organizationDetails.findById(db, request.body.id);
      if (!org || !hasRoadmap(org)) throw notFound('The organization was not found.');
      if (!canViewInsightsOf(actor, org)) throw forbidden();
      return progressRoundsRepository.progressOf(
        db,
        org.id,
        undefined,
        seesAnonymizedResults(actor, org.anonymizeResults === 1),
      );
    },
  );
}
