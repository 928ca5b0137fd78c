import { messages } from '../../domain/messages.js';
import { canReachUser, type UserTarget } from '../../domain/policies/users.js';
import type { Actor } from '../auth/guard.js';
import type { Executor } from '../db/database.js';
import type { UserDetailRow } from '../db/rows.js';
import { forbidden, notFound } from '../http/envelope.js';
import { usersRepository } from '../repositories/users.js';

/**
 * The user a call names, once the caller's reach over them is established (domain/policies/users.ts):
 * 404 for an unknown id, 403 for someone else's person. `read` gives the row: by default from the
 * database; a read-only answer may take it from the session cache (auth/sessionCache.ts), whose rows
 * are findDetailById's with more fields.
 */
export async function reachableUser(
  db: Executor,
  actor: Actor,
  id: number,
  read: (id: number) => Promise<UserDetailRow | undefined> = (userId) =>
    usersRepository.findDetailById(db, userId),
) {
  const row = await read(id);
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
