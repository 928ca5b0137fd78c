import { describe, expect, it } from 'vitest';
import { OrganizationType, UserGroup, UserStatus } from '../codes.js';
import {
  assignableGroups,
  canConvertUser,
  canDeleteUser,
  canIssuePasscode,
  canReachUser,
  canSendUserInvite,
  signInRefusal,
  userInviteLabel,
} from './users.js';

const admin = { role: 'admin' as const, organizationId: 1, userId: 1 };
const consultant = { role: 'consultant' as const, organizationId: 10, userId: 2 };
const champion = { role: 'manufacturer-champion' as const, organizationId: 20, userId: 3 };

const firm = { id: 10, type: OrganizationType.Consultant, consultingFirmId: null };
const client = { id: 20, type: OrganizationType.Manufacturer, consultingFirmId: 10 };
const otherClient = { id: 30, type: OrganizationType.Manufacturer, consultingFirmId: 99 };
const person = (group: number, organization: typeof firm | typeof client | null) => ({
  id: 50,
  group,
  organization,
});

describe('canReachUser', () => {
  it('lets administrators reach everyone, even people without an organization', () => {
    expect(canReachUser(admin, person(UserGroup.Visitor, null))).toBe(true);
    expect(canReachUser(admin, person(UserGroup.Manufacturer, otherClient))).toBe(true);
  });

  it("lets a consultant reach their firm's people and their clients' people only", () => {
    expect(canReachUser(consultant, person(UserGroup.Consultant, firm))).toBe(true);
    expect(canReachUser(consultant, person(UserGroup.Manufacturer, client))).toBe(true);
    expect(canReachUser(consultant, person(UserGroup.ManufacturerChampion, client))).toBe(true);
    expect(canReachUser(consultant, person(UserGroup.Manufacturer, otherClient))).toBe(false);
    expect(canReachUser(consultant, person(UserGroup.Visitor, null))).toBe(false);
    expect(canReachUser(consultant, person(UserGroup.Admin, firm))).toBe(false);
  });

  it('lets nobody else reach user screens, not even their own colleagues', () => {
    expect(canReachUser(champion, person(UserGroup.Manufacturer, client))).toBe(false);
  });
});

describe('what administrators alone may do', () => {
  it('deletes anyone but oneself', () => {
    expect(canDeleteUser(admin, { id: 50 })).toBe(true);
    expect(canDeleteUser(admin, { id: admin.userId })).toBe(false);
    expect(canDeleteUser(consultant, { id: 50 })).toBe(false);
  });

  it('converts visitors only', () => {
    expect(canConvertUser(admin, { group: UserGroup.Visitor })).toBe(true);
    expect(canConvertUser(admin, { group: UserGroup.Manufacturer })).toBe(false);
    expect(canConvertUser(consultant, { group: UserGroup.Visitor })).toBe(false);
  });

  it("gives groups: every one to administrators, a manufacturer's two to consultants and champions", () => {
    expect(assignableGroups(admin)).toHaveLength(5);
    // A consulting firm's people are the admins' (docs/product.md#rules-validation, docs/decisions.md#trust finding 5).
    expect(assignableGroups(consultant)).toEqual([UserGroup.ManufacturerChampion, UserGroup.Manufacturer]);
    expect(assignableGroups(champion)).toEqual([UserGroup.ManufacturerChampion, UserGroup.Manufacturer]);
  });
});

describe('signing in and passcodes', () => {
  const registered = {
    id: 50,
    status: UserStatus.Approved,
    registrationComplete: '2026-01-01T00:00:00.000Z',
    isActive: true,
    isSuspended: false,
  };

  it('refuses accounts awaiting approval, inactive or suspended', () => {
    expect(signInRefusal(registered)).toBeUndefined();
    expect(signInRefusal({ ...registered, status: UserStatus.Pending, registrationComplete: null })).toBe(
      'pending',
    );
    // A pending user who registered through an invite signs in.
    expect(signInRefusal({ ...registered, status: UserStatus.Pending })).toBeUndefined();
    expect(signInRefusal({ ...registered, isActive: 0 })).toBe('inactive');
    expect(signInRefusal({ ...registered, isSuspended: 1 })).toBe('inactive');
  });

  it('issues a passcode only to someone else who could sign in with it', () => {
    expect(canIssuePasscode(admin, registered)).toBe(true);
    expect(canIssuePasscode(admin, { ...registered, id: admin.userId })).toBe(false);
    expect(canIssuePasscode(admin, { ...registered, isSuspended: true })).toBe(false);
    expect(
      canIssuePasscode(admin, { ...registered, status: UserStatus.Pending, registrationComplete: null }),
    ).toBe(false);
    expect(canIssuePasscode(consultant, registered)).toBe(false);
  });

  it('issues a passcode to a person someone added who never registered, not to an unapproved sign-up (docs/decisions.md#sign-in-passcodes)', () => {
    const unregistered = { ...registered, status: UserStatus.Pending, registrationComplete: null };
    // Added by an administrator, consultant or champion: the invite may never have arrived.
    expect(canIssuePasscode(admin, { ...unregistered, createdBy: 7, approvalInviteDate: null })).toBe(true);
    expect(signInRefusal({ ...unregistered, createdBy: 7 })).toBeUndefined();
    // A self sign-up once an administrator sent the invite (approved).
    expect(
      canIssuePasscode(admin, {
        ...unregistered,
        createdBy: null,
        approvalInviteDate: '2026-01-02T00:00:00Z',
      }),
    ).toBe(true);
    // A self sign-up awaiting approval: none.
    expect(canIssuePasscode(admin, { ...unregistered, createdBy: null, approvalInviteDate: null })).toBe(
      false,
    );
    expect(signInRefusal({ ...unregistered, createdBy: null })).toBe('pending');
    // Suspended or inactive: none, however they were added.
    expect(canIssuePasscode(admin, { ...unregistered, createdBy: 7, isSuspended: true })).toBe(false);
    expect(canIssuePasscode(admin, { ...unregistered, createdBy: 7, isActive: false })).toBe(false);
  });
});

describe('invites for users', () => {
  it('invites pending and visitor users who have not registered, and names the button by history', () => {
    expect(canSendUserInvite({ status: UserStatus.Pending, registrationComplete: null })).toBe(true);
    expect(canSendUserInvite({ status: UserStatus.Visitor, registrationComplete: null })).toBe(true);
    expect(canSendUserInvite({ status: UserStatus.Pending, registrationComplete: '2026-01-01' })).toBe(false);
    expect(canSendUserInvite({ status: UserStatus.Approved, registrationComplete: null })).toBe(false);
    expect(userInviteLabel({ approvalInviteDate: null })).toBe('Send Invite');
    expect(userInviteLabel({ approvalInviteDate: '2026-01-01' })).toBe('Re-send Invite');
  });
});
