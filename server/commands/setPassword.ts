import { oneTimePasscodes } from '../auth/oneTimePasscodes.js';
import { userTokens } from '../auth/userTokens.js';
import type { Executor } from '../db/database.js';
import { auditRepository } from '../repositories/audit.js';
import { usersRepository } from '../repositories/users.js';

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
  await auditRepository.record(trx, {
    actorId: options.actorId,
    action: options.reason,
    entity: 'user',
    entityId: options.userId,
  });
}
