import { groupNames, LookupType, UserGroup } from '@domain/codes';
import { businessTypeOwner, organizationTypeOf } from '@domain/rules/groups';
import { signupGroups, type UserFormMode } from '@domain/schemas/account';
import { type LookupItem, lookupsOfType } from '@web/api/lookups';
import {
  type ConsultingFirmOption,
  consultingFirmLabel,
  type OrganizationOption,
} from '@web/api/organizations';
import type { SelectOption } from '../form/SelectField';
import { REFERRED_BY_OTHER } from './userFormValues';

export const REFERRED_BY_OTHER_TEXT = 'Other (please specify)';

/** Whether a business type item belongs with the group (so it can stay chosen when the group changes). */
export function businessTypeFitsGroup(item: LookupItem | undefined, group: number | undefined): boolean {
  return item !== undefined && item.organizationType === businessTypeOwner(group);
}

/** Adds the current choice when the list no longer offers it (inactive item, other type), so it still shows. */
function withCurrent(options: SelectOption[], current: string, all: readonly SelectOption[]): SelectOption[] {
  if (options.some((o) => String(o.value) === current)) return options;
  const chosen = all.find((o) => String(o.value) === current);
  return chosen ? [...options, chosen] : options;
}

const toOption = (item: { id: number; name: string }): SelectOption => ({ value: item.id, label: item.name });

/** Active items of one lookup type, plus the current choice. */
export function lookupOptions(
  lookups: readonly LookupItem[] | undefined,
  type: LookupType,
  current: string,
): SelectOption[] {
  const items = lookupsOfType(lookups, type);
  return withCurrent(items.filter((i) => i.isActive).map(toOption), current, items.map(toOption));
}

/** Business types of the organization type that goes with the group; none until a group is chosen. */
export function businessTypeOptions(
  lookups: readonly LookupItem[] | undefined,
  group: number | undefined,
  current: string,
): SelectOption[] {
  const items = lookupsOfType(lookups, LookupType.BusinessType);
  const fitting = items.filter((i) => i.isActive && businessTypeFitsGroup(i, group));
  return withCurrent(fitting.map(toOption), current, items.map(toOption));
}

/** The groups a mode offers (docs/product.md#permissions: sign-up offers consultant and champion only). */
export function groupOptions(lookups: readonly LookupItem[] | undefined, mode: UserFormMode): SelectOption[] {
  const offered = mode === 'signup' ? signupGroups : Object.values(UserGroup);
  return offered.map((group) => ({ value: group, label: groupLabel(lookups, group) }));
}

/** A group's name: the user-group lookup item's (administrators may rename it), else the built-in one. */
export function groupLabel(lookups: readonly LookupItem[] | undefined, group: number | undefined): string {
  if (group === undefined) return '';
  const item = lookupsOfType(lookups, LookupType.UserGroup).find((i) => i.enumValue === group);
  return item?.name ?? groupNames[group as UserGroup] ?? '';
}

/**
 * Active organizations of the type that goes with the group (all types while no group is chosen),
 * plus the current one.
 */
export function organizationOptions(
  organizations: readonly OrganizationOption[] | undefined,
  group: number | undefined,
  current: string,
): SelectOption[] {
  const all = [...(organizations ?? [])].sort((a, b) => a.name.localeCompare(b.name));
  const type = organizationTypeOf(group);
  const fitting = all.filter(
    (o) => o.isActive !== false && (type === undefined || o.type?.enumValue === type),
  );
  return withCurrent(fitting.map(toOption), current, all.map(toOption));
}

export function organizationFitsGroup(
  organization: OrganizationOption | undefined,
  group: number | undefined,
): boolean {
  const type = organizationTypeOf(group);
  return organization !== undefined && (type === undefined || organization.type?.enumValue === type);
}

/**
 * Consulting firms by name, then 'Other (please specify)'. The firm the user was saved with stays
 * listed even when it is no longer offered (deactivated), so saving does not drop it.
 */
export function referredByOptions(
  firms: readonly ConsultingFirmOption[] | undefined,
  saved: { id: string | undefined; name: string | undefined },
): SelectOption[] {
  const sorted = [...(firms ?? [])].sort((a, b) => a.name.localeCompare(b.name));
  const options: SelectOption[] = sorted.map((firm) => ({
    value: firm.id,
    label: consultingFirmLabel(firm),
  }));
  const savedId = Number(saved.id);
  if (savedId > 0 && saved.name && !options.some((o) => o.value === savedId)) {
    options.push({ value: savedId, label: saved.name });
  }
  return [...options, { value: REFERRED_BY_OTHER, label: REFERRED_BY_OTHER_TEXT }];
}
