import { z } from 'zod';
import type { RoadmapStatusCode } from '../../domain/codes.js';
import { messages } from '../../domain/messages.js';
import { canManageUsersOf, canReachOrganization } from '../../domain/policies/organizations.js';
import { canDeleteInvite, invitesEditable, invitesLockedMessage } from '../../domain/rules/organizations.js';
import { hostField } from '../../domain/schemas/account.js';
import { emptyEnvelope } from '../../domain/schemas/answers.js';
import { listSearchSchema } from '../../domain/schemas/common.js';
import { idBodySchema } from '../../domain/schemas/content.js';
import {
  assessmentInvitePageSchema,
  organizationUserPageSchema,
} from '../../domain/schemas/organizationView.js';
import { type Actor, actorOf } from '../auth/guard.js';
import { sendAssessmentInvite } from '../commands/assessmentInviteMail.js';
import { deleteInvite } from '../commands/deleteInvite.js';
import { fail, forbidden, notFound, ok } from '../http/envelope.js';
import type { ZodApp } from '../http/types.js';
import { presentAssessmentInvite, presentOrganizationUser } from '../presenters/organization.js';
import { assessmentInvitesRepository } from '../repositories/assessmentInvites.js';
import { organizationDetails } from '../repositories/organizationDetails.js';
import { usersRepository } from '../repositories/users.js';
import type { Deps } from './deps.js';

const managers = { access: ['admin', 'consultant', 'manufacturer-champion'] } as const;
const byOrgSchema = listSearchSchema.extend({ organizationId: z.coerce.number().int() });
const anonymizedRows =
  "Under the organization's Anonymize Results, a completed invite's assessmentResult carries its completionDateTime but no id, except for admins and the invitee.";

/**
 * The organization form's users and invites (docs/product.md#calls): admin/user/search/byorg[/mine],
 * admin/assessmentInvite/search/byorg[/mine], admin/assessmentinvite/sendinvite and delete.
 */
export function organizationMemberRoutes(app: ZodApp, deps: Deps): void {
  const { db } = deps;

  /** The organization, once the caller's reach is established. */
  const reachable = async (actor: Actor, id: number | null | undefined) => {
    const row = id == null ? undefined : await organizationDetails.findById(db, id);
    if (!row) throw notFound(messages.admin.itemNotFound);
    if (!canReachOrganization(actor, row)) throw forbidden(messages.organization.notReachable);
    return row;
  };

  const usersOf = async (
    actor: Actor,
    organizationId: number | null,
    search: z.infer<typeof listSearchSchema>,
  ) => {
    const org = await reachable(actor, organizationId);
    if (!canManageUsersOf(actor, org)) throw forbidden(messages.organization.notPermittedToAddUser);
    const { rows, count } = await usersRepository.ofOrganization(db, org.id, search);
    return { data: rows.map(presentOrganizationUser), count };
  };
  const invitesOf = async (
    actor: Actor,
    organizationId: number | null,
    search: z.infer<typeof listSearchSchema>,
  ) => {
    const org = await reachable(actor, organizationId);
    const { rows, count } = await assessmentInvitesRepository.ofOrganization(db, org.id, search);
    return { data: rows.map((row) => presentAssessmentInvite(row, actor)), count };
  };

  app.post(
    '/admin/user/search/byorg',
    {
      config: managers,
      schema: {
        summary: "An organization's users",
        tags: ['users'],
        body: byOrgSchema,
        response: { 200: organizationUserPageSchema },
      },
    },
    async (request) => usersOf(actorOf(request), request.body.organizationId, request.body),
  );
  app.post(
    '/admin/user/search/byorg/mine',
    {
      config: managers,
      schema: {
        summary: "My organization's users",
        tags: ['users'],
        body: listSearchSchema,
        response: { 200: organizationUserPageSchema },
      },
    },
    async (request) => usersOf(actorOf(request), actorOf(request).organizationId, request.body),
  );
  app.post(
    '/admin/assessmentInvite/search/byorg',
    {
      config: managers,
      schema: {
        summary: "An organization's assessment invites",
        description: anonymizedRows,
        tags: ['invites'],
        body: byOrgSchema,
        response: { 200: assessmentInvitePageSchema },
      },
    },
    async (request) => invitesOf(actorOf(request), request.body.organizationId, request.body),
  );
  app.post(
    '/admin/assessmentInvite/search/byorg/mine',
    {
      config: managers,
      schema: {
        summary: "My organization's assessment invites",
        description: anonymizedRows,
        tags: ['invites'],
        body: listSearchSchema,
        response: { 200: assessmentInvitePageSchema },
      },
    },
    async (request) => invitesOf(actorOf(request), actorOf(request).organizationId, request.body),
  );

  /** The invite, once the caller's reach over its organization is established. */
  const reachableInvite = async (actor: Actor, id: number) => {
    const invite = await assessmentInvitesRepository.findById(db, id);
    if (invite?.isActive !== 1) throw notFound('The invite was not found.');
    const org = await reachable(actor, invite.organizationId);
    return { invite, org };
  };

  app.post(
    '/admin/assessmentinvite/sendinvite',
    {
      config: managers,
      schema: {
        summary: 'E-mail (or re-send) an assessment invite now',
        tags: ['invites'],
        body: z.object({ invite: z.object({ id: z.coerce.number().int() }), host: hostField }),
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      await reachableInvite(actor, request.body.invite.id);
      try {
        const outcome = await sendAssessmentInvite(
          deps,
          request.body.invite.id,
          actor.userId,
          request.body.host,
        );
        return outcome.ok ? ok(undefined, outcome.message) : fail(outcome.message);
      } catch (error) {
        request.log.error({ err: error, inviteId: request.body.invite.id }, 'assessment invite not sent');
        return fail(messages.organization.inviteResendFailure);
      }
    },
  );

  app.post(
    '/admin/assessmentinvite/delete',
    {
      config: managers,
      schema: {
        summary: 'Delete (deactivate) an assessment invite without a result',
        tags: ['invites'],
        body: idBodySchema,
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const { invite, org } = await reachableInvite(actor, request.body.id);
      if (!canDeleteInvite({ isActive: invite.isActive === 1, hasResult: invite.resultId != null }))
        return fail(messages.organization.inviteHasResult);
      if (!invitesEditable(invite.assessmentType, org.roadmapStatusCode as RoadmapStatusCode | null))
        return fail(invitesLockedMessage(invite.assessmentType));
      await deleteInvite(db, actor.userId, invite.id);
      return ok(undefined, messages.admin.deleted);
    },
  );
}
