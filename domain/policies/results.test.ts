import { describe, expect, it } from 'vitest';
import { rolePrecedence } from '../rules/roles.js';
import { canViewResultsOf, resultsHiddenFrom } from './results.js';

describe("who may see a person's results", () => {
  const owner = { userId: 10, organizationId: 100, consultingFirmId: 200, anonymized: false };
  it('the person and administrators always', () => {
    for (const role of rolePrecedence)
      expect(canViewResultsOf({ role, userId: 10, organizationId: 5 }, owner)).toBe(true);
    expect(canViewResultsOf({ role: 'admin', userId: 1, organizationId: 1 }, owner)).toBe(true);
  });
  it('the champion of the same organization and consultants of its firm only', () => {
    expect(canViewResultsOf({ role: 'manufacturer-champion', userId: 2, organizationId: 100 }, owner)).toBe(
      true,
    );
    expect(canViewResultsOf({ role: 'manufacturer-champion', userId: 2, organizationId: 101 }, owner)).toBe(
      false,
    );
    expect(canViewResultsOf({ role: 'consultant', userId: 3, organizationId: 200 }, owner)).toBe(true);
    expect(canViewResultsOf({ role: 'consultant', userId: 3, organizationId: 201 }, owner)).toBe(false);
    expect(
      canViewResultsOf(
        { role: 'consultant', userId: 3, organizationId: 200 },
        { ...owner, consultingFirmId: null },
      ),
    ).toBe(false);
    expect(canViewResultsOf({ role: 'manufacturer', userId: 4, organizationId: 100 }, owner)).toBe(false);
    expect(canViewResultsOf({ role: 'visitor', userId: 5, organizationId: 100 }, owner)).toBe(false);
  });
  it('under Anonymize Results, the person and administrators only', () => {
    const hidden = { ...owner, anonymized: true };
    expect(canViewResultsOf({ role: 'admin', userId: 1, organizationId: 1 }, hidden)).toBe(true);
    for (const role of rolePrecedence)
      expect(canViewResultsOf({ role, userId: 10, organizationId: 100 }, hidden)).toBe(true);
    expect(canViewResultsOf({ role: 'manufacturer-champion', userId: 2, organizationId: 100 }, hidden)).toBe(
      false,
    );
    expect(canViewResultsOf({ role: 'consultant', userId: 3, organizationId: 200 }, hidden)).toBe(false);
    expect(resultsHiddenFrom({ role: 'consultant', userId: 3, organizationId: 200 }, hidden)).toBe(true);
    expect(resultsHiddenFrom({ role: 'consultant', userId: 3, organizationId: 200 }, owner)).toBe(false);
    expect(resultsHiddenFrom({ role: 'admin', userId: 1, organizationId: 1 }, hidden)).toBe(false);
    expect(resultsHiddenFrom({ role: 'manufacturer', userId: 10, organizationId: 100 }, hidden)).toBe(false);
  });
});
