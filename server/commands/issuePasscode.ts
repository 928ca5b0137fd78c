import type { Db } from '../db/database.js';
import { audited } from './audited.js';
import { oneTimePasscodes } from './oneTimePasscodes.js';

/** An administrator gives a user a one-time passcode (voiding older ones); answers the code to show once. */
export function issuePasscode(db: Db, actorId: number, userId: number): Promise<string> {
  return audited(db, async (trx, audit) => {
    const code = await oneTimePasscodes.issue(trx, userId, actorId);
    await audit({ actor: actorId, action: 'one-time-passcode', entity: 'user', entityId: userId });
    return code;
  });
}
