import { describe, expect, it } from 'vitest';
import { OrganizationType } from '../codes.js';
import type { Role } from '../rules/roles.js';
import {
  canChangeInviteExclusion,
  canCreateOrganization,
  canDeactivateOrganization,
  canListOrganizations,
  canManageUsersOf,
  canReachOrganization,
  seesAnonymizedResults,
} from './organizations.js';

const FIRM = 10;
const OTHER_FIRM = 11;
const MAKER = 20;
const maker = { id: MAKER, type: OrganizationType.Manufacturer, consultingFirmId: FIRM };
const firm = { id: FIRM, type: OrganizationType.Consultant, consultingFirmId: null };
const actor = (role: Role, organizationId: number | null) => ({ role, organizationId });

describe('who reaches an organization (docs/product.md#permissions)', () => {
  it.each([
    ['admin', actor('admin', 1), true, true],
    ['consultant of the firm', actor('consultant', FIRM), true, true],
    ['consultant of another firm', actor('consultant', OTHER_FIRM), false, false],
    ['champion of the manufacturer', actor('manufacturer-champion', MAKER), true, false],
    ['champion of another', actor('manufacturer-champion', 99), false, false],
    ['manufacturer of it', actor('manufacturer', MAKER), false, false],
    ['visitor', actor('visitor', 5), false, false],
    ['consultant without a firm', actor('consultant', null), false, false],
  ] as const)('%s: the manufacturer %s, the firm %s', (_who, a, reachesMaker, reachesFirm) => {
    expect(canReachOrganization(a, maker)).toBe(reachesMaker);
    expect(canReachOrganization(a, firm)).toBe(reachesFirm);
  });

  it('manages users of manufacturers within reach, and of firms only as an admin', () => {
    expect(canManageUsersOf(actor('consultant', FIRM), maker)).toBe(true);
    expect(canManageUsersOf(actor('consultant', FIRM), firm)).toBe(false);
    expect(canManageUsersOf(actor('admin', 1), firm)).toBe(true);
    expect(canManageUsersOf(actor('manufacturer-champion', MAKER), maker)).toBe(true);
    expect(canManageUsersOf(actor('consultant', OTHER_FIRM), maker)).toBe(false);
  });

  it('creates, lists and deactivates by role', () => {
    expect(canCreateOrganization(actor('admin', 1), OrganizationType.Consultant)).toBe(true);
    expect(canCreateOrganization(actor('consultant', FIRM), OrganizationType.Manufacturer)).toBe(true);
    expect(canCreateOrganization(actor('consultant', FIRM), OrganizationType.Consultant)).toBe(false);
    expect(canCreateOrganization(actor('manufacturer-champion', MAKER), OrganizationType.Manufacturer)).toBe(
      false,
    );
    expect(canListOrganizations(actor('consultant', FIRM), OrganizationType.Manufacturer)).toBe(true);
    expect(canListOrganizations(actor('consultant', FIRM), null)).toBe(false);
    expect(canListOrganizations(actor('manufacturer-champion', MAKER), OrganizationType.Manufacturer)).toBe(
      false,
    );
    expect(canDeactivateOrganization(actor('admin', 1), { ...firm, isActive: true })).toBe(true);
    expect(canDeactivateOrganization(actor('admin', 1), { ...firm, isActive: false })).toBe(false);
    expect(canDeactivateOrganization(actor('admin', 1), { ...maker, isActive: true })).toBe(false);
    expect(canDeactivateOrganization(actor('consultant', FIRM), { ...firm, isActive: true })).toBe(false);
  });

  it('anonymizes results for everyone but admins when the organization asks', () => {
    expect(seesAnonymizedResults(actor('consultant', FIRM), true)).toBe(true);
    expect(seesAnonymizedResults(actor('admin', 1), true)).toBe(false);
    expect(seesAnonymizedResults(actor('consultant', FIRM), false)).toBe(false);
  });

  it("leaves a saved invite's Exclude From Report to admins under Anonymize Results", () => {
    for (const who of [actor('consultant', FIRM), actor('manufacturer-champion', MAKER)]) {
      expect(canChangeInviteExclusion(who, true)).toBe(false);
      expect(canChangeInviteExclusion(who, false)).toBe(true);
    }
    expect(canChangeInviteExclusion(actor('admin', 1), true)).toBe(true);
  });
});
