import type { Executor } from '../db/database.js';
import { usersRepository } from '../repositories/users.js';
import { oneTimePasscodes } from './oneTimePasscodes.js';
import { userTokens } from './userTokens.js';

/**
 * Deactivating, suspending or removing a person ends their access at once: every session they hold
 * stops (the token version moves on), and every invite, reset and one-time passcode they were sent
 * stops working. Run it in the transaction that changes the user.
 */
export async function endAccess(trx: Executor, userId: number): Promise<void> {
  await usersRepository.endSessions(trx, userId);
  await userTokens.voidAll(trx, userId);
  await oneTimePasscodes.voidAll(trx, userId);
}
