import { messages } from '../../domain/messages.js';
import { contextualPasswordProblem } from '../../domain/rules/passwords.js';
import type { LoginData } from '../../domain/schemas/auth.js';
import { hashPassword, verifyPassword } from '../auth/passwords.js';
import type { TokenService } from '../auth/tokens.js';
import type { Db, Executor } from '../db/database.js';
import { usersRepository } from '../repositories/users.js';
import { sessionFor } from './session.js';
import { setPassword } from './setPassword.js';

export type PasswordChangeOutcome = { ok: true; data: LoginData } | { ok: false; message: string };

/**
 * The shared end of every password change (one-time, profile, reset, invite): the new password must
 * differ from the old and hold none of the product's or the person's names; it is stored with `alsoInTransaction` (e.g. using up the e-mailed token) in one
 * transaction; the user gets a fresh session (the route hands it on: answerPasswordChange).
 */
export async function changePasswordAndSignIn(
  deps: { db: Db; tokens: TokenService },
  options: {
    userId: number;
    newPassword: string;
    actorId: number | null;
    reason: string;
    /** Runs first inside the transaction; a string answer aborts the change with that message. */
    alsoInTransaction?: (trx: Executor) => Promise<string | undefined>;
  },
): Promise<PasswordChangeOutcome> {
  const user = await usersRepository.findDetailById(deps.db, options.userId);
  if (!user) return { ok: false, message: messages.account.linkInvalid };
  // Every path that sets a password comes here, so the context rule holds on all of them (docs/decisions.md#sign-in-passwords).
  const contextual = contextualPasswordProblem(options.newPassword, user);
  if (contextual) return { ok: false, message: contextual };
  if (await verifyPassword(user.passwordHash, options.newPassword)) {
    return { ok: false, message: messages.auth.newPasswordMustDiffer };
  }
  const passwordHash = await hashPassword(options.newPassword);
  const refusal = await deps.db.transaction().execute(async (trx) => {
    const problem = await options.alsoInTransaction?.(trx);
    if (problem) return problem;
    await setPassword(trx, {
      userId: options.userId,
      passwordHash,
      actorId: options.actorId,
      reason: options.reason,
    });
    return undefined;
  });
  if (refusal) return { ok: false, message: refusal };
  return { ok: true, data: await sessionFor(deps.db, deps.tokens, options.userId) };
}
