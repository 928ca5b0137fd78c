import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { accessibilityProblems } from './support/axe.js';
import { DESKTOP, launchBrowser, PHONE, screenshot } from './support/browser.js';
import { E2E_ADMIN } from './support/globalSetup.js';
import { expectHeading, menuItems, pathOf, signIn } from './support/journey.js';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('the first administrator', () => {
  it('logs in, sees the dashboard and the admin menu, reloads a deep link, and logs out', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto(baseUrl);
    await expectHeading(page, 'Sign In');
    await screenshot(page, 'login-desktop');
    expect(await accessibilityProblems(page)).toEqual([]);

    await signIn(page, E2E_ADMIN.userName, E2E_ADMIN.password);
    await expectHeading(page, 'Welcome, System Administrator');
    expect(await menuItems(page, 'System')).toEqual([
      'Manage Consulting Firms',
      'Manage Manufacturers',
      'Client Portfolio',
      'Manage Visitors',
      'All Consultants',
      'All Assessment Invites',
      'Download Benchmark CSV',
      'Manage Assessment Sections',
      'Manage Assessment Questions',
      'Manage Lookup Items',
      'Manage My Organization',
      'Edit My Profile',
      'Logout',
    ]);
    await screenshot(page, 'admin-dashboard-menu-desktop');
    expect(await accessibilityProblems(page)).toEqual([]);
    await page.keyboard.press('Escape');
    for (const tile of ['Consulting Firms', 'Manufacturers', 'Visitors', 'Trial Assessment']) {
      expect(await page.getByRole('heading', { name: tile, exact: true }).count(), tile).toBe(1);
    }

    // A deep link survives a reload: the session is kept and the page is served by the app.
    await page.goto(`${baseUrl}/some/unknown/page`);
    await expectHeading(page, 'Page Not Found');
    await page.reload();
    await expectHeading(page, 'Page Not Found');
    // The signed-in header comes back too (it may follow the page's heading by a moment).
    await page.getByRole('button', { name: 'System', exact: true }).waitFor({ timeout: 15_000 });
    await page.goto(`${baseUrl}/`);
    await page.reload();
    await expectHeading(page, 'Welcome, System Administrator');

    await menuItems(page, 'System');
    await page.locator('.dropdown-menu.show .dropdown-item', { hasText: 'Logout' }).click();
    await expectHeading(page, 'Sign In');
    expect(await pathOf(page)).toBe('/');
    // Logged out means the ticket is gone: a reload stays on the login page.
    await page.reload();
    await expectHeading(page, 'Sign In');
    await page.close();
  });

  it('moves around by the sidebar, the current place marked, past it by the skip link', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto(baseUrl);
    await signIn(page, E2E_ADMIN.userName, E2E_ADMIN.password);
    await expectHeading(page, 'Welcome, System Administrator');
    const sidebar = page.getByRole('navigation', { name: 'Main' });
    /** The one marked destination, once the page has drawn it. */
    const expectCurrent = async (label: string) => {
      await sidebar.locator('[aria-current="page"]', { hasText: label }).waitFor();
      expect(await sidebar.locator('[aria-current="page"]').allInnerTexts()).toEqual([label]);
    };
    await expectCurrent('Home');
    // The navigation sits beside the user menu, which stays as it was (checked above).
    expect(await page.getByRole('button', { name: 'Menu' }).isVisible()).toBe(false);

    await sidebar.getByRole('link', { name: 'Manufacturers' }).click();
    await page.waitForURL(`${baseUrl}/admin/organization/list/manufacturer`);
    await expectCurrent('Manufacturers');
    await expectHeading(page, 'Manufacturers');
    // Nothing pushes the page sideways beside the navigation.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      DESKTOP.width,
    );

    await sidebar.getByRole('link', { name: 'Shared Links' }).click();
    await page.waitForURL(`${baseUrl}/admin/sharelink/list`);
    await expectCurrent('Shared Links');

    // A nested page marks its destination: a new question is under Questions.
    await page.goto(`${baseUrl}/admin/question/new`);
    await expectCurrent('Questions');

    // The first Tab reaches the skip link, which jumps over the top bar and the sidebar.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to main content');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main-content');
    await screenshot(page, 'admin-sidebar-desktop');
    expect(await accessibilityProblems(page)).toEqual([]);
    await page.close();
  });

  it('opens the navigation from the Menu button on a phone, by touch and by keyboard', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    await page.goto(baseUrl);
    await signIn(page, E2E_ADMIN.userName, E2E_ADMIN.password);
    await expectHeading(page, 'Welcome, System Administrator');
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);
    const toggle = page.getByRole('button', { name: 'Menu' });
    await toggle.click();
    const drawer = page.getByRole('dialog', { name: 'Navigation' });
    await drawer.getByRole('link', { name: 'Users' }).waitFor();
    await screenshot(page, 'admin-navigation-phone');
    expect(await accessibilityProblems(page)).toEqual([]);
    await drawer.getByRole('link', { name: 'Users' }).click();
    await page.waitForURL(`${baseUrl}/admin/user/list`);
    await drawer.waitFor({ state: 'detached' });

    // By keyboard: Enter opens, Escape closes, focus is back on the button.
    await toggle.focus();
    await page.keyboard.press('Enter');
    await drawer.waitFor();
    expect(await drawer.locator('[aria-current="page"]').allInnerTexts()).toEqual(['Users']);
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Menu');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await page.close();
  });

  it('shows the login failure text and clears the password', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto(`${baseUrl}/login`);
    await signIn(page, E2E_ADMIN.userName, 'wrong-password');
    await page.getByText('Invalid user name or password.').waitFor();
    expect(await page.getByLabel('Password', { exact: true }).inputValue()).toBe('');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByText('Required').first().waitFor();
    await page.close();
  });

  it('looks finished at phone width', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    await page.goto(baseUrl);
    await expectHeading(page, 'Sign In');
    await screenshot(page, 'login-phone');
    // Nothing sticks out sideways at 375 px.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await signIn(page, E2E_ADMIN.userName, E2E_ADMIN.password);
    await expectHeading(page, 'Welcome, System Administrator');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, 'admin-dashboard-phone');
    await page.close();
  });
});
