import type { Db } from '../db/database.js';
import { assessmentInvitesRepository } from '../repositories/assessmentInvites.js';
import { audited } from './audited.js';

/** An assessment invite without a result is deactivated, not removed: its history stays readable. */
export function deleteInvite(db: Db, actorId: number, inviteId: number): Promise<void> {
  return audited(db, async (trx, audit) => {
    await assessmentInvitesRepository.deactivate(trx, inviteId, actorId);
    await audit({ actor: actorId, action: 'delete', entity: 'assessment-invite', entityId: inviteId });
  });
}
