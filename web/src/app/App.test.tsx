// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildUser } from '../testing/buildUser';
import { fakeFetch, renderApp } from '../testing/renderApp';

beforeEach(() => {
  vi.stubGlobal('fetch', vi.fn(fakeFetch({ 'admin/lookup/getall': () => ({ body: [] }) })));
  vi.stubGlobal('scrollTo', () => {});
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('routing and guard', () => {
  it('shows the login page to anonymous users at /', async () => {
    renderApp({ path: '/' });
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeTruthy();
    expect(screen.getByLabelText('User Name')).toBeTruthy();
    expect(screen.getByLabelText('Password')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Register' }).getAttribute('href')).toBe('/register');
    expect(screen.getByRole('link', { name: 'Forgot Password?' }).getAttribute('href')).toBe(
      '/forgotpassword',
    );
    expect(screen.getByRole('link', { name: 'Forgot User Name?' }).getAttribute('href')).toBe(
      '/forgotusername',
    );
  });

  it('sends anonymous users on a protected path to the login page with a returnUrl', async () => {
    const { router } = renderApp({ path: '/admin/lookup/list?page=2' });
    await screen.findByRole('heading', { name: 'Sign In' });
    expect(router.state.location.pathname).toBe('/');
    expect(new URLSearchParams(router.state.location.search).get('returnUrl')).toBe(
      '/admin/lookup/list?page=2',
    );
  });

  it('sends a consultant away from admin-only paths with the exact message', async () => {
    const { router } = renderApp({ path: '/admin/lookup/list', user: buildUser('consultant') });
    expect(
      await screen.findByText(
        'You are not permitted to enter this area. You have been redirected to the home page.',
      ),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/notpermitted');
  });

  it('lets an admin through to a path whose page does not exist yet: Page Not Found', async () => {
    const { router } = renderApp({ path: '/admin/analytics', user: buildUser('admin') });
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/analytics');
  });

  it('sends a user who must change the password to /otp/changepassword', async () => {
    const { router } = renderApp({
      path: '/',
      user: buildUser('manufacturer', { requireChangePassword: true }),
    });
    expect(await screen.findByRole('heading', { name: 'Change Password Required' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/otp/changepassword');
  });
});

describe('dashboard and menu by role', () => {
  const tileTitles = async () => {
    await screen.findByRole('heading', { name: /^Welcome, / });
    // The tiles show together once their data has answered (here: failed).
    await screen.findAllByRole('article', undefined, { timeout: 5000 });
    return screen.queryAllByRole('article').map((tile) => within(tile).getByRole('heading').textContent);
  };

  it('greets by full name and labels the menu with the first word', async () => {
    renderApp({ user: buildUser('admin', { fullName: 'Morgan Lee Admin' }) });
    expect(await screen.findByRole('heading', { name: 'Welcome, Morgan Lee Admin' })).toBeTruthy();
    // The user menu is a chunk of its own, loaded once signed in.
    expect(await screen.findByRole('button', { name: 'Morgan' })).toBeTruthy();
  });

  it.each([
    [
      'admin',
      [
        'At a Glance',
        'Consulting Firms',
        'Manufacturers',
        'Visitors',
        'Trial Assessment',
        'Outgoing Mail',
        'Shared Links',
        'Latest Result',
      ],
    ],
    ['consultant', ['At a Glance', 'Manufacturers', 'My Firm', 'Trial Assessment', 'Latest Result']],
    [
      'manufacturer-champion',
      [
        'At a Glance',
        'Manage Roadmap',
        'Trial Assessment',
        'Pending Assessments',
        'My Actions',
        'Completed Assessments',
      ],
    ],
    ['manufacturer', ['Pending Assessments', 'My Actions', 'Completed Assessments']],
    ['visitor', ['Trial Assessment', 'Latest Result']],
  ] as const)('%s tiles', async (role, titles) => {
    renderApp({ user: buildUser(role) });
    expect(await tileTitles()).toEqual(titles);
  });

  it('gives a visitor a plain Logout button instead of a menu', async () => {
    renderApp({ user: buildUser('visitor') });
    await screen.findByRole('heading', { name: /^Welcome, / });
    const nav = screen.getByRole('navigation', { name: 'User' });
    await within(nav).findByRole('button', { name: 'Logout' });
    expect(
      within(nav)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Logout']);
  });
});
