import { UserStatus } from '../../domain/codes.js';
import { nowIso } from '../db/clock.js';
import type { Executor } from '../db/database.js';
import { usersRepository } from '../repositories/users.js';
import { auditIn } from './audited.js';
import { oneTimePasscodes } from './oneTimePasscodes.js';
import { userTokens } from './userTokens.js';

/**
 * Every way a password changes (one-time change, profile change, reset, invite): the new hash, older
 * sessions ended, e-mailed links and one-time passcodes voided, and the change recorded. Run it inside the caller's
 * transaction; hash the password before opening it (hashing takes a while).
 */
export async function setPassword(
  trx: Executor,
  options: { userId: number; passwordHash: string; actorId: number | null; reason: string },
): Promise<void> {
  await usersRepository.setPassword(trx, options.userId, options.passwordHash, false);
  await userTokens.voidAll(trx, options.userId);
  await oneTimePasscodes.voidAll(trx, options.userId);
  await auditIn(trx)({
    actor: options.actorId,
    action: options.reason,
    entity: 'user',
    entityId: options.userId,
  });
}

/**
 * Setting the first password completes the registration, however it was reached: the invite link, or
 * a one-time passcode an administrator gave someone whose invite never arrived (docs/decisions.md#sign-in-passcodes). A pending
 * user becomes approved; other statuses (visitor, imported) stay.
 */
export async function completeRegistration(
  trx: Executor,
  user: { id: number; status: number; registrationComplete: string | null },
): Promise<void> {
  if (user.registrationComplete) return;
  await usersRepository.update(trx, user.id, {
    registrationComplete: nowIso(),
    status: user.status === UserStatus.Pending ? UserStatus.Approved : user.status,
  });
}
