// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ticketStore } from '@web/api/ticketStore';
import { buildUser } from '@web/testing/buildUser';
import { fakeFetch, renderApp } from '@web/testing/renderApp';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

beforeEach(() => {
  vi.stubGlobal('scrollTo', () => {});
  // jsdom has no media queries; the drawer asks one (a phone-sized window: none matches).
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: false,
    media: query,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
  vi.stubGlobal('fetch', vi.fn(fakeFetch({ 'admin/lookup/getall': () => ({ body: [] }) })));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  ticketStore.clear();
});

/** The sidebar: the main navigation outside the phone drawer. */
const sidebar = () => screen.getAllByRole('navigation', { name: 'Main' })[0]!;
const linksOf = (nav: HTMLElement) =>
  within(nav)
    .getAllByRole('link')
    .map((link) => link.textContent);
const currentOf = (nav: HTMLElement) =>
  within(nav)
    .getAllByRole('link')
    .filter((link) => link.getAttribute('aria-current') === 'page')
    .map((link) => link.textContent);

describe('the navigation beside the page (docs/decisions.md#web-navigation)', () => {
  it('gives an administrator every destination in named groups, marking an organization page under Manufacturers', async () => {
    renderApp({ path: '/admin/organization/manufacturer/999999', user: buildUser('admin') });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(linksOf(nav)).toEqual([
      'Home',
      'Users',
      'Visitors',
      'Consultants',
      'Assessment Invites',
      'Manufacturers',
      'Consulting Firms',
      'My Organization',
      'Sections',
      'Questions',
      'Lookup Items',
      'Trial Assessment',
      'Portfolio',
      'Shared Links',
      'Audit Trail',
    ]);
    // The groups are named for the eye only: no label or text a page's field or title could share.
    const groups = [...nav.querySelectorAll('[data-group]')].map((g) => g.getAttribute('data-group'));
    expect(groups).toEqual(['People', 'Organizations', 'Assessment content', 'Insights']);
    expect(within(nav).queryByLabelText(/Organization|Assessment/)).toBeNull();
    expect(within(nav).queryByText('Organizations')).toBeNull();
    expect(currentOf(nav)).toEqual(['Manufacturers']);
    expect(within(nav).getByRole('link', { name: 'Manufacturers' }).className).toContain('active');
  });

  it('moves the mark when the person follows a link, and keeps the user menu as it was', async () => {
    const { router } = renderApp({ path: '/nowhere', user: buildUser('consultant') });
    await screen.findByRole('heading', { name: 'Page Not Found' });
    expect(linksOf(sidebar())).toEqual([
      'Home',
      'Users',
      'Manufacturers',
      'My Firm',
      'Trial Assessment',
      'Portfolio',
    ]);
    expect(currentOf(sidebar())).toEqual([]);
    fireEvent.click(within(sidebar()).getByRole('link', { name: 'Home' }));
    await screen.findByRole('heading', { name: 'Welcome, Jordan Avery Quinn' });
    expect(router.state.location.pathname).toBe('/');
    expect(currentOf(sidebar())).toEqual(['Home']);
    expect(await screen.findByRole('button', { name: 'Jordan' })).toBeTruthy();
  });

  it('is absent for a manufacturer (nowhere to go but Home), signed out, and while taking an assessment', async () => {
    renderApp({ path: '/profile', user: buildUser('manufacturer') });
    await screen.findByRole('heading', { name: 'Resources' });
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Menu' })).toBeNull();
    cleanup();

    renderApp({ path: '/signup' });
    await screen.findByRole('heading', { name: 'Resources' });
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
    cleanup();

    renderApp({ path: '/intro/trial', user: buildUser('visitor') });
    await screen.findByRole('heading', { name: 'Resources' });
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
  });

  it('opens on a phone from the Menu button, closes on a chosen page and gives focus back', async () => {
    const { router } = renderApp({ path: '/nowhere', user: buildUser('manufacturer-champion') });
    await screen.findByRole('heading', { name: 'Page Not Found' });
    const toggle = screen.getByRole('button', { name: 'Menu' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    toggle.focus();
    fireEvent.click(toggle);
    const drawer = await screen.findByRole('dialog', { name: 'Navigation' });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const nav = within(drawer).getByRole('navigation', { name: 'Main' });
    expect(linksOf(nav)).toEqual(['Home', 'My Roadmap', 'Trial Assessment']);
    fireEvent.click(within(nav).getByRole('link', { name: 'Home' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await waitFor(() => expect(document.activeElement).toBe(toggle));
  });

  it('closes the drawer with its close button and has no accessibility violations', async () => {
    renderApp({ path: '/nowhere', user: buildUser('admin') });
    await screen.findByRole('heading', { name: 'Page Not Found' });
    const toggle = screen.getByRole('button', { name: 'Menu' });
    toggle.focus();
    fireEvent.click(toggle);
    const drawer = await screen.findByRole('dialog', { name: 'Navigation' });
    // Colour contrast needs a layout engine: the browser journeys check it.
    const result = await axe.run(drawer, { rules: { 'color-contrast': { enabled: false } } });
    expect(result.violations.map((v) => v.id)).toEqual([]);
    fireEvent.click(within(drawer).getByRole('button', { name: 'Close navigation' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(toggle));
  });
});
