import { type UserGroup, UserStatus } from '../../domain/codes.js';
import { organizationTypeOfGroup } from '../../domain/rules/groups.js';
import { nowIso } from '../db/clock.js';
import type { Executor } from '../db/database.js';
import { usersRepository } from '../repositories/users.js';

let counter = 0;
/** Names unique across test files running in parallel. */
export const unique = (prefix: string) =>
  `${prefix}${process.pid.toString(36)}${Date.now().toString(36)}${(counter++).toString(36)}`;

/** A fresh organization of the type that fits the group, so tests never share rows. */
export async function buildOrganizationRow(db: Executor, group: UserGroup, name = unique('Org ')) {
  const now = nowIso();
  const row = await db
    .insertInto('organizations')
    .values({
      name,
      code: unique('org-'),
      type: organizationTypeOfGroup[group],
      excludeFromBenchmark: 0,
      anonymizeResults: 0,
      isActive: 1,
      createdAt: now,
      updatedAt: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function buildUserRow(
  db: Executor,
  options: {
    group: UserGroup;
    organizationId: number;
    passwordHash: string;
    fullName?: string;
    requireChangePassword?: boolean;
    isActive?: boolean;
    status?: number;
  },
) {
  const userName = unique('user');
  const id = await usersRepository.insert(db, {
    userName,
    fullName: options.fullName ?? `Test ${userName}`,
    email: `${userName}@example.com`,
    userGroup: options.group,
    organizationId: options.organizationId,
    status: options.status ?? UserStatus.Approved,
    passwordHash: options.passwordHash,
    requireChangePassword: options.requireChangePassword ? 1 : 0,
    registrationComplete: nowIso(),
    isActive: options.isActive === false ? 0 : 1,
    excludeFromReport: 0,
    isSuspended: 0,
    tokenVersion: 0,
  });
  return { id, userName };
}

/**
 * A user as the admin lists show them, without a password: name, status, active and suspended flags
 * and certification date as given.
 */
export async function buildListedUser(
  db: Executor,
  options: {
    group: UserGroup;
    organizationId: number;
    fullName: string;
    status?: number;
    isActive?: boolean;
    isSuspended?: boolean;
    lastCertificationDate?: string | null;
    certificateNumber?: string | null;
    email?: string | null;
    phoneNumber?: string | null;
  },
) {
  const userName = unique('listed');
  const id = await usersRepository.insert(db, {
    userName,
    fullName: options.fullName,
    email: options.email === undefined ? `${userName}@example.com` : options.email,
    phoneNumber: options.phoneNumber ?? null,
    userGroup: options.group,
    organizationId: options.organizationId,
    status: options.status ?? UserStatus.Approved,
    passwordHash: null,
    requireChangePassword: 0,
    registrationComplete: null,
    isActive: options.isActive === false ? 0 : 1,
    excludeFromReport: 0,
    isSuspended: options.isSuspended ? 1 : 0,
    lastCertificationDate: options.lastCertificationDate ?? null,
    certificateNumber: options.certificateNumber ?? null,
    tokenVersion: 0,
  });
  return { id, userName };
}
