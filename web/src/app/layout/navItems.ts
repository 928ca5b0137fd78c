import { AssessmentType, TRIAL_ASSESSMENT_CODE, UserGroup } from '@domain/codes';
import { canAccess } from '@domain/policies/access';
import { canOpenAssessment } from '@domain/policies/assessments';
import { canReachUser } from '@domain/policies/users';
import type { Role } from '@domain/rules/roles';
import { assessmentPaths, paths } from '@web/lib/paths';
import { accessFor } from '@web/lib/routeAccess';
import { matchPath } from 'react-router';

export type NavGroup = 'People' | 'Organizations' | 'Assessment content' | 'Insights';

export type NavItem = {
  /** Names the destination in tests and React keys. */
  id: string;
  label: string;
  to: string;
  /** Home stands above the groups. */
  group: NavGroup | null;
  /** The routes that count as being at this destination (its list, its items, their forms). */
  current: readonly string[];
};

type Destination = Omit<NavItem, 'label'> & {
  /** The link's text: short nouns, so a link never reads like a user-menu item. */
  label: string | ((role: Role) => string);
  /** A narrower rule where the route-access table lets more roles in than have anything there. */
  shows?: (role: Role) => boolean;
};

/** A visitor is reached by whom docs/product.md#permissions lets reach one: the administrators. */
const reachesVisitors = (role: Role) =>
  canReachUser(
    { role, organizationId: null, userId: 0 },
    { id: 0, group: UserGroup.Visitor, organization: null },
  );

const trial = TRIAL_ASSESSMENT_CODE;

/**
 * Every destination of the persistent navigation (docs/decisions.md#web-navigation), in display order.
 * Who sees one is the route-access table's answer for its address, so the navigation never offers a
 * page that would answer Not Permitted; the user menu's links are among them for every role.
 */
const destinations: readonly Destination[] = [
  { id: 'home', label: 'Home', to: paths.home, group: null, current: [paths.home, paths.login] },
  {
    id: 'users',
    label: 'Users',
    to: paths.users,
    group: 'People',
    current: [
      paths.users,
      `${paths.users}/:status`,
      paths.newUser,
      '/admin/user/copy/:parentId',
      '/admin/user/:id',
    ],
  },
  {
    id: 'visitors',
    label: 'Visitors',
    to: paths.visitors,
    group: 'People',
    current: [`${paths.visitors}/*`],
    shows: reachesVisitors,
  },
  {
    id: 'consultants',
    label: 'Consultants',
    to: paths.allConsultants,
    group: 'People',
    current: [`${paths.users}/consultant/*`],
  },
  {
    id: 'invites',
    label: 'Assessment Invites',
    to: paths.assessmentInvites,
    group: 'People',
    current: [`${paths.assessmentInvites}/*`],
  },
  {
    id: 'manufacturers',
    label: 'Manufacturers',
    to: paths.manufacturers,
    group: 'Organizations',
    current: [`${paths.manufacturers}/*`, '/admin/organization/manufacturer/*'],
  },
  {
    id: 'consulting-firms',
    label: 'Consulting Firms',
    to: paths.consultingFirms,
    group: 'Organizations',
    current: [`${paths.consultingFirms}/*`, '/admin/organization/consultant/*'],
  },
  {
    id: 'my-organization',
    // The menu's names for the one page: the institute's organization, a consultant's firm, a champion's roadmap.
    label: (role) =>
      role === 'consultant' ? 'My Firm' : role === 'manufacturer-champion' ? 'My Roadmap' : 'My Organization',
    to: paths.myOrganization,
    group: 'Organizations',
    current: [paths.myOrganization],
  },
  {
    id: 'sections',
    label: 'Sections',
    to: paths.sections,
    group: 'Assessment content',
    current: ['/admin/section/*'],
  },
  {
    id: 'questions',
    label: 'Questions',
    to: paths.questions,
    group: 'Assessment content',
    current: ['/admin/question/*'],
  },
  {
    id: 'lookups',
    label: 'Lookup Items',
    to: paths.lookups,
    group: 'Assessment content',
    current: ['/admin/lookup/*'],
  },
  {
    id: 'trial',
    label: 'Trial Assessment',
    to: paths.trialAssessment,
    group: 'Assessment content',
    current: [
      `${assessmentPaths.intro(trial)}/*`,
      assessmentPaths.getStarted(trial),
      `${assessmentPaths.take(trial)}/*`,
      `/assessment/retake/${trial}/*`,
      `/assessment/view/${trial}/*`,
    ],
    shows: (role) => canOpenAssessment(role, AssessmentType.Trial),
  },
  { id: 'portfolio', label: 'Portfolio', to: paths.portfolio, group: 'Insights', current: [paths.portfolio] },
  {
    id: 'share-links',
    label: 'Shared Links',
    to: paths.shareLinks,
    group: 'Insights',
    current: ['/admin/sharelink/*'],
  },
  {
    id: 'audit',
    label: 'Audit Trail',
    to: paths.auditTrail,
    group: 'Insights',
    current: ['/admin/audit/*'],
  },
];

/** The role's destinations in display order; empty when there is nowhere to go but Home. */
export function navItemsFor(role: Role | null): readonly NavItem[] {
  if (!role) return [];
  const items = destinations
    .filter((d) => canAccess(role, accessFor(d.to)) && (d.shows?.(role) ?? true))
    .map(({ shows: _, label, ...d }) => ({ ...d, label: typeof label === 'string' ? label : label(role) }));
  return items.length > 1 ? items : [];
}

/** The items under their group headings, groups in the order of their first item. */
export function navGroupsOf(items: readonly NavItem[]): { group: NavGroup | null; items: NavItem[] }[] {
  const groups: { group: NavGroup | null; items: NavItem[] }[] = [];
  for (const item of items) {
    const found = groups.find((g) => g.group === item.group);
    if (found) found.items.push(item);
    else groups.push({ group: item.group, items: [item] });
  }
  return groups;
}

/** Fixed segments of a route pattern: the more, the more specific. */
const specificity = (pattern: string) =>
  pattern.split('/').filter((s) => s && !s.startsWith(':') && s !== '*').length;

/**
 * The destination the person is at: the one whose route matches most specifically, so a visitor
 * list is Visitors and not Users, and an organization page under Manufacturers is Manufacturers.
 */
export function currentNavItem(items: readonly NavItem[], pathname: string): NavItem | null {
  let best: { item: NavItem; score: number } | null = null;
  for (const item of items) {
    for (const pattern of item.current) {
      if (matchPath(pattern, pathname) === null) continue;
      const score = specificity(pattern);
      if (!best || score > best.score) best = { item, score };
    }
  }
  return best?.item ?? null;
}

/**
 * Pages without the navigation (docs/decisions.md#web-navigation): the signed-out pages, the
 * one-time password change, and the assessment itself, which keeps a focused layout. The results
 * page is a destination like any other.
 */
const withoutNavigation = [
  paths.register,
  paths.signup,
  '/invite/*',
  paths.forgotPassword,
  paths.forgotUserName,
  '/resetpassword/*',
  '/confirmemail/*',
  '/shared/*',
  paths.changePasswordRequired,
  '/intro/*',
  '/getstarted/*',
  '/assessment/*',
];

export function showsNavigation(pathname: string): boolean {
  if (matchPath('/assessment/results/*', pathname)) return true;
  return !withoutNavigation.some((pattern) => matchPath(pattern, pathname) !== null);
}
