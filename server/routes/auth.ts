import { z } from 'zod';
import { messages } from '../../domain/messages.js';
import { profileView } from '../../domain/schemas/accountView.js';
import { envelopeOf } from '../../domain/schemas/answers.js';
import { changePasswordSchema, loginSchema, sessionEnvelope } from '../../domain/schemas/auth.js';
import { actorOf, callerDetailOf, EXTEND_HEADER } from '../auth/guard.js';
import { LoginThrottle } from '../auth/loginThrottle.js';
import { changePasswordAndSignIn } from '../commands/passwordChange.js';
import { login } from '../commands/session.js';
import { completeRegistration } from '../commands/setPassword.js';
import { fail, forbidden, HttpError, JSON_TYPE, ok } from '../http/envelope.js';
import type { ZodApp } from '../http/types.js';
import { usersRepository } from '../repositories/users.js';
import type { Deps } from './deps.js';
import { answerPasswordChange } from './passwordChangeAnswer.js';
import { userViewBytes } from './userViewBytes.js';

export function authRoutes(app: ZodApp, { db, tokens, config }: Deps): void {
  const window = config.loginLimits.windowMs;
  const throttle = new LoginThrottle(db, {
    perAddress: config.loginLimits.perAddress,
    perAccountAndAddress: config.loginLimits.perAccount,
    windowMs: window,
    perAccountPerHour: config.loginLimits.perAccountPerHour,
  });
  app.post(
    '/auth/login',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Sign in with user name and password',
        tags: ['auth'],
        body: loginSchema,
        response: { 200: sessionEnvelope },
      },
    },
    // Guessing is limited per address, per account and address and per account from everywhere
    // (failures only: a workshop behind one address all sign in, docs/decisions.md#sign-in-limits), so neither many names from
    // one place nor one name from many places gets far, and no attacker can lock the owner out
    // (LoginThrottle). The pre-check refuses before the password is checked.
    async (request) => {
      const { userName, password } = request.body;
      if (!(await throttle.allows(userName, request.ip)))
        throw new HttpError(429, messages.login.tooManyAttempts);
      const outcome = await login(db, tokens, userName, password);
      if (!outcome.ok) {
        await throttle.failed(userName, request.ip);
        request.log.info({ userName }, 'login refused');
        return fail(outcome.message);
      }
      await throttle.succeeded(userName, request.ip);
      return ok(outcome.data);
    },
  );

  app.post(
    '/auth/logout',
    {
      config: { access: 'authenticated', allowedBeforePasswordChange: true },
      schema: {
        summary:
          'End the session on the server: the token stops working at once, and so do the sessions on every other device',
        tags: ['auth'],
        response: { 200: envelopeOf(z.literal(true)) },
      },
    },
    async (request, reply) => {
      // A moved-on token version revokes every token of the user; nothing per-process to share.
      await usersRepository.endSessions(db, actorOf(request).userId);
      reply.removeHeader(EXTEND_HEADER); // the guard's renewal belongs to the session just ended
      request.log.info({ userId: actorOf(request).userId }, 'logged out');
      return ok(true);
    },
  );

  app.post(
    '/auth/checkToken',
    {
      config: { access: 'authenticated', allowedBeforePasswordChange: true },
      schema: {
        summary: 'Is the bearer token valid?',
        tags: ['auth'],
        response: { 200: envelopeOf(z.literal(true)) },
      },
    },
    async () => ok(true),
  );

  app.get(
    '/auth/profile',
    {
      config: { access: 'authenticated', allowedBeforePasswordChange: true },
      schema: { summary: 'The signed-in user', tags: ['auth'], response: { 200: profileView } },
    },
    // The row is the guard's session row (auth/sessionCache.ts): no query of its own, and its
    // answer's bytes are kept with it.
    async (request, reply) =>
      reply
        .type(JSON_TYPE)
        .send(userViewBytes(callerDetailOf(request), { self: true, admin: request.actor?.role === 'admin' })),
  );

  app.post(
    '/auth/changepassword/onetime',
    {
      config: { access: 'authenticated', allowedBeforePasswordChange: true },
      schema: {
        summary: 'Replace a temporary (one-time) password; answers with a fresh session',
        tags: ['auth'],
        body: changePasswordSchema,
        response: { 200: sessionEnvelope },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      // Without the current password only a forced change (a one-time passcode, a generated first
      // password) may go through; everyone else changes it with auth/changepassword.
      if (!actor.requireChangePassword) throw forbidden();
      const outcome = await changePasswordAndSignIn(
        { db, tokens },
        {
          userId: actor.userId,
          newPassword: request.body.newPassword,
          actorId: actor.userId,
          reason: 'password-changed-one-time',
          // Someone whose invite never arrived signs in with a passcode: their first password completes
          // the registration, as the invite link would have (docs/decisions.md#sign-in-passcodes, 'one-time passcodes').
          alsoInTransaction: async (trx) => {
            const user = await usersRepository.findById(trx, actor.userId);
            if (user) await completeRegistration(trx, user);
            return undefined;
          },
        },
      );
      return answerPasswordChange(reply, outcome, messages.auth.passwordUpdated);
    },
  );
}
