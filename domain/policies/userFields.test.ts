import { describe, expect, it } from 'vitest';
import { OrganizationType, UserGroup } from '../codes.js';
import { messages } from '../messages.js';
import { canChangeUserField, canManageUser, canPlaceUser, type FieldTarget } from './userFields.js';

const admin = { role: 'admin' as const, organizationId: 1, userId: 1 };
const consultant = { role: 'consultant' as const, organizationId: 10, userId: 2 };
const otherConsultant = { role: 'consultant' as const, organizationId: 11, userId: 4 };
const champion = { role: 'manufacturer-champion' as const, organizationId: 20, userId: 3 };
const manufacturer = { role: 'manufacturer' as const, organizationId: 20, userId: 5 };

const firm = { id: 10, type: OrganizationType.Consultant, consultingFirmId: null };
const client = { id: 20, type: OrganizationType.Manufacturer, consultingFirmId: 10 };
const otherClient = { id: 30, type: OrganizationType.Manufacturer, consultingFirmId: 11 };

const member = (over: Partial<FieldTarget> = {}): FieldTarget => ({
  id: 50,
  group: UserGroup.Manufacturer,
  organization: client,
  email: 'morgan@example.com',
  isActive: true,
  isSuspended: false,
  registered: true,
  ...over,
});

describe('canChangeUserField: e-mail', () => {
  it('lets only the person (on My Profile, confirmed) or an admin change the address of someone with an account', () => {
    const next = 'taker@attacker.example';
    expect(canChangeUserField(admin, member(), 'email', next)).toEqual({ allowed: true, how: 'now' });
    for (const actor of [consultant, champion, otherConsultant, manufacturer])
      expect(canChangeUserField(actor, member(), 'email', next).allowed).toBe(false);
    expect(canChangeUserField(champion, member(), 'email', next)).toMatchObject({
      status: 403,
      message: messages.users.emailChangeAdminOnly,
    });
    const self = { ...manufacturer, userId: 50 };
    expect(canChangeUserField(self, member(), 'email', next, 'profile')).toEqual({
      allowed: true,
      how: 'confirm',
    });
    expect(canChangeUserField(self, member(), 'email', next)).toMatchObject({
      message: messages.users.ownEmailOnProfile,
    });
  });

  it('treats clearing as a change, and an unchanged address as none', () => {
    expect(canChangeUserField(champion, member(), 'email', null).allowed).toBe(false);
    expect(canChangeUserField(champion, member(), 'email', '').allowed).toBe(false);
    expect(canChangeUserField(champion, member(), 'email', 'morgan@example.com').allowed).toBe(true);
    expect(canChangeUserField(champion, member(), 'email', 'Morgan@Example.com')).toEqual({
      allowed: true,
      how: 'now',
    });
  });

  it('lets a manager correct the address of a person who never registered: their invite goes again', () => {
    const pending = member({ registered: false });
    expect(canChangeUserField(champion, pending, 'email', 'right@example.com')).toEqual({
      allowed: true,
      how: 'reinvite',
    });
    expect(canChangeUserField(consultant, pending, 'email', 'right@example.com').allowed).toBe(true);
    expect(canChangeUserField(otherConsultant, pending, 'email', 'right@example.com').allowed).toBe(false);
  });
});

describe('canChangeUserField: group, organization, active and suspended', () => {
  it("lets a manufacturer's managers switch between its two groups, never into a firm's or the admin's", () => {
    expect(canChangeUserField(champion, member(), 'group', UserGroup.ManufacturerChampion).allowed).toBe(
      true,
    );
    expect(canChangeUserField(consultant, member(), 'group', UserGroup.ManufacturerChampion).allowed).toBe(
      true,
    );
    expect(canChangeUserField(consultant, member(), 'group', UserGroup.Consultant).allowed).toBe(false);
    expect(canChangeUserField(champion, member(), 'group', UserGroup.Admin).allowed).toBe(false);
    expect(
      canChangeUserField(otherConsultant, member(), 'group', UserGroup.ManufacturerChampion).allowed,
    ).toBe(false);
    const colleague = member({ group: UserGroup.Consultant, organization: firm });
    expect(canChangeUserField(consultant, colleague, 'group', UserGroup.Manufacturer).allowed).toBe(false);
    expect(canChangeUserField({ ...champion, userId: 50 }, member(), 'group', 3)).toMatchObject({
      status: 400,
    });
  });

  it('leaves moving a person to another organization to admins', () => {
    expect(canChangeUserField(admin, member(), 'organization', otherClient).allowed).toBe(true);
    expect(canChangeUserField(consultant, member(), 'organization', otherClient).allowed).toBe(false);
    expect(canChangeUserField(consultant, member(), 'organization', client).allowed).toBe(true);
  });

  it('lets managers deactivate others, and only admins re-activate or suspend', () => {
    expect(canChangeUserField(champion, member(), 'isActive', false).allowed).toBe(true);
    expect(canChangeUserField(consultant, member(), 'isActive', false).allowed).toBe(true);
    expect(canChangeUserField(otherConsultant, member(), 'isActive', false).allowed).toBe(false);
    const off = member({ isActive: false });
    expect(canChangeUserField(champion, off, 'isActive', true)).toMatchObject({
      message: messages.users.reactivateAdminOnly,
    });
    expect(canChangeUserField(consultant, off, 'isActive', true).allowed).toBe(false);
    expect(canChangeUserField(admin, off, 'isActive', true).allowed).toBe(true);
    expect(canChangeUserField(consultant, member(), 'isSuspended', true).allowed).toBe(false);
    expect(canChangeUserField(admin, member(), 'isSuspended', true).allowed).toBe(true);
    expect(canChangeUserField({ ...admin, userId: 50 }, member(), 'isActive', false)).toMatchObject({
      status: 400,
    });
  });
});

describe('canPlaceUser and canManageUser', () => {
  it("keeps a consulting firm's people with the admins, as the organization form does", () => {
    expect(canPlaceUser(consultant, firm, UserGroup.Consultant)).toBe(false);
    expect(canPlaceUser(consultant, client, UserGroup.Manufacturer)).toBe(true);
    expect(canPlaceUser(consultant, client, UserGroup.Consultant)).toBe(false);
    expect(canPlaceUser(consultant, otherClient, UserGroup.Manufacturer)).toBe(false);
    expect(canPlaceUser(champion, client, UserGroup.ManufacturerChampion)).toBe(true);
    expect(canPlaceUser(admin, firm, UserGroup.Consultant)).toBe(true);
    expect(canManageUser(consultant, { organization: firm })).toBe(false);
    expect(canManageUser(consultant, { organization: client })).toBe(true);
    expect(canManageUser(manufacturer, { organization: client })).toBe(false);
  });
});
