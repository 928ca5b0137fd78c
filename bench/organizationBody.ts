import { LookupType, OrganizationType } from '../domain/codes.js';

type Lookup = {
  id: number;
  lookupType: { enumValue: number };
  code: string | null;
  organizationType: number | null;
};

/**
 * A manufacturer's save body for the benchmark: complete demographics, new users (three unless told;
 * the first a champion) and their current- and future-state invites (what an admin's first save of a
 * manufacturer holds).
 */
export function manufacturerBody(
  lookups: Lookup[],
  assessments: { current: number; future: number },
  n: number,
  userCount = 3,
) {
  const first = (type: number, organizationType?: number) =>
    lookups.find(
      (l) =>
        l.lookupType.enumValue === type &&
        (organizationType === undefined || l.organizationType === organizationType),
    )!.id;
  const byCode = (type: number, code: string) =>
    lookups.find((l) => l.lookupType.enumValue === type && l.code === code)!.id;
  const role = first(LookupType.FunctionalRole);
  const users = Array.from({ length: userCount }, (_, k) => k + 1).map((i) => ({
    id: -i,
    fullName: `Bench Person ${n}-${i}`,
    userName: `bench${n}x${i}${Date.now().toString(36)}`,
    email: `bench${n}x${i}@example.com`,
    functionalRole: { id: role },
    group: { enumValue: i === 1 ? 3 : 4 },
    isActive: true,
  }));
  return {
    organization: {
      id: null,
      name: `Bench Manufacturer ${n}`,
      type: { enumValue: OrganizationType.Manufacturer },
      businessType: { id: first(LookupType.BusinessType, OrganizationType.Manufacturer) },
      state: { id: byCode(LookupType.State, 'oh') },
      roadmap: { status: { id: byCode(LookupType.RoadmapStatus, 'PreAssessment') } },
      demographic: {
        companyMaturity: { id: first(LookupType.CompanyMaturity) },
        numberOfEmployees: { id: first(LookupType.NumberOfEmployees) },
        numberOfFacilities: { id: first(LookupType.NumberOfFacilities) },
        hqRegion: { id: byCode(LookupType.HqRegion, 'north-america') },
        industries: [{ id: first(LookupType.Industry) }],
        supplyChainRoles: [],
      },
      functionalRoleAliases: [],
    },
    users,
    assessmentInvites: users.flatMap((u, i) => [
      { id: -(2 * i + 1), respondent: { id: u.id }, assessment: { id: assessments.current }, isActive: true },
      { id: -(2 * i + 2), respondent: { id: u.id }, assessment: { id: assessments.future }, isActive: true },
    ]),
  };
}
