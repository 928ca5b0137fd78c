// Reference data (lookup items) of docs/product.md#codes and docs/product.md#rules-validation, applied idempotently on start.
// Codes are stable keys: never change one once shipped; rename via `name` instead.
import { LookupType, OrganizationType, UserGroup } from '../../domain/codes.js';

export type LookupSeed = {
  /** Stable, unique within its lookup type, lower-kebab-case (roadmap status codes excepted: API contract). */
  code: string;
  /** What users see. */
  name: string;
  /** 1..n in the order a user expects to see them. */
  displayOrder: number;
  /** Only for user groups and organization types (the integers in domain/codes.ts). */
  enumValue?: number;
  /** Only for business types: the organization type the business type belongs to. */
  organizationType?: number;
  /** Defaults to true. */
  isActive?: boolean;
};

type UnorderedSeed = Omit<LookupSeed, 'displayOrder'>;

/** Numbers the items 1..n in the order written. */
function ordered(items: UnorderedSeed[]): LookupSeed[] {
  return items.map((item, index) => ({ ...item, displayOrder: index + 1 }));
}

/** Attaches an organization type to each business type of one group. */
function businessTypesOf(
  organizationType: number,
  items: Array<[code: string, name: string]>,
): UnorderedSeed[] {
  return items.map(([code, name]) => ({ code, name, organizationType }));
}

// Business types, grouped by organization type (Admin, Consulting Firm, Manufacturer); codes unique across all.
const businessTypes: UnorderedSeed[] = [
  ...businessTypesOf(OrganizationType.Admin, [
    ['institute', 'Institute'],
    ['program-administration', 'Program Administration'],
  ]),
  ...businessTypesOf(OrganizationType.Consultant, [
    ['management-consulting', 'Management Consulting'],
    ['technology-consulting', 'Technology Consulting'],
    ['engineering-services', 'Engineering Services'],
    ['mep-center', 'Manufacturing Extension Partnership Center'],
    ['systems-integrator', 'Systems Integrator'],
  ]),
  ...businessTypesOf(OrganizationType.Manufacturer, [
    ['discrete-manufacturing', 'Discrete Manufacturing'],
    ['process-manufacturing', 'Process Manufacturing'],
    ['batch-manufacturing', 'Batch Manufacturing'],
    ['job-shop', 'Job Shop'],
    ['contract-manufacturing', 'Contract Manufacturing'],
    ['original-equipment-manufacturer', 'Original Equipment Manufacturer'],
    ['component-supplier', 'Component Supplier'],
    ['manufacturer-other', 'Other'],
  ]),
];

// NAICS 2022, sector 31-33 (Manufacturing), all 21 three-digit subsectors, then 'other' (enables free text).
const industries: UnorderedSeed[] = [
  { code: 'naics-311', name: '311 - Food Manufacturing' },
  { code: 'naics-312', name: '312 - Beverage and Tobacco Product Manufacturing' },
  { code: 'naics-313', name: '313 - Textile Mills' },
  { code: 'naics-314', name: '314 - Textile Product Mills' },
  { code: 'naics-315', name: '315 - Apparel Manufacturing' },
  { code: 'naics-316', name: '316 - Leather and Allied Product Manufacturing' },
  { code: 'naics-321', name: '321 - Wood Product Manufacturing' },
  { code: 'naics-322', name: '322 - Paper Manufacturing' },
  { code: 'naics-323', name: '323 - Printing and Related Support Activities' },
  { code: 'naics-324', name: '324 - Petroleum and Coal Products Manufacturing' },
  { code: 'naics-325', name: '325 - Chemical Manufacturing' },
  { code: 'naics-326', name: '326 - Plastics and Rubber Products Manufacturing' },
  { code: 'naics-327', name: '327 - Nonmetallic Mineral Product Manufacturing' },
  { code: 'naics-331', name: '331 - Primary Metal Manufacturing' },
  { code: 'naics-332', name: '332 - Fabricated Metal Product Manufacturing' },
  { code: 'naics-333', name: '333 - Machinery Manufacturing' },
  { code: 'naics-334', name: '334 - Computer and Electronic Product Manufacturing' },
  { code: 'naics-335', name: '335 - Electrical Equipment, Appliance, and Component Manufacturing' },
  { code: 'naics-336', name: '336 - Transportation Equipment Manufacturing' },
  { code: 'naics-337', name: '337 - Furniture and Related Product Manufacturing' },
  { code: 'naics-339', name: '339 - Miscellaneous Manufacturing' },
  { code: 'other', name: 'Other' },
];

const functionalRoles: UnorderedSeed[] = [
  { code: 'executive-leadership', name: 'Executive Leadership' },
  { code: 'operations-plant-management', name: 'Operations / Plant Management' },
  { code: 'engineering', name: 'Engineering' },
  { code: 'quality', name: 'Quality' },
  { code: 'maintenance', name: 'Maintenance' },
  { code: 'production-shop-floor', name: 'Production / Shop Floor' },
  { code: 'supply-chain-logistics', name: 'Supply Chain & Logistics' },
  { code: 'information-technology', name: 'Information Technology' },
  { code: 'research-development', name: 'Research & Development' },
  { code: 'finance', name: 'Finance' },
  { code: 'human-resources', name: 'Human Resources' },
  { code: 'sales-marketing', name: 'Sales & Marketing' },
  { code: 'other', name: 'Other' },
];

const divisions: UnorderedSeed[] = [
  { code: 'corporate-headquarters', name: 'Corporate Headquarters' },
  { code: 'manufacturing-plant', name: 'Manufacturing Plant' },
  { code: 'distribution-center', name: 'Distribution Center' },
  { code: 'research-development-center', name: 'Research & Development Center' },
  { code: 'sales-office', name: 'Sales Office' },
  { code: 'other', name: 'Other' },
];

const numbersOfFacilities: UnorderedSeed[] = [
  { code: 'fac-1', name: '1' },
  { code: 'fac-2-5', name: '2-5' },
  { code: 'fac-6-10', name: '6-10' },
  { code: 'fac-11-25', name: '11-25' },
  { code: 'fac-26-plus', name: '26+' },
];

const numbersOfEmployees: UnorderedSeed[] = [
  { code: 'emp-1-19', name: '1-19' },
  { code: 'emp-20-99', name: '20-99' },
  { code: 'emp-100-249', name: '100-249' },
  { code: 'emp-250-499', name: '250-499' },
  { code: 'emp-500-999', name: '500-999' },
  { code: 'emp-1000-4999', name: '1,000-4,999' },
  { code: 'emp-5000-plus', name: '5,000+' },
];

// 'north-america' is NORTH_AMERICA_REGION_CODE in domain/codes.ts: it makes the State field appear.
const hqRegions: UnorderedSeed[] = [
  { code: 'north-america', name: 'North America' },
  { code: 'central-south-america', name: 'Central & South America' },
  { code: 'europe', name: 'Europe' },
  { code: 'middle-east-africa', name: 'Middle East & Africa' },
  { code: 'asia-pacific', name: 'Asia Pacific' },
];

const companyMaturities: UnorderedSeed[] = [
  { code: 'start-up', name: 'Start-up (less than 5 years)' },
  { code: 'growth', name: 'Growth (5-10 years)' },
  { code: 'established', name: 'Established (11-20 years)' },
  { code: 'mature', name: 'Mature (more than 20 years)' },
];

const valueChainRoles: UnorderedSeed[] = [
  { code: 'oem', name: 'Original Equipment Manufacturer (OEM)' },
  { code: 'tier-1-supplier', name: 'Tier 1 Supplier' },
  { code: 'tier-2-supplier', name: 'Tier 2 Supplier' },
  { code: 'tier-3-plus-supplier', name: 'Tier 3+ Supplier' },
  { code: 'contract-manufacturer', name: 'Contract Manufacturer' },
  { code: 'raw-material-supplier', name: 'Raw Material Supplier' },
  { code: 'distributor', name: 'Distributor' },
  { code: 'other', name: 'Other' },
];

// Mirrors organizationTypeCodes / organizationTypeNames of domain/codes.ts ('Any' (99) is not a lookup item).
const organizationTypes: UnorderedSeed[] = [
  { code: 'admin', name: 'Admin', enumValue: OrganizationType.Admin },
  { code: 'consultant', name: 'Consulting Firm', enumValue: OrganizationType.Consultant },
  { code: 'manufacturer', name: 'Manufacturer', enumValue: OrganizationType.Manufacturer },
  { code: 'visitor', name: 'Visitor', enumValue: OrganizationType.Visitor },
];

// Mirrors groupCodes / groupNames of domain/codes.ts.
const userGroups: UnorderedSeed[] = [
  { code: 'admin', name: 'Admin', enumValue: UserGroup.Admin },
  { code: 'consultant', name: 'Consultant', enumValue: UserGroup.Consultant },
  { code: 'manufacturer-champion', name: 'Manufacturer Champion', enumValue: UserGroup.ManufacturerChampion },
  { code: 'manufacturer', name: 'Manufacturer', enumValue: UserGroup.Manufacturer },
  { code: 'visitor', name: 'Visitor', enumValue: UserGroup.Visitor },
];

// Codes are the API contract (roadmapStatusCodes of domain/codes.ts), in the order of docs/product.md#rules.
const roadmapStatuses: UnorderedSeed[] = [
  { code: 'PreAssessment', name: 'Pre-Assessment' },
  { code: 'CurrentState', name: 'Current State Assessment' },
  { code: 'CurrentStateReporting', name: 'Current State Reporting' },
  { code: 'FutureState', name: 'Future State Assessment' },
  { code: 'FutureStateReporting', name: 'Future State Reporting' },
];

// 50 states, the District of Columbia and the five inhabited territories; code = USPS abbreviation, by name.
const states: UnorderedSeed[] = [
  { code: 'al', name: 'Alabama' },
  { code: 'ak', name: 'Alaska' },
  { code: 'as', name: 'American Samoa' },
  { code: 'az', name: 'Arizona' },
  { code: 'ar', name: 'Arkansas' },
  { code: 'ca', name: 'California' },
  { code: 'co', name: 'Colorado' },
  { code: 'ct', name: 'Connecticut' },
  { code: 'de', name: 'Delaware' },
  { code: 'dc', name: 'District of Columbia' },
  { code: 'fl', name: 'Florida' },
  { code: 'ga', name: 'Georgia' },
  { code: 'gu', name: 'Guam' },
  { code: 'hi', name: 'Hawaii' },
  { code: 'id', name: 'Idaho' },
  { code: 'il', name: 'Illinois' },
  { code: 'in', name: 'Indiana' },
  { code: 'ia', name: 'Iowa' },
  { code: 'ks', name: 'Kansas' },
  { code: 'ky', name: 'Kentucky' },
  { code: 'la', name: 'Louisiana' },
  { code: 'me', name: 'Maine' },
  { code: 'md', name: 'Maryland' },
  { code: 'ma', name: 'Massachusetts' },
  { code: 'mi', name: 'Michigan' },
  { code: 'mn', name: 'Minnesota' },
  { code: 'ms', name: 'Mississippi' },
  { code: 'mo', name: 'Missouri' },
  { code: 'mt', name: 'Montana' },
  { code: 'ne', name: 'Nebraska' },
  { code: 'nv', name: 'Nevada' },
  { code: 'nh', name: 'New Hampshire' },
  { code: 'nj', name: 'New Jersey' },
  { code: 'nm', name: 'New Mexico' },
  { code: 'ny', name: 'New York' },
  { code: 'nc', name: 'North Carolina' },
  { code: 'nd', name: 'North Dakota' },
  { code: 'mp', name: 'Northern Mariana Islands' },
  { code: 'oh', name: 'Ohio' },
  { code: 'ok', name: 'Oklahoma' },
  { code: 'or', name: 'Oregon' },
  { code: 'pa', name: 'Pennsylvania' },
  { code: 'pr', name: 'Puerto Rico' },
  { code: 'ri', name: 'Rhode Island' },
  { code: 'sc', name: 'South Carolina' },
  { code: 'sd', name: 'South Dakota' },
  { code: 'tn', name: 'Tennessee' },
  { code: 'tx', name: 'Texas' },
  { code: 'vi', name: 'U.S. Virgin Islands' },
  { code: 'ut', name: 'Utah' },
  { code: 'vt', name: 'Vermont' },
  { code: 'va', name: 'Virginia' },
  { code: 'wa', name: 'Washington' },
  { code: 'wv', name: 'West Virginia' },
  { code: 'wi', name: 'Wisconsin' },
  { code: 'wy', name: 'Wyoming' },
];

/** All lookup items, per lookup type. */
export const lookupSeeds: Record<LookupType, LookupSeed[]> = {
  [LookupType.BusinessType]: ordered(businessTypes),
  [LookupType.Industry]: ordered(industries),
  [LookupType.FunctionalRole]: ordered(functionalRoles),
  [LookupType.Division]: ordered(divisions),
  [LookupType.NumberOfFacilities]: ordered(numbersOfFacilities),
  [LookupType.NumberOfEmployees]: ordered(numbersOfEmployees),
  [LookupType.HqRegion]: ordered(hqRegions),
  [LookupType.CompanyMaturity]: ordered(companyMaturities),
  [LookupType.ValueChainRole]: ordered(valueChainRoles),
  [LookupType.OrganizationType]: ordered(organizationTypes),
  [LookupType.UserGroup]: ordered(userGroups),
  [LookupType.RoadmapStatus]: ordered(roadmapStatuses),
  [LookupType.State]: ordered(states),
};

/** Total number of seeded lookup items, all types together. */
export function lookupSeedCount(): number {
  return Object.values(lookupSeeds).reduce((total, items) => total + items.length, 0);
}
