import { describe, expect, it } from 'vitest';
import { OrganizationType } from '../codes.js';
import { canViewInsightsOf } from './organizationInsights.js';

const maker = { id: 10, type: OrganizationType.Manufacturer, consultingFirmId: 5 };

describe('canViewInsightsOf', () => {
  it('lets the admin, the consultant of the firm and the champion of the manufacturer in', () => {
    expect(canViewInsightsOf({ role: 'admin', organizationId: 1 }, maker)).toBe(true);
    expect(canViewInsightsOf({ role: 'consultant', organizationId: 5 }, maker)).toBe(true);
    expect(canViewInsightsOf({ role: 'manufacturer-champion', organizationId: 10 }, maker)).toBe(true);
  });

  it('keeps out other firms, other champions, plain members and visitors', () => {
    expect(canViewInsightsOf({ role: 'consultant', organizationId: 6 }, maker)).toBe(false);
    expect(canViewInsightsOf({ role: 'manufacturer-champion', organizationId: 11 }, maker)).toBe(false);
    expect(canViewInsightsOf({ role: 'manufacturer', organizationId: 10 }, maker)).toBe(false);
    expect(canViewInsightsOf({ role: 'visitor', organizationId: 10 }, maker)).toBe(false);
    expect(canViewInsightsOf({ role: 'consultant', organizationId: null }, maker)).toBe(false);
  });
});
