import { OrganizationType, UserGroup, UserStatus } from '../codes.js';
import type { Role } from '../rules/roles.js';
import { canReachOrganization, type OrganizationActor, type OrganizationTarget } from './organizations.js';

// Who may do what with a user (docs/product.md#roles, docs/product.md#rules and docs/product.md#permissions, and docs/decisions.md#users): administrators everything
// but deleting themselves; a consultant the people of their own firm and of the manufacturers their
// firm works with; nobody else. The server enforces these; the web shows or hides with them.

export type UserActor = OrganizationActor & { userId: number };
export type UserTarget = {
  id: number;
  group: number;
  /** The user's organization, or null for a user without one (only administrators reach those). */
  organization: OrganizationTarget | null;
};

/** The roles that open the user screens at all; ownership is checked per user by canReachUser. */
export const userScreenRoles: readonly Role[] = ['admin', 'consultant'];

export function canReachUser(actor: UserActor, target: UserTarget): boolean {
  if (actor.role === 'admin') return true;
  if (actor.role !== 'consultant' || target.organization === null) return false;
  if (target.group === UserGroup.Admin || target.group === UserGroup.Visitor) return false;
  return canReachOrganization(actor, target.organization);
}

// Groups a caller may give a person: one rule with the other field rules (docs/decisions.md#users-field-policy, finding 5).
export { assignableGroups } from './userFields.js';

/** Certification, suspension, additional info and the other admin-only fields (docs/product.md#permissions). */
export function canEditAdminUserFields(actor: { role: Role }): boolean {
  return actor.role === 'admin';
}

/** Nobody deletes themselves; only administrators delete (docs/product.md#permissions). */
export function canDeleteUser(actor: UserActor, target: { id: number }): boolean {
  return actor.role === 'admin' && actor.userId !== target.id;
}

/** Only administrators convert, and only visitors (docs/product.md#rules-conversion). */
export function canConvertUser(actor: UserActor, target: { group: number }): boolean {
  return actor.role === 'admin' && target.group === UserGroup.Visitor;
}

/** The organization types a visitor may be converted into, and the group they then get. */
export const conversionGroupOf: Partial<Record<number, UserGroup>> = {
  [OrganizationType.Consultant]: UserGroup.Consultant,
  [OrganizationType.Manufacturer]: UserGroup.Manufacturer,
};

/** One-time passcodes and admin password resets are the institute's (docs/product.md#roles). */
export function canResetCredentials(actor: UserActor, target: { id: number }): boolean {
  return actor.role === 'admin' && actor.userId !== target.id;
}

/**
 * A pending or visitor user who has not registered yet can be sent an invite to set a password
 * (docs/product.md#rules-invites-users).
 */
export function canSendUserInvite(target: { status: number; registrationComplete: string | null }): boolean {
  return (
    (target.status === UserStatus.Pending || target.status === UserStatus.Visitor) &&
    !target.registrationComplete
  );
}

/** 'Send Invite', or 'Re-send Invite' once an invite went out. */
export function userInviteLabel(target: { approvalInviteDate: string | null }): string {
  return target.approvalInviteDate ? 'Re-send Invite' : 'Send Invite';
}

type SignInState = {
  status: number;
  registrationComplete: string | null;
  isActive: boolean | number;
  isSuspended?: boolean | number;
  /** Set once an invite went out: for a self sign-up, the administrator's approval. */
  approvalInviteDate?: string | null;
  /** Who added the person; null (or unknown) for a self sign-up. */
  createdBy?: number | null;
  /** Said instead of `createdBy` where only that is known (the user screen's view). */
  selfSignUp?: boolean;
};

/**
 * Why an account may not sign in (awaiting approval, inactive or suspended), or undefined when it may.
 * Only a self sign-up that no administrator has sent an invite yet awaits approval; a person an
 * administrator, consultant or champion added may sign in with a one-time passcode before registering
 * (docs/decisions.md#sign-in-passcodes, docs/product.md#rules-passcodes).
 */
export function signInRefusal(user: SignInState): 'pending' | 'inactive' | undefined {
  const awaitsApproval =
    user.status === UserStatus.Pending &&
    !user.registrationComplete &&
    !user.approvalInviteDate &&
    (user.selfSignUp ?? user.createdBy == null);
  if (awaitsApproval) return 'pending';
  if (!user.isActive || user.isSuspended) return 'inactive';
  return undefined;
}

/** A one-time passcode goes to someone else who could sign in with it (docs/product.md#roles). */
export function canIssuePasscode(actor: UserActor, target: { id: number } & SignInState): boolean {
  return canResetCredentials(actor, target) && signInRefusal(target) === undefined;
}
