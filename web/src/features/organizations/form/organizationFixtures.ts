import {
  AssessmentType,
  LookupType,
  lookupTypeNames,
  OrganizationType,
  type RoadmapStatusCode,
  roadmapStatusCodes,
  UserGroup,
} from '@domain/codes';
import type {
  AssessmentInviteView,
  OrganizationUserView,
  OrganizationView,
} from '@domain/schemas/organizationView';
import type { LookupItem } from '@web/api/lookups';
import { testLookups } from '@web/testing/lookups';

// Test data of the organization form: the lookups it reads beyond the user form's, and organizations,
// users and invites as the API presents them.

let nextId = 2000;
function item(type: LookupType, name: string, code = name.toLowerCase().replace(/\W+/g, '-')): LookupItem {
  const id = nextId++;
  return {
    id,
    name,
    code,
    lookupType: { enumValue: type, name: lookupTypeNames[type] },
    displayOrder: id,
    enumValue: null,
    organizationType: null,
    isActive: true,
  };
}

const statusNames: Record<RoadmapStatusCode, string> = {
  PreAssessment: 'Pre-Assessment',
  CurrentState: 'Current State',
  CurrentStateReporting: 'Current State Reporting',
  FutureState: 'Future State',
  FutureStateReporting: 'Future State Reporting',
};

export const organizationLookups: LookupItem[] = [
  ...testLookups,
  item(LookupType.CompanyMaturity, 'Established'),
  item(LookupType.NumberOfEmployees, '50-99'),
  item(LookupType.NumberOfFacilities, '1-2'),
  item(LookupType.HqRegion, 'North America'),
  item(LookupType.HqRegion, 'Europe'),
  item(LookupType.Industry, 'Automotive'),
  item(LookupType.Industry, 'Other'),
  item(LookupType.ValueChainRole, 'Supplier'),
  ...roadmapStatusCodes.map((code) => item(LookupType.RoadmapStatus, statusNames[code], code)),
];

export const lookup = (name: string): LookupItem => {
  const found = organizationLookups.find((i) => i.name === name);
  if (!found) throw new Error(`no test lookup ${name}`);
  return found;
};

const ref = (name: string) => {
  const { id, code } = lookup(name);
  return { id, name, code };
};

export const statusRef = (code: RoadmapStatusCode) => {
  const { id, name } = lookup(statusNames[code]);
  return { id, name, code };
};

export const currentAssessment = { id: 1, name: 'Current State Assessment', code: 'current' };
export const futureAssessment = { id: 2, name: 'Future State Assessment', code: 'future' };

/** A manufacturer as init answers it: blank, at pre-assessment, with the aliases listed. */
export function blankManufacturer(extra: Partial<OrganizationView> = {}): OrganizationView {
  return {
    id: null,
    name: '',
    originalName: null,
    type: { enumValue: OrganizationType.Manufacturer, name: 'Manufacturer' },
    businessType: null,
    state: null,
    demographic: null,
    consultingFirm: null,
    referredBy: null,
    referredByOther: null,
    excludeFromBenchmark: false,
    anonymizeResults: false,
    remindersEnabled: false,
    reminderEveryDays: 7,
    maxReminders: 3,
    functionalRoleAliases: [
      { id: lookup('Engineering').id, name: 'Engineering', alias: null },
      { id: lookup('Quality').id, name: 'Quality', alias: null },
    ],
    roadmap: {
      status: statusRef('PreAssessment'),
      benchmark: null,
      currentStateAssessment: currentAssessment,
      futureStateAssessment: futureAssessment,
    },
    isActive: true,
    legacyId: null,
    ...extra,
  };
}

/** A saved manufacturer with complete demographics. */
export function savedManufacturer(extra: Partial<OrganizationView> = {}): OrganizationView {
  return blankManufacturer({
    id: 12,
    name: 'Acme Precision Parts',
    businessType: ref('Discrete Manufacturing'),
    demographic: {
      companyMaturity: ref('Established'),
      numberOfEmployees: ref('50-99'),
      numberOfFacilities: ref('1-2'),
      hqRegion: ref('Europe'),
      industries: [ref('Automotive')],
      supplyChainRoles: [],
      otherIndustry: null,
    },
    consultingFirm: { id: 51, name: 'Bright Path Advisors', state: null },
    ...extra,
  });
}

export function consultingFirm(extra: Partial<OrganizationView> = {}): OrganizationView {
  return blankManufacturer({
    id: 51,
    name: 'Bright Path Advisors',
    type: { enumValue: OrganizationType.Consultant, name: 'Consulting Firm' },
    businessType: ref('Management Consulting'),
    state: ref('Ohio'),
    functionalRoleAliases: [],
    roadmap: null,
    ...extra,
  });
}

export function orgUser(id: number, fullName: string, extra: Partial<OrganizationUserView> = {}) {
  const user: OrganizationUserView = {
    id,
    fullName,
    userName: fullName.toLowerCase().replace(/\W+/g, '.'),
    email: `${fullName.split(' ')[0]?.toLowerCase()}@example.com`,
    phoneNumber: null,
    displayOrder: id,
    isActive: true,
    organization: { id: 12, name: 'Acme Precision Parts' },
    functionalRole: ref('Engineering'),
    department: 'Operations',
    division: null,
    group: { id: UserGroup.Manufacturer, name: 'Manufacturer', enumValue: UserGroup.Manufacturer },
    registrationComplete: null,
    createdDateTime: '2024-01-02T03:04:05Z',
    modifiedDateTime: '2024-01-02T03:04:05Z',
    ...extra,
  };
  return user;
}

export function invite(
  id: number,
  respondent: OrganizationUserView,
  assessmentType: number,
  extra: Partial<AssessmentInviteView> = {},
): AssessmentInviteView {
  const assessment = assessmentType === AssessmentType.FutureState ? futureAssessment : currentAssessment;
  return {
    id,
    respondent: {
      id: respondent.id,
      fullName: respondent.fullName,
      userName: respondent.userName,
      organization: respondent.organization,
    },
    assessment: { ...assessment, assessmentType },
    consultingFirm: null,
    createdDateTime: '2024-03-01T10:00:00Z',
    updatedDateTime: null,
    assessmentResult: null,
    excludeFromReport: false,
    sendInvite: false,
    isActive: true,
    remindersSent: 0,
    lastReminderOn: null,
    ...extra,
  };
}
