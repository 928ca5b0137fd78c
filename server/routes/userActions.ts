import { messages } from '../../domain/messages.js';
import {
  canDeleteUser,
  canIssuePasscode,
  canResetCredentials,
  signInRefusal,
} from '../../domain/policies/users.js';
import { emptyEnvelope } from '../../domain/schemas/answers.js';
import { idBodySchema } from '../../domain/schemas/content.js';
import { oneTimePasscodeAnswerSchema, userConvertedSchema } from '../../domain/schemas/user.js';
import { conversionSchema, oneTimePasscodeSchema } from '../../domain/schemas/userAdmin.js';
import { reachableUser } from '../access/userReach.js';
import { actorOf } from '../auth/guard.js';
import { convertVisitor } from '../commands/convertVisitor.js';
import { deleteUser } from '../commands/deleteUser.js';
import { emailChange } from '../commands/emailChange.js';
import { issuePasscode } from '../commands/issuePasscode.js';
import { fail, ok } from '../http/envelope.js';
import { idempotencyOf } from '../http/idempotency.js';
import type { ZodApp } from '../http/types.js';
import type { Deps } from './deps.js';

const admins = { access: ['admin'] } as const;

/** Admin users (docs/product.md#calls): delete, convert and one-time passcodes. */
export function userActionRoutes(app: ZodApp, deps: Deps): void {
  const { db } = deps;
  const idempotency = idempotencyOf(db);
  const converted = ({ organizationId }: { organizationId: number }) =>
    ok({ organizationId }, messages.users.converted);

  app.post(
    '/admin/user/visitor/delete',
    {
      config: admins,
      schema: {
        summary: 'Delete a user with their assessment results, invites, links and passcodes',
        description: 'Nobody deletes themselves (isSuccess false). It cannot be undone.',
        tags: ['users'],
        body: idBodySchema,
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const user = await reachableUser(db, actor, request.body.id);
      if (!canDeleteUser(actor, user)) return fail(messages.users.cannotDeleteSelf);
      await deleteUser(db, actor.userId, user);
      return ok(undefined, messages.admin.deleted);
    },
  );

  app.post(
    '/admin/user/visitor/convert',
    {
      config: admins,
      schema: {
        summary: 'Convert a visitor into a consultant or a manufacturer user of an organization',
        description:
          "The organization's type decides: a consulting firm makes a consultant, a manufacturer a manufacturer " +
          'user (functionalRole required). For a manufacturer, consultingFirm (optional) becomes the firm working ' +
          'with it, and the trial results become current-state results of the manufacturer, the latest on a ' +
          "current-state invite. Fields left out keep the visitor's values. data: { organizationId }. It cannot be undone.",
        tags: ['users'],
        body: conversionSchema,
        response: { 200: userConvertedSchema },
      },
    },
    async (request, reply) =>
      idempotency.run(request, reply, async (key) => {
        const actor = actorOf(request);
        const user = await reachableUser(db, actor, request.body.id);
        const outcome = await convertVisitor(db, actor, user, request.body, key?.keep(converted));
        if (!outcome.ok) return fail(outcome.message);
        if (outcome.emailChanged)
          await emailChange
            .notify(deps, outcome.emailChanged, actor.userId, request.body.host)
            .catch((error) =>
              request.log.error({ err: error, userId: user.id }, 'e-mail change notice not sent'),
            );
        return converted(outcome);
      }),
  );

  app.post(
    '/admin/user/onetimepasscode',
    {
      config: admins,
      schema: {
        summary: 'Issue a one-time passcode to sign in with once; data is the passcode',
        description:
          'Ten characters, valid for 10 minutes and 5 sign-in attempts, single use; signing in with it forces a ' +
          'password change, and the first password completes the registration. Only for another active, unsuspended ' +
          'user: one who has not yet set a password qualifies (the invite may never have arrived), except a self ' +
          'sign-up awaiting approval, until an invite is sent to them. ' +
          'A new passcode voids the older ones.',
        tags: ['users'],
        body: oneTimePasscodeSchema,
        response: { 200: oneTimePasscodeAnswerSchema },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const user = await reachableUser(db, actor, request.body.user.id);
      if (!canResetCredentials(actor, user)) return fail(messages.users.noPasscodeForSelf);
      if (!canIssuePasscode(actor, user))
        return fail(
          signInRefusal(user) === 'pending'
            ? messages.signIn.passcodeAwaitsApproval
            : messages.users.passcodeNeedsActiveUser,
        );
      const code = await issuePasscode(db, actor.userId, user.id);
      return ok(code, messages.users.otpGenerated(code));
    },
  );
}
