import { z } from 'zod';
import { type OrganizationType, organizationTypeNames } from '../../domain/codes.js';
import { messages } from '../../domain/messages.js';
import { refuseCommonPasswords } from '../../domain/rules/passwords.js';
import {
  changePasswordWithCurrentSchema,
  forgotPasswordSchema,
  forgotUserNameSchema,
  profileUpdateSchema,
  registerCheckSchema,
  registerSchema,
  resendInviteSchema,
  resetInitSchema,
  resetPasswordSchema,
  signupSchema,
} from '../../domain/schemas/account.js';
import {
  consultingFirmOptionView,
  organizationOptionView,
  profileEnvelope,
  resetLinkEnvelope,
} from '../../domain/schemas/accountView.js';
import { emptyEnvelope } from '../../domain/schemas/answers.js';
import { sessionEnvelope } from '../../domain/schemas/auth.js';
import { AttemptCounter } from '../auth/attemptCounter.js';
import { isCommonPassword } from '../auth/commonPasswords.js';
import { CurrentPasswordCheck } from '../auth/currentPassword.js';
import { FailureAllowance } from '../auth/failureAllowance.js';
import { actorOf } from '../auth/guard.js';
import { routeAndAddress } from '../auth/rateLimitStore.js';
import { accountMail } from '../commands/accountMail.js';
import { emailChange } from '../commands/emailChange.js';
import { changePasswordAndSignIn } from '../commands/passwordChange.js';
import { completeRegistration } from '../commands/setPassword.js';
import { signup } from '../commands/signup.js';
import { updateProfile } from '../commands/updateProfile.js';
import { type TokenPurpose, userTokens } from '../commands/userTokens.js';
import { fail, HttpError, notFound, ok } from '../http/envelope.js';
import type { ZodApp } from '../http/types.js';
import { presentUser } from '../presenters/user.js';
import { organizationsRepository } from '../repositories/organizations.js';
import { usersRepository } from '../repositories/users.js';
import { SharedCounters } from '../stores/sharedCounterStore.js';
import type { Deps } from './deps.js';
import { answerPasswordChange } from './passwordChangeAnswer.js';

const FIFTEEN_MINUTES = 15 * 60_000;

/** A reset link works for an active, unsuspended account only (docs/decisions.md#sign-in-links): a suspension is not undone by e-mail. */
// An inactive or suspended account's e-mailed links are dead: a link never brings an account back.
const linkWorksFor = (user: { isActive: number; isSuspended: number } | undefined) =>
  user?.isActive === 1 && user.isSuspended !== 1;
const tooMany = () => ({ statusCode: 429, message: messages.account.tooManyRequests });

/** Everything a person does with their own account (docs/product.md#screens, docs/product.md#rules, docs/product.md#rules-validation, docs/product.md#calls and docs/product.md#messages). */
export function accountRoutes(app: ZodApp, deps: Deps): void {
  const { db } = deps;
  /** The account an e-mailed link of this purpose belongs to, while the link is unused and in time. */
  const holderOf = async (token: string, purpose: TokenPurpose) => {
    const userId = await userTokens.peek(db, token, purpose);
    return userId === undefined ? undefined : usersRepository.findById(db, userId);
  };
  // Every password the server accepts (register, reset, change, one-time) skips the 10,000 commonest.
  refuseCommonPasswords(isCommonPassword);
  // Counted in the database, per route and address, so every process sharing it applies one limit.
  const perAddress = (max: number) =>
    app.rateLimit({
      max,
      timeWindow: FIFTEEN_MINUTES,
      errorResponseBuilder: tooMany,
      keyGenerator: routeAndAddress,
    });
  const counters = new SharedCounters(db);
  // Links and passwords: only failures use up an address's allowance (docs/decisions.md#sign-in-passwords), so a room of people
  // behind one address all accept their invites and reset their passwords.
  const linkFailures = new FailureAllowance(counters, 30, FIFTEEN_MINUTES, messages.account.tooManyRequests);
  // Reset and reminder mails per account: a few an hour, then silently none (the answer stays the same).
  const mailsPerAccount = new AttemptCounter(counters, 'account-mail', 3, 60 * 60_000);
  // Sign-up must say that a user name is taken (the person has to choose another), which also tells a
  // prober that the account exists (docs/decisions.md#users-name-probes): such answers are budgeted per address and for everyone.
  const takenPerAddress = new AttemptCounter(counters, 'signup-taken-address', 5, 60 * 60_000);
  const takenEverywhere = new AttemptCounter(counters, 'signup-taken', 50, 60 * 60_000);
  const currentPassword = new CurrentPasswordCheck(
    counters,
    deps.config.loginLimits.perAccount,
    FIFTEEN_MINUTES,
  );

  app.post(
    '/auth/signup',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Ask for an account; it waits for an administrator',
        tags: ['account'],
        body: signupSchema,
        response: { 200: emptyEnvelope },
      },
      preHandler: perAddress(20),
    },
    async (request) => {
      const address = routeAndAddress(request);
      // Once an address used its budget of 'taken' answers, its sign-ups are refused before the name
      // is looked at, so the refusal says nothing about the name.
      if (await takenPerAddress.isBlocked(address))
        throw new HttpError(429, messages.account.tooManyRequests);
      const { user } = request.body;
      const outcome = await signup(db, user);
      if (!outcome.ok && outcome.taken) {
        await takenPerAddress.record(address);
        if (await takenEverywhere.take('all')) return fail(outcome.message);
        // Past the budget for everyone: the answer of a sign-up that went through, and the person who
        // typed the name learns by e-mail (at most a few such mails an hour per address, after the answer).
        void (async () => {
          if (user.email && (await mailsPerAccount.take(`taken:${user.email.toLowerCase()}`)))
            await accountMail.signupNameTaken(deps, { ...user, email: user.email }, request.body.host);
        })().catch((error) => request.log.error({ err: error }, 'sign-up name-taken mail not sent'));
        return ok();
      }
      if (!outcome.ok) return fail(outcome.message);
      try {
        await accountMail.signupNotice(deps, outcome.userId, outcome.organizationName, request.body.host);
        return ok();
      } catch (error) {
        request.log.error({ err: error, userId: outcome.userId }, 'sign-up notice not sent');
        return ok(undefined, messages.account.signupNoticeFailed);
      }
    },
  );

  app.post(
    '/auth/register',
    {
      config: { access: 'public' },
      schema: {
        summary:
          'Accept an e-mailed invite: confirm the user name and set a password; answers with a session',
        description: 'password and confirmPassword (or newPassword) must be equal.',
        tags: ['account'],
        body: registerSchema,
        response: { 200: sessionEnvelope },
      },
      preHandler: linkFailures.preHandler,
    },
    async (request, reply) => {
      const { token, userName, password } = request.body;
      const user = await holderOf(token, 'invite');
      const refuse = async (message: string) => {
        await linkFailures.failed(request);
        return fail(message);
      };
      if (!user || !linkWorksFor(user)) return refuse(messages.account.linkInvalid);
      if (user.userNameKey !== (userName ?? '').toLowerCase())
        return refuse(messages.account.userNameMismatch);
      const outcome = await changePasswordAndSignIn(deps, {
        userId: user.id,
        newPassword: password,
        actorId: user.id,
        reason: 'registered',
        alsoInTransaction: async (trx) => {
          if ((await userTokens.consume(trx, token, 'invite')) !== user.id)
            return messages.account.linkInvalid;
          await completeRegistration(trx, { ...user, registrationComplete: null });
          return undefined;
        },
      });
      // A refused password (common, same as before, built on a name) needs a live link: not guessing, not counted.
      return answerPasswordChange(reply, outcome, messages.account.inviteConfirmed);
    },
  );

  app.post(
    '/auth/register/check',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Check an invite link before its form is shown; answers only whether it still works',
        description:
          'isSuccess true while the link can accept the invite; otherwise false with the invalid-link message. Nothing about the account is answered. Failures count against the address as for auth/register.',
        tags: ['account'],
        body: registerCheckSchema,
        response: { 200: emptyEnvelope },
      },
      preHandler: linkFailures.preHandler,
    },
    async (request) => {
      // Valid exactly when auth/register would take the link (docs/decisions.md#sign-in-invite-check).
      if (linkWorksFor(await holderOf(request.body.token, 'invite'))) return ok();
      await linkFailures.failed(request);
      return fail(messages.account.linkInvalid);
    },
  );

  app.post(
    '/auth/forgotpassword',
    {
      config: { access: 'public' },
      schema: {
        summary: 'E-mail a password reset link; answers the same whether or not the account exists',
        tags: ['account'],
        body: forgotPasswordSchema,
        response: { 200: emptyEnvelope },
      },
      preHandler: perAddress(10),
    },
    async (request) => {
      const { userName, email, host } = request.body;
      const user = await usersRepository.findByUserName(db, userName);
      const matches =
        user?.email &&
        user.email.toLowerCase() === email.toLowerCase() &&
        user.isActive === 1 &&
        // A suspended account gets no reset mail; the answer is the same as for an unknown one (docs/decisions.md#users-field-policy).
        user.isSuspended !== 1 &&
        user.registrationComplete;
      const key = `reset:${userName.toLowerCase()}`;
      if (matches && user?.email) {
        const to = { id: user.id, fullName: user.fullName, email: user.email };
        // After the answer, never awaited: the answer and its timing are the same for every account
        // (the mail limit is counted after it too).
        void (async () => {
          if (await mailsPerAccount.take(key)) await accountMail.resetPassword(deps, to, host);
        })().catch((error) => request.log.error({ err: error, userId: user.id }, 'reset mail not sent'));
      }
      return ok(undefined, messages.account.forgotPasswordSent);
    },
  );

  app.post(
    '/auth/forgotUsername',
    {
      config: { access: 'public' },
      schema: {
        summary: 'E-mail the user names that use an address; the same answer either way',
        tags: ['account'],
        body: forgotUserNameSchema,
        response: { 200: emptyEnvelope },
      },
      preHandler: perAddress(10),
    },
    async (request) => {
      const { email, host } = request.body;
      const users = await usersRepository.activeByEmail(db, email);
      const key = `names:${email.toLowerCase()}`;
      if (users.length > 0) {
        // After the answer, never awaited (as for forgot password).
        void (async () => {
          if (await mailsPerAccount.take(key)) await accountMail.userNameReminder(deps, email, users, host);
        })().catch((error) => request.log.error({ err: error }, 'user name reminder not sent'));
      }
      return ok(undefined, messages.account.forgotUserNameSent);
    },
  );

  app.post(
    '/auth/confirmemail',
    {
      config: { access: 'public' },
      schema: {
        summary:
          'Confirm a new e-mail address of the account (asked for on My Profile), with the mailed link',
        tags: ['account'],
        body: resetInitSchema,
        response: { 200: emptyEnvelope },
      },
      preHandler: perAddress(30),
    },
    async (request) => {
      const outcome = await emailChange.confirm(db, request.body.token);
      return outcome.ok ? ok(undefined, outcome.message) : fail(outcome.message);
    },
  );

  app.post(
    '/auth/resetpassword/init',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Check a reset link; data holds its user name',
        tags: ['account'],
        body: resetInitSchema,
        response: { 200: resetLinkEnvelope },
      },
      preHandler: linkFailures.preHandler,
    },
    async (request) => {
      const user = await holderOf(request.body.token, 'reset');
      if (user && linkWorksFor(user)) return ok({ userName: user.userName });
      await linkFailures.failed(request);
      return fail(messages.account.linkInvalid);
    },
  );

  app.post(
    '/auth/resetpassword',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Set a new password with a reset link; answers with a session',
        description:
          "password and confirmPassword (or newPassword) must be equal; userName, when given, must be the link's.",
        tags: ['account'],
        body: resetPasswordSchema,
        response: { 200: sessionEnvelope },
      },
      preHandler: linkFailures.preHandler,
    },
    async (request, reply) => {
      const { token, userName, password } = request.body;
      const user = await holderOf(token, 'reset');
      const refuse = async (message: string) => {
        await linkFailures.failed(request);
        return fail(message);
      };
      if (!user || !linkWorksFor(user)) return refuse(messages.account.linkInvalid);
      if (userName && user.userNameKey !== userName.toLowerCase())
        return refuse(messages.account.userNameMismatch);
      const outcome = await changePasswordAndSignIn(deps, {
        userId: user.id,
        newPassword: password,
        actorId: user.id,
        reason: 'password-reset',
        alsoInTransaction: async (trx) =>
          (await userTokens.consume(trx, token, 'reset')) === user.id
            ? undefined
            : messages.account.linkInvalid,
      });
      // As for register: a refused password is not a failed guess.
      return answerPasswordChange(reply, outcome, messages.account.passwordReset);
    },
  );

  app.post(
    '/auth/changepassword',
    {
      config: { access: 'authenticated' },
      schema: {
        summary: "Change the signed-in user's password; answers with a fresh session (older ones end)",
        description:
          'oldPassword (the current password) is required: without it the answer is 400, with a wrong one ' +
          'isSuccess false. newPassword and confirmPassword must be equal. A forced change after a one-time ' +
          'passcode uses auth/changepassword/onetime, which needs no oldPassword.',
        tags: ['account'],
        body: changePasswordWithCurrentSchema,
        response: { 200: sessionEnvelope },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const user = await usersRepository.findById(db, actor.userId);
      if (!user) throw notFound();
      if (!(await currentPassword.matches(actor.userId, user.passwordHash, request.body.oldPassword)))
        return fail(messages.account.wrongCurrentPassword);
      const outcome = await changePasswordAndSignIn(deps, {
        userId: actor.userId,
        newPassword: request.body.newPassword,
        actorId: actor.userId,
        reason: 'password-changed',
      });
      return answerPasswordChange(reply, outcome, messages.auth.passwordUpdated);
    },
  );

  app.post(
    '/auth/profile/update',
    {
      config: { access: 'authenticated' },
      schema: {
        summary: "Save the signed-in user's own profile",
        description:
          'The user name, group and organization are not changed here. Changing the e-mail address needs currentPassword (400 when missing or wrong; wrong ones count against the same per-account limit as auth/changepassword, then 429). A new address applies once the link e-mailed to it is confirmed (auth/confirmemail); the old address is told at once. A cleared address (where the profile allows none) applies at once, and the old address is told.',
        tags: ['account'],
        body: profileUpdateSchema,
        response: { 200: profileEnvelope },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const { note } = await updateProfile(deps, currentPassword, actor, request.body, (error) =>
        request.log.error({ err: error, userId: actor.userId }, 'e-mail change mail not sent'),
      );
      const row = await usersRepository.findDetailById(db, actor.userId);
      if (!row) throw notFound();
      return ok(
        presentUser(row, { self: true, admin: actor.role === 'admin' }),
        `${messages.account.profileSaved}${note}`,
      );
    },
  );

  app.post(
    '/admin/user/resendinvite',
    {
      config: { access: ['admin'] },
      schema: {
        summary: 'Send or re-send the invite of a pending or visitor user',
        tags: ['users'],
        body: resendInviteSchema,
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const exists = await usersRepository.findById(db, request.body.user.id);
      if (!exists) throw notFound('The user was not found.');
      try {
        const outcome = await accountMail.invite(deps, request.body.user.id, actor.userId, request.body.host);
        return outcome.ok ? ok(undefined, outcome.message) : fail(outcome.message);
      } catch (error) {
        request.log.error({ err: error, userId: request.body.user.id }, 'invite not sent');
        return fail(messages.account.inviteResendFailure);
      }
    },
  );

  app.get(
    '/organization/consultingfirms',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Active consulting firms (for the Referred By and consulting firm pickers)',
        tags: ['organizations'],
        response: { 200: z.array(consultingFirmOptionView) },
      },
    },
    async () =>
      (await organizationsRepository.consultingFirms(db)).map((f) => ({
        id: f.id,
        name: f.name,
        state:
          f.stateId != null && f.stateName ? { id: f.stateId, name: f.stateName, code: f.stateCode } : null,
      })),
  );

  app.get(
    '/admin/organization/all',
    {
      config: { access: ['admin'] },
      schema: {
        summary: 'Every organization with its type',
        tags: ['organizations'],
        response: { 200: z.array(organizationOptionView) },
      },
    },
    async () =>
      (await organizationsRepository.all(db)).map((o) => ({
        id: o.id,
        name: o.name,
        type: {
          enumValue: o.type,
          name: organizationTypeNames[o.type as Exclude<OrganizationType, 99>] ?? '',
        },
        isActive: o.isActive === 1,
      })),
  );
}
