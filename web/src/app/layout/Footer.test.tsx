// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ticketStore } from '@web/api/ticketStore';
import { buildUser } from '@web/testing/buildUser';
import { fakeFetch, renderApp } from '@web/testing/renderApp';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

beforeEach(() => {
  vi.stubGlobal('scrollTo', () => {});
  vi.stubGlobal('fetch', vi.fn(fakeFetch({ 'admin/lookup/getall': () => ({ body: [] }) })));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  ticketStore.clear();
});

/** The links of one footer column as 'label -> address'. */
function column(title: string) {
  const nav = screen.getByRole('navigation', { name: title });
  return within(nav)
    .getAllByRole('link')
    .map((link) => `${link.textContent} -> ${link.getAttribute('href')}`);
}

const footer = () => screen.getByRole('contentinfo');

describe('the footer (docs/product.md#screens)', () => {
  it('shows the Resources and Information columns and the 2024 copyright line to a visitor', async () => {
    renderApp({ path: '/' });
    await screen.findByRole('heading', { name: 'Resources' });
    expect(within(footer()).getByRole('heading', { name: 'Information' })).toBeTruthy();
    expect(column('Resources')).toEqual([
      'Trial Assessment -> /intro/trial',
      'What Is Smart Manufacturing? -> /intro/trial/definition',
      'Why a Roadmap Pays Off -> /intro/trial/value',
      'The Acceleration Framework -> /intro/trial/acceleration-framework',
    ]);
    expect(column('Information')).toEqual([
      'Sign In -> /',
      'Create an Account -> /signup',
      'Forgot Password -> /forgotpassword',
      'Forgot User Name -> /forgotusername',
    ]);
    expect(within(footer()).getByText('© 2024 SM Roadmap. All rights reserved.')).toBeTruthy();
  });

  it('leads a signed-out visitor to sign in first, then to the page', async () => {
    const { router } = renderApp({ path: '/forgotpassword' });
    await screen.findByRole('heading', { name: 'Forgot Password' });
    fireEvent.click(within(footer()).getByRole('link', { name: 'Trial Assessment' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(router.state.location.search).toBe(`?returnUrl=${encodeURIComponent('/intro/trial')}`);
    fireEvent.click(within(footer()).getByRole('link', { name: 'Create an Account' }));
    expect(await screen.findByRole('heading', { name: 'Get Started!' })).toBeTruthy();
  });

  it('offers a signed-in user the trial, home and profile, and opens the pages', async () => {
    const { router } = renderApp({ path: '/profile', user: buildUser('consultant') });
    await screen.findByRole('heading', { name: 'Resources' });
    expect(column('Resources')[0]).toBe('Trial Assessment -> /intro/trial');
    expect(column('Information')).toEqual(['Home -> /', 'My Profile -> /profile']);
    fireEvent.click(within(footer()).getByRole('link', { name: 'What Is Smart Manufacturing?' }));
    expect(await screen.findByRole('heading', { name: 'What Is Smart Manufacturing?' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/intro/trial/definition');
  });

  it('offers administrators the audit trail, which the admin menu of docs/product.md does not list', async () => {
    renderApp({ path: '/profile', user: buildUser('admin') });
    await screen.findByRole('heading', { name: 'Resources' });
    expect(column('Information')).toEqual([
      'Home -> /',
      'My Profile -> /profile',
      'Audit Trail -> /admin/audit/list',
    ]);
  });

  it("gives a manufacturer, who takes no trial, their own assessment's introduction", async () => {
    renderApp({ path: '/profile', user: buildUser('manufacturer') });
    await screen.findByRole('heading', { name: 'Resources' });
    expect(column('Resources')).toEqual([
      'What Is Smart Manufacturing? -> /intro/current-state/definition',
      'Why a Roadmap Pays Off -> /intro/current-state/value',
      'The Acceleration Framework -> /intro/current-state/acceleration-framework',
    ]);
  });

  it('is reachable by keyboard and has no accessibility violations', async () => {
    renderApp({ path: '/' });
    await screen.findByRole('heading', { name: 'Resources' });
    for (const link of within(footer()).getAllByRole('link')) {
      expect(link.tagName).toBe('A');
      expect(link.getAttribute('href')).toMatch(/^\//);
      expect(link.tabIndex).toBe(0);
    }
    // Colour contrast needs a layout engine: the browser journeys check it.
    const result = await axe.run(footer(), { rules: { 'color-contrast': { enabled: false } } });
    expect(result.violations.map((v) => v.id)).toEqual([]);
  });
});
