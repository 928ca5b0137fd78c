import { describe, expect, it } from 'vitest';
import { OrganizationType } from '../codes.js';
import { consultantFirmOf, firmReaches, isClientOf, NO_FIRM, reachFirmOf } from './consultantReach.js';

const FIRM = 7;
const manufacturer = (consultingFirmId: number | null) => ({
  id: 20,
  type: OrganizationType.Manufacturer,
  consultingFirmId,
});

describe('consultant reach', () => {
  it('names the firm of consultants only', () => {
    expect(consultantFirmOf({ role: 'consultant', organizationId: FIRM })).toBe(FIRM);
    expect(consultantFirmOf({ role: 'consultant', organizationId: null })).toBeNull();
    expect(consultantFirmOf({ role: 'admin', organizationId: 3 })).toBeNull();
    expect(consultantFirmOf({ role: 'manufacturer-champion', organizationId: 3 })).toBeNull();
  });

  it('limits the lists of consultants, a firmless one to nobody, and nobody else', () => {
    expect(reachFirmOf({ role: 'consultant', organizationId: FIRM })).toBe(FIRM);
    expect(reachFirmOf({ role: 'consultant', organizationId: null })).toBe(NO_FIRM);
    expect(reachFirmOf({ role: 'admin', organizationId: null })).toBeUndefined();
  });

  it('reaches the firm and the manufacturers it works with, nothing else', () => {
    expect(firmReaches(FIRM, { id: FIRM, type: OrganizationType.Consultant, consultingFirmId: null })).toBe(
      true,
    );
    expect(firmReaches(FIRM, manufacturer(FIRM))).toBe(true);
    expect(isClientOf(FIRM, manufacturer(FIRM))).toBe(true);
    expect(firmReaches(FIRM, manufacturer(8))).toBe(false);
    expect(firmReaches(FIRM, manufacturer(null))).toBe(false);
    expect(firmReaches(FIRM, { id: 30, type: OrganizationType.Consultant, consultingFirmId: FIRM })).toBe(
      false,
    );
    expect(isClientOf(FIRM, { id: FIRM, type: OrganizationType.Consultant, consultingFirmId: null })).toBe(
      false,
    );
    expect(firmReaches(NO_FIRM, manufacturer(null))).toBe(false);
  });
});
