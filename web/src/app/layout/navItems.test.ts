import { rolePrecedence } from '@domain/rules/roles';
import { decideAccess } from '@web/lib/routeAccess';
import { describe, expect, it } from 'vitest';
import { menuItemsFor } from './menuItems';
import { currentNavItem, navGroupsOf, navItemsFor, showsNavigation } from './navItems';

/** 'Group: label, label' per group, Home's group first. */
const outline = (role: Parameters<typeof navItemsFor>[0]) =>
  navGroupsOf(navItemsFor(role)).map(
    ({ group, items }) => `${group ?? '-'}: ${items.map((item) => item.label).join(', ')}`,
  );

describe('the navigation by role (docs/decisions.md#web-navigation)', () => {
  it('admin: every destination, grouped', () => {
    expect(outline('admin')).toEqual([
      '-: Home',
      'People: Users, Visitors, Consultants, Assessment Invites',
      'Organizations: Manufacturers, Consulting Firms, My Organization',
      'Assessment content: Sections, Questions, Lookup Items, Trial Assessment',
      'Insights: Portfolio, Shared Links, Audit Trail',
    ]);
  });

  it("consultant: their clients' and firm's people, not the visitors", () => {
    expect(outline('consultant')).toEqual([
      '-: Home',
      'People: Users',
      'Organizations: Manufacturers, My Firm',
      'Assessment content: Trial Assessment',
      'Insights: Portfolio',
    ]);
  });

  it('champion, visitor, manufacturer', () => {
    expect(outline('manufacturer-champion')).toEqual([
      '-: Home',
      'Organizations: My Roadmap',
      'Assessment content: Trial Assessment',
    ]);
    expect(outline('visitor')).toEqual(['-: Home', 'Assessment content: Trial Assessment']);
    // Home alone is no navigation: the logo goes there.
    expect(navItemsFor('manufacturer')).toEqual([]);
    expect(navItemsFor(null)).toEqual([]);
  });

  it.each(rolePrecedence)('%s: offers no page that answers Not Permitted', (role) => {
    for (const item of navItemsFor(role)) {
      expect(decideAccess({ pathname: item.to }, { role, requireChangePassword: false }), item.to).toEqual({
        type: 'allow',
      });
    }
  });

  it.each(rolePrecedence)("%s: holds every page of the role's user menu", (role) => {
    const navigation = navItemsFor(role).map((item) => item.to);
    for (const item of menuItemsFor(role)) {
      if (item.kind === 'link' && item.to !== '/profile') expect(navigation, item.label).toContain(item.to);
    }
  });

  it('never repeats a user-menu label, so the two read apart', () => {
    for (const role of rolePrecedence) {
      const menu = menuItemsFor(role).map((item) => item.label);
      for (const item of navItemsFor(role)) expect(menu).not.toContain(item.label);
    }
  });
});

describe('the current place', () => {
  const admin = navItemsFor('admin');
  const at = (pathname: string) => currentNavItem(admin, pathname)?.label ?? null;

  it.each([
    ['/', 'Home'],
    ['/admin/organization/list/manufacturer', 'Manufacturers'],
    ['/admin/organization/list/manufacturer/unassigned', 'Manufacturers'],
    ['/admin/organization/manufacturer/7', 'Manufacturers'],
    ['/admin/organization/consultant/3', 'Consulting Firms'],
    ['/admin/organization/mine', 'My Organization'],
    ['/admin/user/list', 'Users'],
    ['/admin/user/list/pending', 'Users'],
    ['/admin/user/42', 'Users'],
    ['/admin/user/list/visitor', 'Visitors'],
    ['/admin/user/list/consultant/all', 'Consultants'],
    ['/admin/user/list/consultant/expired', 'Consultants'],
    ['/admin/assessmentinvite/list/future/pending', 'Assessment Invites'],
    ['/admin/question/12', 'Questions'],
    ['/admin/section/copy/2', 'Sections'],
    ['/admin/lookup/new', 'Lookup Items'],
    ['/admin/sharelink/list', 'Shared Links'],
    ['/admin/audit/list', 'Audit Trail'],
    ['/portfolio', 'Portfolio'],
  ])('%s is %s', (pathname, label) => {
    expect(at(pathname)).toBe(label);
  });

  it('marks nothing where no destination leads', () => {
    expect(at('/profile')).toBeNull();
    expect(at('/assessment/results/3')).toBeNull();
    expect(at('/admin/organization/5')).toBeNull();
  });
});

describe('where the navigation shows', () => {
  it.each(['/', '/profile', '/admin/user/list', '/assessment/results/3', '/notpermitted', '/nowhere'])(
    '%s: shown',
    (pathname) => expect(showsNavigation(pathname)).toBe(true),
  );
  it.each([
    '/signup',
    '/invite/abc',
    '/shared/token',
    '/otp/changepassword',
    '/intro/trial',
    '/getstarted/current-state',
    '/assessment/current-state/people',
    '/assessment/retake/trial',
  ])('%s: a focused page without it', (pathname) => expect(showsNavigation(pathname)).toBe(false));
});
