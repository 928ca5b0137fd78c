import { type Access, canAccess } from '@domain/policies/access';
import { userScreenRoles } from '@domain/policies/users';
import type { Role } from '@domain/rules/roles';
import { matchPath } from 'react-router';
import { paths } from './paths';

export type { Access };

type RouteAccess = { pattern: string; access: Access };

/**
 * The route-access table of docs/product.md#screens and docs/product.md#permissions. First match wins, so specific patterns come
 * before their wildcard parents. A page added later only needs its component in routes.tsx; its
 * access is already decided here. Paths not listed are public and end at Page Not Found.
 */
export const routeAccessTable: readonly RouteAccess[] = [
  { pattern: '/', access: 'public' },
  { pattern: '/login', access: 'public' },
  { pattern: '/register', access: 'public' },
  { pattern: '/signup', access: 'public' },
  { pattern: '/invite/:code', access: 'public' },
  { pattern: '/forgotpassword', access: 'public' },
  { pattern: '/forgotusername', access: 'public' },
  { pattern: '/resetpassword/:code', access: 'public' },
  { pattern: '/confirmemail/:code', access: 'public' },
  { pattern: '/notpermitted', access: 'public' },
  { pattern: '/404', access: 'public' },
  { pattern: '/error', access: 'public' },
  // A shared roadmap link is for people without an account (docs/product.md#insights-share-links).
  { pattern: '/shared/:token', access: 'public' },
  // The one-time password change acts on the logged-in account, so it needs the session.
  { pattern: paths.changePasswordRequired, access: 'authenticated' },
  { pattern: '/profile', access: 'authenticated' },
  { pattern: '/intro/*', access: 'authenticated' },
  { pattern: '/getstarted/*', access: 'authenticated' },
  { pattern: '/assessment/*', access: 'authenticated' },
  { pattern: paths.myOrganization, access: ['admin', 'consultant', 'manufacturer-champion'] },
  // One's own organization's Action Plan (docs/decisions.md#insights-actions): its people read it.
  { pattern: paths.actionPlan, access: ['manufacturer-champion', 'manufacturer'] },
  { pattern: '/admin/organization/list/manufacturer/*', access: ['admin', 'consultant'] },
  { pattern: '/admin/organization/manufacturer/*', access: ['admin', 'consultant'] },
  // The untyped page of a saved organization is the same page (docs/decisions.md#organization-untyped-link):
  // links admins copy work for the consultant too, whose reach the server checks. Only administrators
  // choose a new organization's type; the other untyped paths are the administrators' lists.
  { pattern: '/admin/organization/new', access: ['admin'] },
  { pattern: '/admin/organization/list/*', access: ['admin'] },
  { pattern: '/admin/organization/:id', access: ['admin', 'consultant'] },
  // Consultants open the user screens for their own firm's and clients' people (the server checks
  // each person); the group lists (/admin/user/list/{group}/{mode}) stay the institute's.
  { pattern: paths.users, access: userScreenRoles },
  { pattern: `${paths.users}/:status`, access: userScreenRoles },
  { pattern: paths.newUser, access: userScreenRoles },
  { pattern: '/admin/user/copy/:parentId', access: userScreenRoles },
  { pattern: '/admin/user/:id', access: userScreenRoles },
  { pattern: paths.auditTrail, access: ['admin'] },
  { pattern: paths.portfolio, access: ['admin', 'consultant'] },
  { pattern: '/admin/*', access: ['admin'] },
];

export function accessFor(pathname: string): Access {
  const entry = routeAccessTable.find(({ pattern }) => matchPath(pattern, pathname) !== null);
  return entry?.access ?? 'public';
}

export type AccessDecision =
  | { type: 'allow' }
  | { type: 'redirect'; reason: 'login' | 'change-password' | 'not-permitted'; to: string };

type Visitor = { role: Role | null; requireChangePassword: boolean } | null;

/** What the route guard does for this user on this location (docs/product.md#permissions). */
export function decideAccess(location: { pathname: string; search?: string }, user: Visitor): AccessDecision {
  const { pathname, search = '' } = location;
  if (user?.requireChangePassword && !matchPath(paths.changePasswordRequired, pathname)) {
    return { type: 'redirect', reason: 'change-password', to: paths.changePasswordRequired };
  }
  const access = accessFor(pathname);
  if (access === 'public') return { type: 'allow' };
  if (!user) return { type: 'redirect', reason: 'login', to: loginUrlFor(pathname + search) };
  if (canAccess(user.role ?? undefined, access)) return { type: 'allow' };
  return { type: 'redirect', reason: 'not-permitted', to: paths.notPermitted };
}

/** `/?returnUrl=...`: the login page brings the user back here (docs/product.md#screens). */
export function loginUrlFor(returnTo: string): string {
  return `${paths.home}?returnUrl=${encodeURIComponent(returnTo)}`;
}

/** A returnUrl is followed only when it stays inside the app: no other host, no scheme. */
export function safeReturnUrl(value: string | null | undefined): string | null {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}
