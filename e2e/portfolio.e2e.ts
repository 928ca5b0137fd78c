import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { LookupType, OrganizationType, UserGroup } from '../domain/codes.js';
import { attentionReasonTexts } from '../domain/rules/portfolio.js';
import { accessibilityProblems } from './support/axe.js';
import { launchBrowser, PHONE, screenshot } from './support/browser.js';
import { createUser } from './support/db.js';
import { expectHeading, menuItems, signIn } from './support/journey.js';

// The client portfolio (docs/product.md#insights-portfolio): a consultant opens it from the menu, sees its firm's manufacturers
// with what needs attention, filters to those, sorts by keyboard, and the page is axe-clean at desktop
// and phone width. The firm and its manufacturers are written straight into the shared server's
// database (a manufacturer created 40 days ago with no activity since, and one created today).

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const password = 'Portfolio#Pass1';
const WIDE = { width: 1280, height: 900 };
const stamp = Date.now().toString(36);
const idleName = `Quietwater Tooling ${stamp}`;
const busyName = `Brightline Stamping ${stamp}`;
const shotDir = process.env.SHOT_DIR;

let browser: Browser;

/** Manufacturers of the consultant's firm: each with a roadmap, the idle one made 40 days ago. */
function addManufacturers(firmId: number) {
  const sqlite = new SQLite(path.join(dataDir, 'app.db'));
  sqlite.pragma('busy_timeout = 5000');
  try {
    const status = (code: string) =>
      (
        sqlite
          .prepare('select id from lookup_items where lookup_type = ? and code = ?')
          .get(LookupType.RoadmapStatus, code) as { id: number }
      ).id;
    const now = new Date().toISOString();
    const old = new Date(Date.now() - 40 * 86_400_000).toISOString();
    const add = (name: string, created: string, statusCode: string, changed: string | null) => {
      const org = sqlite
        .prepare(
          `insert into organizations (name, code, type, consulting_firm_id, exclude_from_benchmark, anonymize_results, is_active, created_at, updated_at)
           values (?, ?, ?, ?, 0, 0, 1, ?, ?)`,
        )
        .run(
          name,
          `pf-${name.replace(/\W+/g, '-')}`,
          OrganizationType.Manufacturer,
          firmId,
          created,
          created,
        );
      sqlite
        .prepare(
          `insert into roadmaps (organization_id, status_id, created_at, updated_at, status_changed_at)
           values (?, ?, ?, ?, ?)`,
        )
        .run(org.lastInsertRowid, status(statusCode), created, created, changed);
    };
    // The idle one's status never changed (a status change is activity); the busy one's changed today.
    add(idleName, old, 'PreAssessment', null);
    add(busyName, now, 'CurrentState', now);
  } finally {
    sqlite.close();
  }
}

async function shoot(page: Page, name: string) {
  await screenshot(page, name);
  if (shotDir) {
    fs.mkdirSync(shotDir, { recursive: true });
    await page.screenshot({ path: path.join(shotDir, `${name}.png`), fullPage: true });
  }
}

/** Neither the page nor any element is wider than the window. */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('client portfolio', () => {
  it('a consultant opens the portfolio and filters to the manufacturers that need attention', async () => {
    const consultant = await createUser(dataDir, UserGroup.Consultant, password, 'Morgan Hale');
    const firm = new SQLite(path.join(dataDir, 'app.db'), { readonly: true });
    const { organization_id: firmId } = firm
      .prepare('select organization_id from users where user_name_key = ?')
      .get(consultant.userName.toLowerCase()) as { organization_id: number };
    firm.close();
    addManufacturers(firmId);

    const page = await browser.newPage({ viewport: WIDE });
    await page.goto(baseUrl);
    await signIn(page, consultant.userName, password);
    await expectHeading(page, 'Welcome, Morgan Hale');
    expect(await menuItems(page, 'Morgan')).toContain('Client Portfolio');
    await page.locator('.dropdown-menu.show').getByText('Client Portfolio').click();
    await expectHeading(page, 'Client Portfolio');

    const table = page.getByRole('table');
    await table.getByRole('link', { name: idleName }).waitFor();
    await table.getByRole('link', { name: busyName }).waitFor();
    const idleRow = table.getByRole('row').filter({ hasText: idleName });
    expect(await idleRow.innerText()).toContain(attentionReasonTexts.noActivity);
    expect(await page.locator('.smr-list-count').innerText()).toBe('2 items');
    await shoot(page, 'portfolio-desktop');
    expect(await accessibilityProblems(page)).toEqual([]);

    // The filter: only the idle manufacturer is left, with its reason as text.
    await page.getByRole('checkbox', { name: 'Needs attention only' }).check();
    await page.locator('.smr-list-count', { hasText: '1 item' }).waitFor();
    expect(await table.getByRole('link', { name: busyName }).count()).toBe(0);
    expect(await table.getByRole('link', { name: idleName }).isVisible()).toBe(true);
    expect(page.url()).toContain('attention=1');
    await page.getByRole('checkbox', { name: 'Needs attention only' }).uncheck();
    await page.locator('.smr-list-count', { hasText: '2 items' }).waitFor();

    // Sorting by keyboard: the Manufacturer header turns the order around.
    const sortButton = page.getByRole('button', { name: /^Manufacturer/ });
    await sortButton.focus();
    await page.keyboard.press('Enter');
    await page
      .locator('th[aria-sort="descending"]', { hasText: 'Manufacturer' })
      .waitFor({ timeout: 10_000 });
    await page.waitForFunction(
      (first) => document.querySelector('tbody tr a')?.textContent === first,
      [idleName, busyName].sort().reverse()[0],
    );
    await page.close();

    // At phone width: cards, no sideways scrolling, the filter and a sort control, still axe-clean.
    const phone = await browser.newPage({ viewport: PHONE });
    await phone.goto(baseUrl);
    await signIn(phone, consultant.userName, password);
    await expectHeading(phone, 'Welcome, Morgan Hale');
    await phone.goto(`${baseUrl}/portfolio`);
    await phone.getByRole('link', { name: idleName }).waitFor();
    expect(await phone.getByLabel('Sort by').isVisible()).toBe(true);
    await phone.getByRole('checkbox', { name: 'Needs attention only' }).check();
    await phone.locator('.smr-list-count', { hasText: '1 item' }).waitFor();
    expect(await overflow(phone)).toBeLessThanOrEqual(0);
    await shoot(phone, 'portfolio-phone');
    expect(await accessibilityProblems(phone)).toEqual([]);
    await phone.close();
  });
});
