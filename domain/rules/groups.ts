import { OrganizationType, UserGroup } from '../codes.js';

/** The organization type a user of each group belongs to (docs/product.md#codes-entities, reversed). */
export const organizationTypeOfGroup: Record<UserGroup, OrganizationType> = {
  [UserGroup.Admin]: OrganizationType.Admin,
  [UserGroup.Consultant]: OrganizationType.Consultant,
  [UserGroup.ManufacturerChampion]: OrganizationType.Manufacturer,
  [UserGroup.Manufacturer]: OrganizationType.Manufacturer,
  [UserGroup.Visitor]: OrganizationType.Visitor,
};

export function organizationTypeOf(group: number | undefined): OrganizationType | undefined {
  return group === undefined ? undefined : organizationTypeOfGroup[group as UserGroup];
}

/**
 * The organization type whose business types a group chooses from. Visitor organizations have no
 * business types of their own; a visitor is a prospective manufacturer, so they get the manufacturers'.
 */
export function businessTypeOwner(group: number | undefined): OrganizationType | undefined {
  const type = organizationTypeOf(group);
  return type === OrganizationType.Visitor ? OrganizationType.Manufacturer : type;
}
