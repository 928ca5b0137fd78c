import { z } from 'zod';
import { LookupType, type OrganizationType, organizationTypeNames } from '../../domain/codes.js';
import { messages } from '../../domain/messages.js';
import { businessTypeOwner } from '../../domain/rules/groups.js';
import { asksForOtherIndustry, asksForState, getStartedSchema } from '../../domain/schemas/organization.js';
import { actorOf } from '../auth/guard.js';
import { assertLookupRefs } from '../commands/lookupRefs.js';
import { nowIso } from '../db/clock.js';
import { notFound, ok } from '../http/envelope.js';
import type { ZodApp } from '../http/types.js';
import { auditRepository } from '../repositories/audit.js';
import { demographicRefChecks, demographicsRepository } from '../repositories/demographics.js';
import type { Deps } from './deps.js';

const tags = ['assessments'];
const signedIn = { access: 'authenticated' } as const;

/** The get-started step before an assessment (SPEC.md section 2 '/getstarted'): the caller's own organization. */
export function getStartedRoutes(app: ZodApp, { db }: Deps): void {
  const lookupRef = async (id: number | null | undefined) => {
    if (id == null) return null;
    const row = await db
      .selectFrom('lookupItems')
      .select(['id', 'name', 'code'])
      .where('id', '=', id)
      .executeTakeFirst();
    return row ?? null;
  };
  const refs = (ids: number[]) =>
    ids.length
      ? db
          .selectFrom('lookupItems')
          .select(['id', 'name', 'code'])
          .where('id', 'in', ids)
          .orderBy('displayOrder')
          .execute()
      : Promise.resolve([]);

  app.post(
    '/organization/getstarted/mine',
    {
      config: signedIn,
      schema: { summary: 'My organization with its demographics', tags, body: z.unknown() },
    },
    async (request) => {
      const actor = actorOf(request);
      if (actor.organizationId == null) throw notFound('You do not belong to an organization.');
      const org = await db
        .selectFrom('organizations')
        .selectAll()
        .where('id', '=', actor.organizationId)
        .executeTakeFirst();
      if (!org) throw notFound('You do not belong to an organization.');
      return {
        id: org.id,
        name: org.name,
        type: {
          enumValue: org.type,
          name: organizationTypeNames[org.type as Exclude<OrganizationType, 99>] ?? '',
        },
        businessType: await lookupRef(org.businessTypeId),
        state: await lookupRef(org.stateId),
        demographic: await demographicsRepository.viewOf(db, org.id),
      };
    },
  );

  app.post(
    '/organization/getstarted/update',
    {
      // Manufacturers skip get-started (SPEC.md section 2) and see their organization read-only: its
      // champion or consultant keeps it (docs/decisions.md). So they may not save it, name included.
      config: { access: ['admin', 'consultant', 'manufacturer-champion', 'visitor'] },
      schema: {
        summary: "Save my organization's name, business type, state and demographics",
        tags,
        body: getStartedSchema,
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const input = request.body;
      const org =
        actor.organizationId == null
          ? undefined
          : await db
              .selectFrom('organizations')
              .select(['id', 'type'])
              .where('id', '=', actor.organizationId)
              .executeTakeFirst();
      if (!org) throw notFound('You do not belong to an organization.');
      const d = input.demographic;
      await assertLookupRefs(db, [
        {
          field: 'businessType',
          id: input.businessType.id,
          type: LookupType.BusinessType,
          organizationType: businessTypeOwner(actor.group),
        },
        { field: 'state', id: input.state?.id, type: LookupType.State },
        ...demographicRefChecks(d),
      ]);
      // The state belongs only to a North American headquarters, the free text only to the 'other' industry.
      const region = await lookupRef(d.hqRegion.id);
      const industryCodes = (await refs(d.industries.map((r) => r.id))).map((r) => r.code);
      const stateId = asksForState(region?.code) ? (input.state?.id ?? null) : null;
      const demographic = {
        ...d,
        otherIndustry: asksForOtherIndustry(industryCodes) ? d.otherIndustry : null,
      };
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('organizations')
          .set({
            name: input.name,
            businessTypeId: input.businessType.id,
            stateId,
            updatedAt: nowIso(),
            updatedBy: actor.userId,
          })
          .where('id', '=', org.id)
          .execute();
        await demographicsRepository.save(trx, org.id, demographic);
        await auditRepository.record(trx, {
          actorId: actor.userId,
          action: 'get-started',
          entity: 'organization',
          entityId: org.id,
        });
      });
      return ok(undefined, messages.admin.saved);
    },
  );
}
