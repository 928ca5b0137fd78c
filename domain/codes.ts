// Enums and codes of docs/product.md#codes and docs/product.md#codes-enums. The integers are part of the API contract.

export const LookupType = {
  BusinessType: 1,
  Industry: 2,
  FunctionalRole: 3,
  Division: 4,
  NumberOfFacilities: 5,
  NumberOfEmployees: 6,
  HqRegion: 7,
  CompanyMaturity: 8,
  ValueChainRole: 9,
  OrganizationType: 10,
  UserGroup: 11,
  RoadmapStatus: 13,
  State: 14,
} as const;
export type LookupType = (typeof LookupType)[keyof typeof LookupType];

export const lookupTypeNames: Record<LookupType, string> = {
  1: 'Business Type',
  2: 'Industry',
  3: 'Functional Role',
  4: 'Division',
  5: 'Number Of Facilities',
  6: 'Number Of Employees',
  7: 'HQ Region',
  8: 'Company Maturity',
  9: 'Value Chain Role',
  10: 'Organization Type',
  11: 'User Group',
  13: 'Roadmap Status',
  14: 'State',
};

export const InputType = {
  Textbox: 1,
  RadioButton: 2,
  DropDownList: 3,
  Checkbox: 4,
  CheckboxList: 5,
  TextArea: 6,
  Email: 7,
} as const;
export type InputType = (typeof InputType)[keyof typeof InputType];

export const UserGroup = {
  Admin: 1,
  Consultant: 2,
  ManufacturerChampion: 3,
  Manufacturer: 4,
  Visitor: 5,
} as const;
export type UserGroup = (typeof UserGroup)[keyof typeof UserGroup];

/** Group codes of docs/product.md#codes-enums, indexed by enum value. */
export const groupCodes = {
  1: 'admin',
  2: 'consultant',
  3: 'manufacturer-champion',
  4: 'manufacturer',
  5: 'visitor',
} as const satisfies Record<UserGroup, string>;
export type GroupCode = (typeof groupCodes)[UserGroup];

export const groupNames: Record<UserGroup, string> = {
  1: 'Admin',
  2: 'Consultant',
  3: 'Manufacturer Champion',
  4: 'Manufacturer',
  5: 'Visitor',
};

export const OrganizationType = {
  Admin: 1,
  Consultant: 2,
  Manufacturer: 3,
  Visitor: 4,
  Any: 99,
} as const;
export type OrganizationType = (typeof OrganizationType)[keyof typeof OrganizationType];

export const organizationTypeNames: Record<Exclude<OrganizationType, 99>, string> = {
  1: 'Admin',
  2: 'Consulting Firm',
  3: 'Manufacturer',
  4: 'Visitor',
};

export const organizationTypeCodes: Record<Exclude<OrganizationType, 99>, string> = {
  1: 'admin',
  2: 'consultant',
  3: 'manufacturer',
  4: 'visitor',
};

export const UserStatus = {
  Pending: 1,
  Approved: 2,
  Imported: 3,
  Visitor: 4,
} as const;
export type UserStatus = (typeof UserStatus)[keyof typeof UserStatus];

export const AssessmentType = {
  CurrentState: 1,
  FutureState: 2,
  Trial: 3,
} as const;
export type AssessmentType = (typeof AssessmentType)[keyof typeof AssessmentType];

export const AnalyticType = {
  Assessment: 1,
  Section: 2,
  Question: 3,
  Search: 4,
} as const;

/** Roadmap status codes (API form), in the order of docs/product.md#rules. */
export const roadmapStatusCodes = [
  'PreAssessment',
  'CurrentState',
  'CurrentStateReporting',
  'FutureState',
  'FutureStateReporting',
] as const;
export type RoadmapStatusCode = (typeof roadmapStatusCodes)[number];

/** Route/status codes used on tiles, keyed by the API code. */
export const roadmapStatusRouteCodes: Record<RoadmapStatusCode, string> = {
  PreAssessment: 'pre-assessment',
  CurrentState: 'assessment-currentstate',
  CurrentStateReporting: 'assessment-currentstate-report',
  FutureState: 'assessment-futurestate',
  FutureStateReporting: 'assessment-futurestate-report',
};

export const TRIAL_ASSESSMENT_CODE = 'trial';
export const NORTH_AMERICA_REGION_CODE = 'north-america';
/** The hidden consulting firm that old imported users were referred by (docs/product.md#rules-validation). */
export const LEGACY_IMPORT_FIRM_CODE = 'legacy-import';

export const SELECT_PLACEHOLDER_VALUE = -1;
export const SELECT_PLACEHOLDER_TEXT = '--Select One--';
export const PRODUCT_NAME = 'SM Roadmap';
export const COPYRIGHT_YEAR = 2024;
