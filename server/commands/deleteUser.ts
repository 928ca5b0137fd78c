import type { Db } from '../db/database.js';
import { assessmentInvitesRepository } from '../repositories/assessmentInvites.js';
import { draftsRepository } from '../repositories/drafts.js';
import { resultsRepository } from '../repositories/results.js';
import { usersRepository } from '../repositories/users.js';
import { audited } from './audited.js';

/**
 * POST admin/user/visitor/delete (docs/product.md#rules-deactivation): the user's assessment results
 * (their answers cascade), their assessment invites (none has a result any more), their e-mailed links,
 * one-time passcodes and answers in progress (drafts), and the user, in one transaction or not at all.
 * The user row goes last, so a failure anywhere leaves everything as it was.
 */
export async function deleteUser(
  db: Db,
  actorId: number,
  user: { id: number; userName: string },
): Promise<void> {
  await audited(db, async (trx, audit) => {
    const results = await resultsRepository.removeAllOf(trx, user.id);
    const invites = await assessmentInvitesRepository.removeAllOf(trx, user.id);
    await usersRepository.removeCredentials(trx, user.id);
    await draftsRepository.removeAllOf(trx, user.id);
    await audit({
      actor: actorId,
      action: 'delete',
      entity: 'user',
      entityId: user.id,
      details: {
        userName: user.userName,
        results,
        invites,
      },
    });
    await usersRepository.remove(trx, user.id);
  });
}
