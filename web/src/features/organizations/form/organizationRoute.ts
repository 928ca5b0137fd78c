import { OrganizationType, organizationTypeCodes } from '@domain/codes';
import { type Access, canAccess } from '@domain/policies/access';
import { cancelTargetIsHome } from '@domain/rules/organizations';
import type { Role } from '@domain/rules/roles';
import type { OrganizationSource } from '@web/api/organizationForm';

/** What the route asks for: which organization, and whether the administrator picks its type. */
export type OrganizationLocation = {
  source: OrganizationSource;
  /** Only /admin/organization/new fixes no type, so its Type select starts empty. */
  choosesType: boolean;
};

/** The organization types that have a form; visitors' organizations are not managed here. */
const formTypes = [
  OrganizationType.Manufacturer,
  OrganizationType.Consultant,
  OrganizationType.Admin,
] as const;
const typeOfCode = (code: string) => formTypes.find((type) => organizationTypeCodes[type] === code);

/**
 * /admin/organization/{id} (a number, 'mine' or 'new') and /admin/organization/{type}/{id} (type
 * manufacturer, consultant or admin; id a number or 'new'). Anything else is not a page (null).
 */
export function organizationLocationOf(params: { type?: string; id?: string }): OrganizationLocation | null {
  const { id = '' } = params;
  let fixedType: number | null = null;
  if (params.type !== undefined) {
    const type = typeOfCode(params.type);
    if (type === undefined) return null;
    fixedType = type;
  }
  if (id === 'mine') return fixedType === null ? { source: { kind: 'mine' }, choosesType: false } : null;
  if (id === 'new') {
    // The richest blank (a manufacturer's, with roadmap and aliases) serves while no type is chosen.
    return {
      source: { kind: 'blank', type: fixedType ?? OrganizationType.Manufacturer },
      choosesType: fixedType === null,
    };
  }
  if (!/^\d+$/.test(id) || Number(id) <= 0) return null;
  return { source: { kind: 'saved', id: Number(id) }, choosesType: false };
}

/** The route of an organization's own page, by its type: /admin/organization/manufacturer/12. */
export function organizationPath(type: number, id: number | 'new'): string {
  const code = organizationTypeCodes[type as keyof typeof organizationTypeCodes];
  return code ? `/admin/organization/${code}/${id}` : `/admin/organization/${id}`;
}

/** The list of an organization type: /admin/organization/list/consultant. */
export function organizationListPath(type: number): string {
  const code = organizationTypeCodes[type as keyof typeof organizationTypeCodes] ?? 'manufacturer';
  return `/admin/organization/list/${code}`;
}

/**
 * Where Cancel goes (docs/product.md#screens): home for a champion, else the type's list, or the list the
 * user came from (with its search and page). A list the role may not open (a consultant's own firm
 * is in the consulting firms list, which is the administrators') also leads home.
 */
export function cancelTargetOf(options: {
  role: Role | undefined;
  type: number;
  returnTo: string | undefined;
  accessOf: (path: string) => Access;
}): string {
  const { role, type, returnTo, accessOf } = options;
  const listPath = organizationListPath(type);
  if (cancelTargetIsHome(role) || !canAccess(role, accessOf(listPath))) return '/';
  return returnTo?.startsWith('/') && !returnTo.startsWith('//') ? returnTo : listPath;
}
