import { z } from 'zod';
import { type OrganizationType, organizationTypeNames } from '../../domain/codes.js';
import { messages } from '../../domain/messages.js';
import { emptyEnvelope } from '../../domain/schemas/answers.js';
import { getStartedView } from '../../domain/schemas/assessmentView.js';
import { getStartedSchema } from '../../domain/schemas/organization.js';
import { actorOf } from '../auth/guard.js';
import { saveGetStarted } from '../commands/getStarted.js';
import { notFound, ok } from '../http/envelope.js';
import type { ZodApp } from '../http/types.js';
import { demographicsRepository } from '../repositories/demographics.js';
import { lookupsRepository } from '../repositories/lookups.js';
import { organizationsRepository } from '../repositories/organizations.js';
import type { Deps } from './deps.js';

const tags = ['assessments'];
const signedIn = { access: 'authenticated' } as const;

/** The get-started step before an assessment (docs/product.md#screens-assessment): the caller's own organization. */
export function getStartedRoutes(app: ZodApp, { db }: Deps): void {
  app.post(
    '/organization/getstarted/mine',
    {
      config: signedIn,
      schema: {
        summary: 'My organization with its demographics',
        tags,
        body: z.unknown(),
        response: { 200: getStartedView },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      if (actor.organizationId == null) throw notFound('You do not belong to an organization.');
      const org = await organizationsRepository.findById(db, actor.organizationId);
      if (!org) throw notFound('You do not belong to an organization.');
      return {
        id: org.id,
        name: org.name,
        type: {
          enumValue: org.type,
          name: organizationTypeNames[org.type as Exclude<OrganizationType, 99>] ?? '',
        },
        businessType: await lookupsRepository.refById(db, org.businessTypeId),
        state: await lookupsRepository.refById(db, org.stateId),
        demographic: await demographicsRepository.viewOf(db, org.id),
      };
    },
  );

  app.post(
    '/organization/getstarted/update',
    {
      // Manufacturers skip get-started (docs/product.md#screens) and see their organization read-only: its
      // champion or consultant keeps it (docs/decisions.md#assessments-getstarted). So they may not save it, name included.
      config: { access: ['admin', 'consultant', 'manufacturer-champion', 'visitor'] },
      schema: {
        summary: "Save my organization's name, business type, state and demographics",
        tags,
        body: getStartedSchema,
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const org =
        actor.organizationId == null
          ? undefined
          : await organizationsRepository.findById(db, actor.organizationId);
      if (!org) throw notFound('You do not belong to an organization.');
      await saveGetStarted(db, actor, org.id, request.body);
      return ok(undefined, messages.admin.saved);
    },
  );
}
