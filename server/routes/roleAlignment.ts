import { canViewInsightsOf } from '../../domain/policies/organizationInsights.js';
import { seesAnonymizedResults } from '../../domain/policies/organizations.js';
import { readerRoleAlignment } from '../../domain/rules/anonymity.js';
import { hasRoadmap } from '../../domain/rules/organizations.js';
import { alignmentBodySchema, roleAlignmentSchema } from '../../domain/schemas/organizationInsights.js';
import { actorOf } from '../auth/guard.js';
import { forbidden, notFound } from '../http/envelope.js';
import type { ZodApp } from '../http/types.js';
import { organizationDetails } from '../repositories/organizationDetails.js';
import { reportData } from '../repositories/reportData.js';
import type { Deps } from './deps.js';

const tags = ['organization insights'];

/** Role alignment (docs/product.md#insights-alignment). */
export function roleAlignmentRoutes(app: ZodApp, { db }: Deps): void {
  app.post(
    '/organization/alignment',
    {
      config: { access: ['admin', 'consultant', 'manufacturer-champion'] },
      schema: {
        summary: "How far a manufacturer's functional-role groups agree, per practice area",
        description:
          'assessmentType 1 (or "current") or 2 ("future"). Answers { groups: [{ name, respondents }], sections: [{ id, name, averages: [{ group, average }], spread }] }, sections by spread (highest group average minus lowest), largest first. Groups are the Report Settings aliases (a blank alias is the role\'s name); a group under 3 respondents joins Other, and Other under 3 is left out. Under Anonymize Results (callers other than admins) every respondent is in a group shown: while Other has 1 or 2, the smallest named group joins it, and with fewer than 3 respondents in all there is no group. Counts the results the organization report counts (no Exclude From Report invite or person, no draft); names no person. Admin, the manufacturer\'s consultant and champion; anyone else 403; an unknown manufacturer 404.',
        tags,
        body: alignmentBodySchema,
        response: { 200: roleAlignmentSchema },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const org = await organizationDetails.findById(db, request.body.id);
      if (!org || !hasRoadmap(org)) throw notFound('The organization was not found.');
      if (!canViewInsightsOf(actor, org)) throw forbidden();
      const results = await reportData.organizationScores(db, org.id, request.body.assessmentType);
      return readerRoleAlignment(
        results.respondents,
        results.content.sections,
        seesAnonymizedResults(actor, org.anonymizeResults === 1),
      );
    },
  );
}
