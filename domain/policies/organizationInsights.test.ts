import { describe, expect, it } from 'vitest';
import { OrganizationType, UserGroup } from '../codes.js';
import { canViewInsightsOf, namesLinkCreator } from './organizationInsights.js';

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

describe('namesLinkCreator', () => {
  const firm = { id: 5, type: OrganizationType.Consultant, consultingFirmId: null };
  const champion = { id: 31, group: UserGroup.ManufacturerChampion, organization: maker };
  const consultant = { id: 21, group: UserGroup.Consultant, organization: firm };
  const admin = { id: 1, group: UserGroup.Admin, organization: null };
  const open = { id: maker.id, anonymizeResults: false };
  const anonymized = { id: maker.id, anonymizeResults: true };

  it('names the creator to admins, to the consultant reaching them and to their own organization', () => {
    const asAdmin = { role: 'admin' as const, organizationId: 2, userId: 1 };
    const asConsultant = { role: 'consultant' as const, organizationId: 5, userId: 22 };
    const asChampion = { role: 'manufacturer-champion' as const, organizationId: 10, userId: 32 };
    for (const creator of [champion, consultant, admin])
      expect(namesLinkCreator(asAdmin, creator, open)).toBe(true);
    expect(namesLinkCreator(asConsultant, champion, open)).toBe(true);
    expect(namesLinkCreator(asConsultant, consultant, open)).toBe(true);
    expect(namesLinkCreator(asConsultant, admin, open)).toBe(false);
    expect(namesLinkCreator(asChampion, champion, open)).toBe(true);
    expect(namesLinkCreator(asChampion, consultant, open)).toBe(false);
    expect(namesLinkCreator(asChampion, admin, open)).toBe(false);
  });

  it("under Anonymize Results names the manufacturer's own people to admins only", () => {
    const asAdmin = { role: 'admin' as const, organizationId: 2, userId: 1 };
    const asConsultant = { role: 'consultant' as const, organizationId: 5, userId: 22 };
    const asChampion = { role: 'manufacturer-champion' as const, organizationId: 10, userId: 31 };
    expect(namesLinkCreator(asAdmin, champion, anonymized)).toBe(true);
    expect(namesLinkCreator(asConsultant, champion, anonymized)).toBe(false);
    expect(namesLinkCreator(asChampion, champion, anonymized)).toBe(false);
    expect(namesLinkCreator(asConsultant, consultant, anonymized)).toBe(true);
  });
});
