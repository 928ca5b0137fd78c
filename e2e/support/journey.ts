import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { PHONE } from './browser.js';

/** Signs in through the login form, as a person does. */
export async function signIn(page: Page, userName: string, password: string) {
  await page.getByLabel('User Name').fill(userName);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/** Opens the user menu (labelled with the first word of the full name) and lists its items. */
export async function menuItems(page: Page, label: string): Promise<string[]> {
  await page.getByRole('button', { name: label, exact: true }).click();
  const items = page.locator('.dropdown-menu.show .dropdown-item');
  await items.first().waitFor();
  return (await items.allInnerTexts()).map((t) => t.trim());
}

export async function pathOf(page: Page): Promise<string> {
  const url = new URL(page.url());
  return url.pathname + url.search;
}

export async function expectHeading(page: Page, text: string) {
  await page.getByRole('heading', { name: text }).first().waitFor({ timeout: 15_000 });
  expect(await page.getByRole('heading', { name: text }).first().isVisible()).toBe(true);
}

/** Nothing on the page scrolls sideways at phone width (charts resize a moment after the viewport changes). */
export async function expectFitsPhone(page: Page) {
  await page
    .waitForFunction((width) => document.documentElement.scrollWidth <= width, PHONE.width, {
      timeout: 5_000,
    })
    .catch(() => undefined);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}
