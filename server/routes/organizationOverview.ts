import { messages } from '../../domain/messages.js';
import { canReachOrganization, seesAnonymizedResults } from '../../domain/policies/organizations.js';
import { latestActivity, OVERVIEW_ACTIVITY_LIMIT } from '../../domain/rules/organizationOverview.js';
import { hasRoadmap } from '../../domain/rules/organizations.js';
import { attentionCutoffs, portfolioRowOf } from '../../domain/rules/portfolio.js';
import {
  type OrganizationOverview,
  organizationOverviewSchema,
  overviewBodySchema,
} from '../../domain/schemas/organizationOverviewView.js';
import { actorOf } from '../auth/guard.js';
import { forbidden, notFound } from '../http/envelope.js';
import type { ZodApp } from '../http/types.js';
import { organizationActivity } from '../repositories/organizationActivity.js';
import { organizationDetails } from '../repositories/organizationDetails.js';
import { portfolioRepository } from '../repositories/portfolio.js';
import type { Deps } from './deps.js';

/** The organization page's overview (docs/decisions.md#organizations-overview). */
export function organizationOverviewRoutes(app: ZodApp, { db }: Deps): void {
  app.post(
    '/organization/overview',
    {
      config: { access: ['admin', 'consultant', 'manufacturer-champion'] },
      schema: {
        summary: "The figures an organization's page opens on",
        description:
          "Answers { id, name, type, roadmap, activity }. roadmap (manufacturers only, else null): status (code), stages [{ code, name }] (the roadmap statuses in order), currentScore, futureScore and gap (as organization/portfolio figures them), invites { current, future } each { sent, completed }, lastActivityOn. activity: the latest 5 events, newest first, each { on, kind: completed | invited | status | round, assessmentType, person, status }. Invites and people marked Exclude From Report count nowhere. Under Anonymize Results, for callers other than admins, no event names a person and a score of 1 or 2 results is null. Who may call: exactly who reaches the organization's page (admin; a consultant their firm and its manufacturers; a champion their own organization); others 403; an unknown id 404.",
        tags: ['organizations'],
        body: overviewBodySchema,
        response: { 200: organizationOverviewSchema },
      },
    },
    async (request): Promise<OrganizationOverview> => {
      const actor = actorOf(request);
      const org = await organizationDetails.findById(db, request.body.id);
      if (!org) throw notFound(messages.admin.itemNotFound);
      if (!canReachOrganization(actor, org)) throw forbidden(messages.organization.notReachable);
      const anonymized = seesAnonymizedResults(actor, org.anonymizeResults === 1);
      const base = { id: org.id, name: org.name, type: org.type };
      if (!hasRoadmap(org)) return { ...base, roadmap: null, activity: [] };

      const [facts, scores, stages, events] = await Promise.all([
        portfolioRepository.factsOf(db, org.id),
        portfolioRepository.scoresOf(db, [org.id]),
        organizationActivity.stages(db),
        organizationActivity.eventsOf(db, org.id, OVERVIEW_ACTIVITY_LIMIT),
      ]);
      if (!facts) throw notFound(messages.admin.itemNotFound);
      const row = portfolioRowOf(facts, scores.get(org.id), attentionCutoffs(new Date()), anonymized);
      return {
        ...base,
        roadmap: {
          status: row.roadmapStatus,
          stages,
          currentScore: row.currentScore,
          futureScore: row.futureScore,
          gap: row.gap,
          invites: {
            current: { sent: row.invitesSent.current, completed: row.invitesCompleted.current },
            future: { sent: row.invitesSent.future, completed: row.invitesCompleted.future },
          },
          lastActivityOn: row.lastActivityOn,
        },
        activity: latestActivity(events, anonymized),
      };
    },
  );
}
