import type { Role } from '@domain/rules/roles';
import { paths } from '@web/lib/paths';

export type MenuItem =
  | { label: string; kind: 'link'; to: string }
  | { label: string; kind: 'download-benchmark' }
  | { label: string; kind: 'logout' };

const link = (label: string, to: string): MenuItem => ({ label, kind: 'link', to });
const logout: MenuItem = { label: 'Logout', kind: 'logout' };
const editProfile = link('Edit My Profile', paths.profile);

/**
 * The user menu of docs/product.md#screens-menu, in the order listed there, with the Client
 * Portfolio of docs/product.md#insights-portfolio (docs/product.md#insights-portfolio) right after Manage Manufacturers.
 */
const menuByRole: Record<Role, readonly MenuItem[]> = {
  admin: [
    link('Manage Consulting Firms', paths.consultingFirms),
    link('Manage Manufacturers', paths.manufacturers),
    link('Client Portfolio', paths.portfolio),
    link('Manage Visitors', paths.visitors),
    link('All Consultants', paths.allConsultants),
    link('All Assessment Invites', paths.assessmentInvites),
    { label: 'Download Benchmark CSV', kind: 'download-benchmark' },
    link('Manage Assessment Sections', paths.sections),
    link('Manage Assessment Questions', paths.questions),
    link('Manage Lookup Items', paths.lookups),
    link('Manage My Organization', paths.myOrganization),
    editProfile,
    logout,
  ],
  consultant: [
    link('Manage Manufacturers', paths.manufacturers),
    link('Client Portfolio', paths.portfolio),
    link('Manage My Firm', paths.myOrganization),
    editProfile,
    logout,
  ],
  'manufacturer-champion': [link('Manage Roadmap', paths.myOrganization), editProfile, logout],
  manufacturer: [editProfile, logout],
  visitor: [logout],
};

export function menuItemsFor(role: Role | null): readonly MenuItem[] {
  return role ? menuByRole[role] : [];
}

/** The menu label: the first word of the user's full name (docs/product.md#screens). */
export function menuLabel(fullName: string | null | undefined, fallback = ''): string {
  return fullName?.trim().split(/\s+/)[0] || fallback;
}
