import { type Role, rolePrecedence } from '@domain/rules/roles';
import { describe, expect, it } from 'vitest';
import { accessFor, decideAccess, loginUrlFor, safeReturnUrl } from './routeAccess';

const as = (role: Role, requireChangePassword = false) => ({ role, requireChangePassword });
const reach = (pathname: string) =>
  rolePrecedence.filter((role) => decideAccess({ pathname }, as(role)).type === 'allow');

describe('route-access table: which roles reach which path', () => {
  it.each([
    '/',
    '/login',
    '/register',
    '/signup',
    '/invite/abc',
    '/forgotpassword',
    '/forgotusername',
    '/resetpassword/xyz',
    '/notpermitted',
    '/404',
    '/error',
    '/no/such/page',
  ])('%s is public', (path) => {
    expect(accessFor(path)).toBe('public');
    expect(decideAccess({ pathname: path }, null)).toEqual({ type: 'allow' });
  });

  it.each([
    '/profile',
    '/intro/trial',
    '/intro/current/about',
    '/getstarted/current',
    '/assessment/current',
    '/assessment/retake/current/results',
    '/otp/changepassword',
  ])('%s is open to every logged-in role', (path) => {
    expect(reach(path)).toEqual(rolePrecedence);
  });

  it('/admin/organization/mine: admin, consultant and champion', () => {
    expect(reach('/admin/organization/mine')).toEqual(['admin', 'consultant', 'manufacturer-champion']);
  });

  it("/actionplan: the manufacturer's own people, champion and members", () => {
    expect(reach('/actionplan')).toEqual(['manufacturer-champion', 'manufacturer']);
  });

  it.each([
    '/admin/organization/list/manufacturer',
    '/admin/organization/list/manufacturer/unassigned',
    '/admin/organization/manufacturer/new',
    '/admin/organization/manufacturer/42',
    '/admin/organization/42',
  ])('%s: admin and consultant', (path) => {
    expect(reach(path)).toEqual(['admin', 'consultant']);
  });

  it.each([
    '/admin/organization/list/consultant',
    '/admin/organization/list',
    '/admin/organization/new',
    '/admin/organization/consultant/42',
    '/admin/organization/consultant/new',
    '/admin/user/list/consultant/all',
    '/admin/user/list/manufacturer/inactive',
    '/admin/user/list/consultant/expired',
    '/admin/assessmentinvite/list',
    '/admin/assessmentinvite/list/future/pending',
    '/admin/section/list',
    '/admin/question/copy/3',
    '/admin/lookup/list',
    '/admin/audit/list',
  ])('%s: admin only', (path) => {
    expect(reach(path)).toEqual(['admin']);
  });

  it.each([
    '/admin/user/list',
    '/admin/user/list/pending',
    '/admin/user/list/visitor',
    '/admin/user/42',
    '/admin/user/new',
    '/admin/user/copy/42',
  ])('%s: admin and consultant (the user screens; the server checks each person)', (path) => {
    expect(reach(path)).toEqual(['admin', 'consultant']);
  });

  it('matches case-insensitively and ignores a trailing slash', () => {
    expect(reach('/Admin/Lookup/List/')).toEqual(['admin']);
    expect(reach('/ADMIN/organization/MINE')).toEqual(['admin', 'consultant', 'manufacturer-champion']);
  });
});

describe('decideAccess', () => {
  it('sends anonymous users to the login page with the path and query to return to', () => {
    expect(decideAccess({ pathname: '/admin/user/list', search: '?page=2' }, null)).toEqual({
      type: 'redirect',
      reason: 'login',
      to: '/?returnUrl=%2Fadmin%2Fuser%2Flist%3Fpage%3D2',
    });
  });

  it('sends a logged-in user without the role to /notpermitted', () => {
    expect(decideAccess({ pathname: '/admin/lookup/list' }, as('consultant'))).toEqual({
      type: 'redirect',
      reason: 'not-permitted',
      to: '/notpermitted',
    });
  });

  it('sends a user who must change the password there from every other page', () => {
    for (const pathname of ['/', '/profile', '/admin/lookup/list', '/404', '/notpermitted']) {
      expect(decideAccess({ pathname }, as('admin', true))).toMatchObject({
        reason: 'change-password',
        to: '/otp/changepassword',
      });
    }
    expect(decideAccess({ pathname: '/otp/changepassword' }, as('visitor', true))).toEqual({ type: 'allow' });
  });

  it('refuses a role-less user on role-restricted pages', () => {
    expect(
      decideAccess({ pathname: '/admin/lookup/list' }, { role: null, requireChangePassword: false }),
    ).toMatchObject({ reason: 'not-permitted' });
  });
});

describe('returnUrl', () => {
  it('round-trips through the login URL', () => {
    const url = new URL(loginUrlFor('/admin/user/list?x=1&y=2'), 'http://host');
    expect(safeReturnUrl(url.searchParams.get('returnUrl'))).toBe('/admin/user/list?x=1&y=2');
  });

  it('is followed only inside the app', () => {
    for (const bad of [
      'https://evil.example',
      '//evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
      '',
      null,
    ]) {
      expect(safeReturnUrl(bad)).toBeNull();
    }
  });
});
