import { UserStatus } from '../../domain/codes.js';
import { messages } from '../../domain/messages.js';
import type { LoginData } from '../../domain/schemas/auth.js';
import type { Db } from '../db/database.js';
import { presentUser } from '../presenters/user.js';
import { usersRepository } from '../repositories/users.js';
import { dummyPasswordHash, verifyPassword } from './passwords.js';
import type { TokenService } from './tokens.js';

export type LoginOutcome = { ok: true; data: LoginData } | { ok: false; message: string };

/** The token and user a client receives after any successful sign-in (login, reset, registration). */
export async function sessionFor(db: Db, tokens: TokenService, userId: number): Promise<LoginData> {
  const row = await usersRepository.findDetailById(db, userId);
  if (!row) throw new Error(`user ${userId} vanished while signing in`);
  const token = await tokens.sign({ userId, tokenVersion: row.tokenVersion });
  return { token, user: presentUser(row, { self: true }) };
}

export async function login(
  db: Db,
  tokens: TokenService,
  userName: string,
  password: string,
): Promise<LoginOutcome> {
  const user = await usersRepository.findByUserName(db, userName);
  // Verify against a dummy hash for unknown names so the answer takes as long either way.
  const valid = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), password);
  if (!user || !valid || !user.passwordHash) return { ok: false, message: messages.login.invalidCredentials };
  // The account state is told only to someone who knows the password.
  if (user.status === UserStatus.Pending && !user.registrationComplete) {
    return { ok: false, message: messages.login.accountPending };
  }
  if (user.isActive !== 1 || user.isSuspended === 1)
    return { ok: false, message: messages.login.accountInactive };
  await usersRepository.recordLogin(db, user.id);
  return { ok: true, data: await sessionFor(db, tokens, user.id) };
}
