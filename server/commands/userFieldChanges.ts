import type { OrganizationTarget } from '../../domain/policies/organizations.js';
import {
  type ChangePath,
  canChangeUserField,
  type FieldActor,
  type FieldTarget,
  type UserField,
} from '../../domain/policies/userFields.js';
import type { Executor } from '../db/database.js';
import type { UsersTable } from '../db/schema.js';
import { HttpError } from '../http/envelope.js';
import { organizationsRepository } from '../repositories/organizations.js';

type SavedUser = Pick<
  UsersTable,
  | 'userGroup'
  | 'organizationId'
  | 'email'
  | 'isActive'
  | 'isSuspended'
  | 'passwordHash'
  | 'registrationComplete'
> & { id: number };

/** A saved person as domain/policies/userFields.ts judges them, read in the caller's transaction. */
export async function fieldTargetOf(db: Executor, saved: SavedUser): Promise<FieldTarget> {
  return {
    id: saved.id,
    group: saved.userGroup,
    organization: await organizationTargetOf(db, saved.organizationId),
    email: saved.email,
    isActive: saved.isActive === 1,
    isSuspended: saved.isSuspended === 1,
    registered: !!saved.passwordHash || !!saved.registrationComplete,
  };
}

export async function organizationTargetOf(
  db: Executor,
  id: number | null,
): Promise<OrganizationTarget | null> {
  if (id == null) return null;
  return (await organizationsRepository.findTarget(db, id)) ?? null;
}

type Changes = {
  email?: string | null;
  group?: number;
  organization?: OrganizationTarget | null;
  isActive?: boolean;
  isSuspended?: boolean;
};

/**
 * Asks the one field policy about every field the save would write, and refuses the whole save with
 * its status and message at the first field refused (nothing is written then). Answers how the
 * e-mail change applies ('now' when the address is unchanged).
 */
export function assertFieldChanges(
  actor: FieldActor,
  target: FieldTarget,
  changes: Changes,
  path: ChangePath = 'manage',
): 'now' | 'confirm' | 'reinvite' {
  let emailHow: 'now' | 'confirm' | 'reinvite' = 'now';
  for (const field of ['group', 'organization', 'isActive', 'isSuspended', 'email'] as UserField[]) {
    const next = changes[field];
    if (next === undefined) continue;
    const decision = canChangeUserField(actor, target, field, next as never, path);
    if (!decision.allowed) throw new HttpError(decision.status, decision.message);
    if (field === 'email') emailHow = decision.how;
  }
  return emailHow;
}
