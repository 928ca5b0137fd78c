import { UserGroup } from '../codes.js';
import { messages } from '../messages.js';
import { groupsAllowedIn } from '../rules/organizations.js';
import type { Role } from '../rules/roles.js';
import { canManageUsersOf, type OrganizationTarget } from './organizations.js';

// Who may change which field of which person (docs/decisions.md#users-field-policy, findings 1, 4 and 5): a person's e-mail,
// group, organization, active and suspended state. Every path that can change one of them (the user
// form's add and update, the organization form's Manage Users rows, My Profile) asks here; the web
// forms only mirror the answers (they hide or disable what the caller may not change). Reach (may
// the caller see this person at all) is checked before, by the path.

export type UserField = 'email' | 'group' | 'organization' | 'isActive' | 'isSuspended';

export type FieldActor = { role: Role; userId: number; organizationId: number | null };

/** A person who exists already, as saved. */
export type FieldTarget = {
  id: number;
  group: number;
  organization: OrganizationTarget | null;
  email: string | null;
  isActive: boolean;
  isSuspended: boolean;
  /**
   * Whether the person has an account someone could sign in to: a password set or a registration
   * completed. A person added minutes ago who has not accepted the invite has none.
   */
  registered: boolean;
};

type FieldValues = {
  email: string | null;
  group: number;
  organization: OrganizationTarget | null;
  isActive: boolean;
  isSuspended: boolean;
};

/** Which path asks: My Profile (with the current password) or a form that manages people. */
export type ChangePath = 'profile' | 'manage';

/**
 * How an allowed change applies: `now`; `confirm` (an own new e-mail address waits for the link sent
 * to it); `reinvite` (the e-mail of a person who never registered: applies at once, the old address
 * is told, old links end and the invite goes again to the new address).
 */
export type FieldDecision =
  | { allowed: true; how: 'now' | 'confirm' | 'reinvite' }
  | { allowed: false; status: 400 | 403; message: string };

const allow = (how: 'now' | 'confirm' | 'reinvite' = 'now'): FieldDecision => ({ allowed: true, how });
const refuse = (message: string, status: 400 | 403 = 403): FieldDecision => ({
  allowed: false,
  status,
  message,
});

/** The groups a caller may give anyone: admins any; consultants and champions a manufacturer's. */
export function assignableGroups(actor: { role: Role }): readonly number[] {
  if (actor.role === 'admin') return Object.values(UserGroup);
  if (actor.role === 'consultant' || actor.role === 'manufacturer-champion')
    return [UserGroup.ManufacturerChampion, UserGroup.Manufacturer];
  return [];
}

/**
 * Who may put a person of a group into an organization (a new person, or a change of group): admins
 * anyone anywhere (the group must fit the organization's type, a 400 of its own); everyone else only
 * where they may manage users (docs/product.md#rules-validation: a consulting firm's people are the admins'), and
 * only a group that organization's rows may hold (a champion or a manufacturer in a manufacturer).
 */
export function canPlaceUser(
  actor: FieldActor,
  organization: OrganizationTarget | null,
  group: number,
): boolean {
  if (actor.role === 'admin') return true;
  if (organization === null || !canManageUsersOf(actor, organization)) return false;
  return (
    assignableGroups(actor).includes(group) &&
    (groupsAllowedIn(organization.type) as readonly number[]).includes(group)
  );
}

/**
 * Whether the caller may change this person at all (any field): admins anyone; others the people of
 * an organization whose users they may manage (the organization-type rule of docs/product.md#rules-validation), so
 * a consultant changes their clients' people, not their own firm's, and nobody else.
 */
export function canManageUser(actor: FieldActor, target: Pick<FieldTarget, 'organization'>): boolean {
  if (actor.role === 'admin') return true;
  return target.organization !== null && canManageUsersOf(actor, target.organization);
}

const sameEmail = (a: string | null, b: string | null) => (a ?? '') === (b ?? '');
const sameMailbox = (a: string | null, b: string | null) =>
  (a ?? '').toLowerCase() === (b ?? '').toLowerCase();

/**
 * Whether `actor` may set `field` of `target` to `next` through `path`. Sending a field unchanged is
 * no change and always allowed. Refusals carry the status and the message to answer.
 */
export function canChangeUserField<F extends UserField>(
  actor: FieldActor,
  target: FieldTarget,
  field: F,
  next: FieldValues[F],
  path: ChangePath = 'manage',
): FieldDecision {
  const self = actor.userId === target.id;
  const admin = actor.role === 'admin';
  const m = messages.users;
  switch (field) {
    case 'email': {
      const email = (next as string | null) || null;
      if (sameEmail(target.email, email)) return allow();
      // One's own address changes on My Profile only, with the current password, and a new one
      // waits for its confirmation (ASVS 7.5.1): a stolen session alone cannot move the account.
      if (self) return path === 'profile' ? allow(email ? 'confirm' : 'now') : refuse(m.ownEmailOnProfile);
      if (path === 'profile') return refuse(m.notReachable);
      if (admin) return allow();
      if (!canManageUser(actor, target)) return refuse(m.notReachable);
      // A different case of the same address reaches the same mailbox.
      if (sameMailbox(target.email, email)) return allow();
      // Whoever added a person may correct the address until the person has an account.
      if (!target.registered) return allow('reinvite');
      return refuse(m.emailChangeAdminOnly);
    }
    case 'group': {
      const group = next as number;
      if (group === target.group) return allow();
      if (self) return refuse(m.cannotChangeOwnGroup, 400);
      if (group === UserGroup.Visitor || target.group === UserGroup.Visitor)
        return refuse(m.visitorGroupByConversion, 400);
      if (path === 'profile') return refuse(m.notReachable);
      if (admin) return allow();
      return canManageUser(actor, target) && canPlaceUser(actor, target.organization, group)
        ? allow()
        : refuse(m.groupNotAllowed);
    }
    case 'organization': {
      const organization = next as OrganizationTarget | null;
      if ((organization?.id ?? null) === (target.organization?.id ?? null)) return allow();
      return admin && path === 'manage' ? allow() : refuse(m.organizationChangeAdminOnly);
    }
    case 'isActive': {
      const active = next as boolean;
      if (active === target.isActive) return allow();
      if (self) return refuse(m.cannotDeactivateSelf, 400);
      // Re-activation is the institute's, always: nobody else brings back a person the admin (or
      // anyone) took out (docs/decisions.md#trust, finding 4).
      if (active) return admin ? allow() : refuse(m.reactivateAdminOnly);
      return path === 'manage' && canManageUser(actor, target) ? allow() : refuse(m.notReachable);
    }
    case 'isSuspended': {
      const suspended = next as boolean;
      if (suspended === target.isSuspended) return allow();
      if (self && suspended) return refuse(m.cannotDeactivateSelf, 400);
      // Suspension is one of the admin-only fields of docs/product.md#permissions.
      return admin && path === 'manage' ? allow() : refuse(m.suspensionAdminOnly);
    }
  }
  return refuse(m.notReachable);
}
