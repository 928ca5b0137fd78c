import { OrganizationType, organizationTypeCodes } from '@domain/codes';

type ListedType = Exclude<OrganizationType, typeof OrganizationType.Any>;

/** Which organization list a route shows (docs/product.md#screens-organization-list). */
export type OrganizationListKind = {
  type: ListedType;
  /** Manufacturers without a consulting firm. */
  unassigned: boolean;
  title: string;
  /** The add button's label; visitors' organizations have no form to add one with. */
  addLabel: string | null;
};

const UNASSIGNED = 'unassigned';

const wording: Record<ListedType, { title: string; addLabel: string | null }> = {
  [OrganizationType.Admin]: { title: 'Organizations', addLabel: 'Add Organization' },
  [OrganizationType.Consultant]: { title: 'Consulting Firms', addLabel: 'Add Consulting Firm' },
  [OrganizationType.Manufacturer]: { title: 'Manufacturers', addLabel: 'Add Manufacturer' },
  [OrganizationType.Visitor]: { title: 'Visitor', addLabel: null },
};

const listedTypes = Object.keys(organizationTypeCodes).map(Number) as ListedType[];

/**
 * /admin/organization/list/{type}[/unassigned]. The type is an organization type code; only
 * manufacturers can be unassigned (they are the ones with a consulting firm). Anything else: null.
 */
export function organizationListKindOf(params: {
  type?: string;
  unassigned?: string;
}): OrganizationListKind | null {
  const type = listedTypes.find((value) => organizationTypeCodes[value] === params.type);
  if (type === undefined) return null;
  const unassigned = params.unassigned !== undefined;
  if (unassigned && (params.unassigned !== UNASSIGNED || type !== OrganizationType.Manufacturer)) return null;
  const { title, addLabel } = wording[type];
  return { type, unassigned, title: unassigned ? `${title} (Unassigned)` : title, addLabel };
}

/** The list itself, and its unassigned variant: the targets of the manufacturer lists' menu. */
export function organizationListPath(type: ListedType, unassigned = false): string {
  const path = `/admin/organization/list/${organizationTypeCodes[type]}`;
  return unassigned ? `${path}/${UNASSIGNED}` : path;
}

/** The organization's own page; typed for the types that have a form, by id for the others. */
export function organizationItemPath(type: number, id: number): string {
  const hasTypedForm =
    type === OrganizationType.Admin ||
    type === OrganizationType.Consultant ||
    type === OrganizationType.Manufacturer;
  return hasTypedForm
    ? `/admin/organization/${organizationTypeCodes[type]}/${id}`
    : `/admin/organization/${id}`;
}

/** /admin/organization/{type}/new: the add button's target. */
export function newOrganizationPath(type: ListedType): string {
  return `/admin/organization/${organizationTypeCodes[type]}/new`;
}

/** What to do when a list is empty (docs/decisions.md#web-list-empty). */
export function organizationEmptyHint(kind: OrganizationListKind, role: string): string {
  if (kind.unassigned) return 'Every manufacturer works with a consulting firm.';
  if (kind.type === OrganizationType.Visitor) return 'Visitors appear here once they sign up.';
  if (kind.type === OrganizationType.Manufacturer && role === 'consultant') {
    return "Add your firm's first client with Add Manufacturer.";
  }
  return kind.addLabel ? `Add one with ${kind.addLabel}.` : '';
}
