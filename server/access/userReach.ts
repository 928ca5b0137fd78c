import { messages } from '../../domain/messages.js';
import { canReachUser, type UserTarget } from '../../domain/policies/users.js';
import type { Actor } from '../auth/guard.js';
import type { Executor } from '../db/database.js';
import { forbidden, notFound } from '../http/envelope.js';
import { usersRepository } from '../repositories/users.js';

/**
 * The user a call names, once the caller's reach over them is established (domain/policies/users.ts):
 * 404 for an unknown id, 403 for someone else's person.
 */
export async function reachableUser(db: Executor, actor: Actor, id: number) {
  const row = await usersRepository.findDetailById(db, id);
  if (!row) throw notFound(messages.users.notFound);
  if (!canReachUser(actor, userTargetOf(row))) throw forbidden(messages.users.notReachable);
  return row;
}

/** The fields the user policies look at, from a user detail row. */
export function userTargetOf(row: {
  id: number;
  userGroup: number;
  organizationId: number | null;
  organizationType: number | null;
  organizationConsultingFirmId: number | null;
}): UserTarget {
  return {
    id: row.id,
    group: row.userGroup,
    organization:
      row.organizationId == null || row.organizationType == null
        ? null
        : {
            id: row.organizationId,
            type: row.organizationType,
            consultingFirmId: row.organizationConsultingFirmId,
          },
  };
}
