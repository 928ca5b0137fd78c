import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { OrganizationType, organizationTypeNames } from '../../domain/codes.js';
import { messages } from '../../domain/messages.js';
import {
  canCreateOrganization,
  canDeactivateOrganization,
  canListOrganizations,
  canReachOrganization,
} from '../../domain/policies/organizations.js';
import { consultantFirmOf, reachFirmOf } from '../../domain/rules/consultantReach.js';
import { organizationSortColumns } from '../../domain/rules/organizationLists.js';
import { REMINDER_LIMITS } from '../../domain/rules/reminders.js';
import { emptyEnvelope } from '../../domain/schemas/answers.js';
import { listSearchSchema, listSortSchemaOf } from '../../domain/schemas/common.js';
import { idBodySchema } from '../../domain/schemas/content.js';
import { organizationSaveSchema } from '../../domain/schemas/organizationForm.js';
import {
  type OrganizationView,
  organizationPageSchema,
  organizationSavedSchema,
  organizationViewSchema,
} from '../../domain/schemas/organizationView.js';
import { type Actor, actorOf } from '../auth/guard.js';
import { nameProbeLimits } from '../auth/nameProbes.js';
import { sendAssessmentInvite } from '../commands/assessmentInviteMail.js';
import { cachedOrganization, type KeptOrganization } from '../commands/cachedOrganizations.js';
import { deactivateOrganization } from '../commands/deactivateOrganization.js';
import { emailChange } from '../commands/emailChange.js';
import { saveOrganization } from '../commands/saveOrganization.js';
import type { LookMark } from '../db/commitLooks.js';
import { badRequest, fail, forbidden, JSON_TYPE, notFound, ok } from '../http/envelope.js';
import { idempotencyOf } from '../http/idempotency.js';
import { keptPages } from '../http/keptPages.js';
import { preserialized } from '../http/preserialized.js';
import type { ZodApp } from '../http/types.js';
import { inviteMailBudget } from '../http/writeLimits.js';
import { presentOrganizationListRow } from '../presenters/organization.js';
import { organizationDetails } from '../repositories/organizationDetails.js';
import { organizationsRepository } from '../repositories/organizations.js';
import type { Deps } from './deps.js';

const tags = ['organizations'];
/** The tables an organization page reads: organizations (and their firms), the names of their
 * lookups, their roadmaps (status, benchmark) and demographics (HQ region). */
const organizationPages = keptPages(['organizations', 'lookup_items', 'roadmaps', 'demographics']);
const managers = { access: ['admin', 'consultant', 'manufacturer-champion'] } as const;
const creators = { access: ['admin', 'consultant'] } as const;

const organizationSearchSchema = listSearchSchema.extend({
  /** The order; by name, A to Z, without it (docs/decisions.md#web-list-sorting). */
  sort: listSortSchemaOf(organizationSortColumns).nullish(),
  type: z.coerce.number().int().nullish(),
  unassigned: z
    .union([z.boolean(), z.string()])
    .nullish()
    .transform((v) => v === true || v === 'unassigned' || v === 'true'),
});

/** admin/organization/* (docs/product.md#calls): the lists, the form's loads and saves, deactivation. */
export function organizationRoutes(app: ZodApp, deps: Deps): void {
  const { db } = deps;
  const idempotency = idempotencyOf(db);
  const nameProbesOf = nameProbeLimits(db);
  const mayMailInvite = inviteMailBudget(db, deps.config.writeLimitFactor);
  const savedAnswer = ({ id }: { id: number }) => ok({ id }, messages.admin.saved);

  /**
   * The organization as its form shows it (kept, with its bytes), after the caller's reach is checked;
   * `since`: the request's arrival mark (db/commitLooks.ts).
   */
  const keptOf = async (actor: Actor, id: number, since?: LookMark): Promise<KeptOrganization> => {
    const kept = await cachedOrganization(db, String(id), since);
    if (!kept) throw notFound(messages.admin.itemNotFound);
    if (!canReachOrganization(actor, kept.row)) throw forbidden(messages.organization.notReachable);
    return kept;
  };
  const viewOf = async (actor: Actor, id: number, since?: LookMark) => (await keptOf(actor, id, since)).view;
  const formOf = async (request: FastifyRequest, id: number, reply: FastifyReply) =>
    reply
      .type(JSON_TYPE)
      .send(preserialized<OrganizationView>((await keptOf(actorOf(request), id, request.arrivalMark)).json));

  for (const path of ['/admin/organization/search', '/admin/organization/search/bytype']) {
    app.post(
      path,
      {
        config: creators,
        schema: {
          summary: 'Search organizations (by type, unassigned)',
          tags,
          body: organizationSearchSchema,
          response: { 200: organizationPageSchema },
        },
      },
      async (request, reply) => {
        const actor = actorOf(request);
        const type = request.body.type ?? null;
        if (!canListOrganizations(actor, type)) throw forbidden();
        return organizationPages(db, request, reply, async () => {
          const { rows, count } = await organizationDetails.search(db, {
            ...request.body,
            type,
            // A consultant's list holds the manufacturers their firm works with, and nothing else.
            consultingFirmId: reachFirmOf(actor) ?? null,
          });
          return { data: rows.map(presentOrganizationListRow), count };
        });
      },
    );
  }

  app.post(
    '/admin/organization/getbyid',
    {
      config: managers,
      schema: {
        summary: 'One organization',
        tags,
        body: idBodySchema,
        response: { 200: organizationViewSchema },
      },
    },
    async (request, reply) => formOf(request, request.body.id, reply),
  );

  app.get(
    '/admin/organization/mine',
    {
      config: managers,
      schema: {
        summary: "The caller's own organization",
        tags,
        response: { 200: organizationViewSchema },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      if (actor.organizationId == null) throw notFound('You do not belong to an organization.');
      return formOf(request, actor.organizationId, reply);
    },
  );

  app.post(
    '/admin/organization/copy',
    {
      config: creators,
      schema: {
        summary: 'A new organization copied from one (not saved)',
        tags,
        body: idBodySchema,
        response: { 200: organizationViewSchema },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const source = await viewOf(actor, request.body.id, request.arrivalMark);
      if (!canCreateOrganization(actor, source.type.enumValue)) throw forbidden();
      return {
        ...source,
        id: null,
        name: `${source.name} (Copy)`,
        originalName: null,
        isActive: true,
        legacyId: null,
        activeUserCount: 0,
        roadmap: source.roadmap ? { ...source.roadmap, benchmark: null } : null,
      };
    },
  );

  app.post(
    '/admin/organization/init',
    {
      config: creators,
      schema: {
        summary: 'A blank organization of a type',
        description: 'The body is the organization type lookup (its enumValue), or { type: { enumValue } }.',
        tags,
        body: z.object({
          enumValue: z.coerce.number().int().nullish(),
          type: z.object({ enumValue: z.coerce.number().int() }).nullish(),
        }),
        response: { 200: organizationViewSchema },
      },
    },
    async (request): Promise<OrganizationView> => {
      const actor = actorOf(request);
      const type = request.body.enumValue ?? request.body.type?.enumValue ?? OrganizationType.Manufacturer;
      if (!(type in organizationTypeNames)) throw badRequest('type: not an organization type.');
      if (!canCreateOrganization(actor, type)) throw forbidden();
      return blankOrganization(actor, type);
    },
  );

  const blankOrganization = async (actor: Actor, type: number): Promise<OrganizationView> => {
    const manufacturer = type === OrganizationType.Manufacturer;
    const firmId = consultantFirmOf(actor);
    const [aliases, assessments, status, firm] = await Promise.all([
      organizationDetails.aliases(db, null),
      organizationDetails.roadmapAssessments(db),
      organizationsRepository.firstRoadmapStatus(db),
      firmId != null ? organizationDetails.findById(db, firmId) : undefined,
    ]);
    const pick = (a: { id: number; name: string; code: string } | null) =>
      a ? { id: a.id, name: a.name, code: a.code } : null;
    return {
      id: null,
      name: '',
      originalName: null,
      type: { enumValue: type, name: organizationTypeNames[type as Exclude<OrganizationType, 99>] },
      businessType: null,
      state: null,
      demographic: null,
      consultingFirm: manufacturer && firm ? { id: firm.id, name: firm.name, state: null } : null,
      referredBy: null,
      referredByOther: null,
      excludeFromBenchmark: false,
      anonymizeResults: false,
      remindersEnabled: false,
      reminderEveryDays: REMINDER_LIMITS.everyDays.default,
      maxReminders: REMINDER_LIMITS.maxReminders.default,
      functionalRoleAliases: manufacturer ? aliases : [],
      roadmap: manufacturer
        ? {
            status: status ? { id: status.id, name: status.name, code: 'PreAssessment' } : null,
            benchmark: null,
            currentStateAssessment: pick(assessments.current),
            futureStateAssessment: pick(assessments.future),
          }
        : null,
      isActive: true,
      legacyId: null,
      activeUserCount: 0,
    };
  };

  for (const mode of ['add', 'update'] as const) {
    app.post(
      `/admin/organization/${mode}`,
      {
        config: { access: mode === 'add' ? creators.access : managers.access },
        schema: {
          summary:
            mode === 'add'
              ? 'Create an organization with its users and invites'
              : 'Save an organization with its users and invites',
          description:
            "One transaction: the organization, demographics, roadmap, aliases, users (negative ids = new) and invites (negative ids = new; respondent may be a new user). Invites with sendInvite are e-mailed after the commit. Users rows follow the one field policy (domain/policies/userFields.ts): a consulting firm's people are the admins'; only an admin changes the e-mail of someone who has an account (others may correct it for a person who never registered: their invite goes again to the new address) and only an admin re-activates a removed person; a refused row answers 403 (400 for one's own row) and nothing is saved. Every row written is validated, active or not. The old address is told of every e-mail change. Under Anonymize Results only an admin changes a saved invite's excludeFromReport (anyone else 403, nothing saved; sending the saved value is no change).",
          tags,
          body: organizationSaveSchema,
          response: { 200: organizationSavedSchema },
        },
      },
      async (request, reply) =>
        idempotency.run(request, reply, async (key) => {
          const actor = actorOf(request);
          const outcome = await saveOrganization(
            db,
            actor,
            request.body,
            mode,
            key?.keep(savedAnswer),
            nameProbesOf(actor),
          );
          if (!outcome.ok) return fail(outcome.message);
          let failed = 0;
          let limited = 0;
          for (const inviteId of outcome.inviteIdsToSend) {
            // Saving again with Invite ticked e-mails a saved invite again: the re-send budget holds.
            if (!(await mayMailInvite(actor.userId, inviteId))) {
              limited++;
              continue;
            }
            try {
              const sent = await sendAssessmentInvite(deps, inviteId, actor.userId, request.body.host);
              if (!sent.ok) failed++;
            } catch (error) {
              failed++;
              request.log.error({ err: error, inviteId }, 'assessment invite not sent');
            }
          }
          const note =
            (failed
              ? ` ${failed} invite${failed === 1 ? '' : 's'} could not be sent; use Resend Invite to try again.`
              : '') + (limited ? ` ${limited} not e-mailed again: ${messages.limits.sameInvite}` : '');
          let emailNote = '';
          for (const change of outcome.emailChanges) {
            try {
              await emailChange.notify(deps, change, actor.userId, request.body.host);
            } catch (error) {
              request.log.error({ err: error, userId: change.userId }, 'e-mail change notice not sent');
              emailNote = ` ${messages.account.emailChangeNoticeNotSent}`;
            }
          }
          return ok({ id: outcome.id }, `${messages.admin.saved}${note}${emailNote}`);
        }),
    );
  }

  app.post(
    '/admin/organization/delete',
    {
      config: { access: ['admin'] },
      schema: {
        summary: 'Deactivate a consulting firm',
        tags,
        body: idBodySchema,
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const row = await organizationDetails.findById(db, request.body.id);
      if (!row) throw notFound(messages.admin.itemNotFound);
      if (!canDeactivateOrganization(actor, { ...row, isActive: row.isActive === 1 }))
        return fail('Only active consulting firms can be deactivated.');
      await deactivateOrganization(db, actor.userId, row.id);
      return ok(undefined, messages.admin.deactivated);
    },
  );
}
