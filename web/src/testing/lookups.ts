import { groupNames, LookupType, lookupTypeNames, OrganizationType, UserGroup } from '@domain/codes';
import type { LookupItem } from '../api/lookups';
import type { ConsultingFirmOption, OrganizationOption } from '../api/organizations';

let nextId = 1000;
function item(type: LookupType, name: string, extra: Partial<LookupItem> = {}): LookupItem {
  const id = nextId++;
  return {
    id,
    name,
    code: name.toLowerCase().replace(/\W+/g, '-'),
    lookupType: { enumValue: type, name: lookupTypeNames[type] },
    displayOrder: id,
    enumValue: null,
    organizationType: null,
    isActive: true,
    ...extra,
  };
}

/** A small set of lookup items of every type the user form uses. */
export const testLookups: LookupItem[] = [
  item(LookupType.BusinessType, 'Institute', { organizationType: OrganizationType.Admin }),
  item(LookupType.BusinessType, 'Management Consulting', { organizationType: OrganizationType.Consultant }),
  item(LookupType.BusinessType, 'Discrete Manufacturing', {
    organizationType: OrganizationType.Manufacturer,
  }),
  item(LookupType.BusinessType, 'Retired Type', {
    organizationType: OrganizationType.Manufacturer,
    isActive: false,
  }),
  item(LookupType.FunctionalRole, 'Engineering'),
  item(LookupType.FunctionalRole, 'Quality'),
  item(LookupType.Division, 'Manufacturing Plant'),
  item(LookupType.State, 'Ohio', { code: 'oh' }),
  item(LookupType.State, 'Texas', { code: 'tx' }),
  ...Object.values(UserGroup).map((group) =>
    item(LookupType.UserGroup, groupNames[group], { enumValue: group, displayOrder: group }),
  ),
];

export const lookupNamed = (name: string): LookupItem => {
  const found = testLookups.find((i) => i.name === name);
  if (!found) throw new Error(`no test lookup ${name}`);
  return found;
};

export const testConsultingFirms: ConsultingFirmOption[] = [
  { id: 51, name: 'Bright Path Advisors', state: { id: 1, name: 'Ohio', code: 'oh' } },
  { id: 52, name: 'North Star Consulting', state: null },
];

export const testOrganizations: OrganizationOption[] = [
  {
    id: 61,
    name: 'Acme Precision Parts',
    type: { enumValue: OrganizationType.Manufacturer, name: 'Manufacturer' },
  },
  {
    id: 62,
    name: 'Bright Path Advisors',
    type: { enumValue: OrganizationType.Consultant, name: 'Consulting Firm' },
  },
  { id: 63, name: 'SM Roadmap Institute', type: { enumValue: OrganizationType.Admin, name: 'Admin' } },
  {
    id: 64,
    name: 'Closed Works',
    type: { enumValue: OrganizationType.Manufacturer, name: 'Manufacturer' },
    isActive: false,
  },
];
