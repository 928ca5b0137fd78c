import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { UserGroup } from '../domain/codes.js';
import { messages } from '../domain/messages.js';
import { DESKTOP, launchBrowser, screenshot } from './support/browser.js';
import { createUser } from './support/db.js';
import { E2E_ADMIN } from './support/globalSetup.js';
import { expectHeading, menuItems, pathOf, signIn } from './support/journey.js';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const password = 'Journey#Pass1';
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('route guard', () => {
  it('sends an anonymous deep link to login and back to it afterwards', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto(`${baseUrl}/admin/lookup/list`);
    await expectHeading(page, 'Sign In');
    expect(await pathOf(page)).toBe(`/?returnUrl=${encodeURIComponent('/admin/lookup/list')}`);
    await signIn(page, E2E_ADMIN.userName, E2E_ADMIN.password);
    await page.waitForURL(`${baseUrl}/admin/lookup/list`);
    expect(await pathOf(page)).toBe('/admin/lookup/list');
    await page.close();
  });

  it('shows /notpermitted to a signed-in user without the role, and their own menu', async () => {
    const consultant = await createUser(dataDir, UserGroup.Consultant, password, 'Dana Whitfield');
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto(baseUrl);
    await signIn(page, consultant.userName, password);
    await expectHeading(page, 'Welcome, Dana Whitfield');
    expect(await menuItems(page, 'Dana')).toEqual([
      'Manage Manufacturers',
      'Client Portfolio',
      'Manage My Firm',
      'Edit My Profile',
      'Logout',
    ]);
    await page.keyboard.press('Escape');
    await page.goto(`${baseUrl}/admin/lookup/list`);
    await page.getByText(messages.global.notPermittedRedirect).waitFor();
    expect(await pathOf(page)).toBe('/notpermitted');
    await screenshot(page, 'notpermitted-desktop');
    await page.close();
  });

  it('gives each role its own menu', async () => {
    const cases: [UserGroup, string, string[]][] = [
      [UserGroup.ManufacturerChampion, 'Priya Raman', ['Manage Roadmap', 'Edit My Profile', 'Logout']],
      [UserGroup.Manufacturer, 'Jordan Lee', ['Edit My Profile', 'Logout']],
    ];
    for (const [group, fullName, expected] of cases) {
      const user = await createUser(dataDir, group, password, fullName);
      const page = await browser.newPage({ viewport: DESKTOP });
      await page.goto(baseUrl);
      await signIn(page, user.userName, password);
      await expectHeading(page, `Welcome, ${fullName}`);
      expect(await menuItems(page, fullName.split(' ')[0]!)).toEqual(expected);
      await page.close();
    }
    const visitor = await createUser(dataDir, UserGroup.Visitor, password, 'Alex Morgan');
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto(baseUrl);
    await signIn(page, visitor.userName, password);
    await expectHeading(page, 'Welcome, Alex Morgan');
    // A visitor has a Logout button only, no menu.
    await page.getByRole('button', { name: 'Logout' }).click();
    await expectHeading(page, 'Sign In');
    await page.close();
  });
});
