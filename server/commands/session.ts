import { messages } from '../../domain/messages.js';
import { signInRefusal } from '../../domain/policies/users.js';
import type { LoginData } from '../../domain/schemas/auth.js';
import { losesAccessWithOrganization } from '../auth/guard.js';
import { dummyPasswordHash, verifyPassword } from '../auth/passwords.js';
import type { TokenService } from '../auth/tokens.js';
import type { Db } from '../db/database.js';
import { presentUser } from '../presenters/user.js';
import { usersRepository } from '../repositories/users.js';
import { oneTimePasscodes } from './oneTimePasscodes.js';

export type LoginOutcome = { ok: true; data: LoginData } | { ok: false; message: string };

/** The token and user a client receives after any successful sign-in (login, reset, registration). */
export async function sessionFor(db: Db, tokens: TokenService, userId: number): Promise<LoginData> {
  const row = await usersRepository.findDetailById(db, userId);
  if (!row) throw new Error(`user ${userId} vanished while signing in`);
  const token = await tokens.sign({ userId, tokenVersion: row.tokenVersion });
  return { token, user: presentUser(row, { self: true }) };
}

/** Why the account may not sign in, as the login answers it (told only to someone who proved who they are). */
function refusal(user: Parameters<typeof signInRefusal>[0]) {
  const reason = signInRefusal(user);
  if (reason === 'pending') return messages.login.accountPending;
  if (reason === 'inactive') return messages.login.accountInactive;
  return undefined;
}

/**
 * Signs in with the password, or with a one-time passcode an administrator issued: a passcode is used
 * up and the person must then choose a new password (requireChangePassword) before doing anything else.
 */
export async function login(
  db: Db,
  tokens: TokenService,
  userName: string,
  password: string,
): Promise<LoginOutcome> {
  const user = await usersRepository.findByUserName(db, userName);
  // Verify against a dummy hash for unknown names so the answer takes as long either way.
  const valid = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), password);
  if (!user) return { ok: false, message: messages.login.invalidCredentials };
  if (!valid || !user.passwordHash) {
    // A passcode is tried only where it could sign in; elsewhere the answer is the same as for a wrong password.
    const signedIn =
      !refusal(user) &&
      (await db.transaction().execute(async (trx) => {
        if (!(await oneTimePasscodes.consume(trx, user.id, password))) return false;
        await usersRepository.requirePasswordChange(trx, user.id);
        return true;
      }));
    if (!signedIn) return { ok: false, message: messages.login.invalidCredentials };
  }
  const refused = refusal(user);
  if (refused) return { ok: false, message: refused };
  const session = await usersRepository.findSessionById(db, user.id);
  if (!session || losesAccessWithOrganization(session)) {
    return { ok: false, message: messages.login.accountInactive };
  }
  await usersRepository.recordLogin(db, user.id);
  return { ok: true, data: await sessionFor(db, tokens, user.id) };
}
