import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrganizationType } from '../domain/codes.js';
import { shareLinkTexts } from '../domain/rules/shareLinks.js';
import { apiOf, invitesOf, type Lookup, manufacturerOf, newUsersOf } from './support/api.js';
import { accessibilityProblems } from './support/axe.js';
import { launchBrowser, screenshot } from './support/browser.js';
import { setPassword } from './support/db.js';
import { expectHeading, signIn } from './support/journey.js';
import { type RunningServer, startServer } from './support/server.js';

// Shared roadmap links (docs/product.md#insights-share-links): a champion creates a link, someone without an account opens it,
// the champion revokes it and the link then says it is no longer valid; an admin finds every link
// from the dashboard. A server of its own, with PUBLIC_URL set to it so the link shown is one to open.

const ADMIN_PASSWORD = 'Admin#Share1';
const PASSWORD = 'Share#Pass1';
const stamp = Date.now().toString(36);
const makerName = `Lakeside Castings ${stamp}`;
const people = {
  champion: { fullName: 'Morgan Vale', userName: `morgan${stamp}` },
  respondent: { fullName: 'Parker Quill', userName: `parker${stamp}` },
};
const WIDE = { width: 1280, height: 900 };
const NARROW = { width: 375, height: 800 };
const shotDir = '/tmp/shots/H5';

let browser: Browser;
let server: RunningServer;

const { call, login, submit, assessmentId } = apiOf(() => server.baseUrl);

/** A manufacturer at Future State Reporting whose two people answered both assessments. */
async function buildManufacturer(adminToken: string): Promise<void> {
  const lookups = await call<Lookup[]>('admin/lookup/getall', adminToken);
  const current = await assessmentId(adminToken, 'current-state');
  const future = await assessmentId(adminToken, 'future-state');
  const users = newUsersOf(lookups, [people.champion, people.respondent]);
  const saved = await call<{ isSuccess: boolean; message: string }>('admin/organization/add', adminToken, {
    organization: manufacturerOf(lookups, { name: makerName, status: 'FutureStateReporting' }),
    users,
    assessmentInvites: invitesOf(users, [current, future]),
    host: null,
  });
  if (!saved.isSuccess) throw new Error(`manufacturer not saved: ${saved.message}`);
  for (const person of Object.values(people)) await setPassword(server.dataDir, person.userName, PASSWORD);
  const champion = await login(people.champion.userName, PASSWORD);
  const respondent = await login(people.respondent.userName, PASSWORD);
  await submit(champion, 'current-state', 1);
  await submit(respondent, 'current-state', 2);
  await submit(champion, 'future-state', 4);
  await submit(respondent, 'future-state', 3);
}

async function shoot(page: Page, name: string) {
  fs.mkdirSync(shotDir, { recursive: true });
  await page.screenshot({ path: path.join(shotDir, `${name}.png`), fullPage: true });
  await screenshot(page, `sharelinks-${name}`);
}

/** Once the dialog's fade-in has finished: axe reads colours half-way through it otherwise. */
async function settled(page: Page) {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
}

async function expectFits(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

beforeAll(async () => {
  browser = await launchBrowser();
  server = await startServer((baseUrl) => ({ ADMIN_PASSWORD, LOG_LEVEL: 'warn', PUBLIC_URL: baseUrl }));
  await buildManufacturer(await login('admin', ADMIN_PASSWORD));
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('shared roadmap links', () => {
  let sharedUrl = '';

  it('a champion creates a link, and someone without an account opens it', async () => {
    const page = await browser.newPage({ viewport: WIDE });
    await page.goto(server.baseUrl);
    await signIn(page, people.champion.userName, PASSWORD);
    await expectHeading(page, `Welcome, ${people.champion.fullName}`);
    await page.goto(`${server.baseUrl}/admin/organization/mine`);
    await page.getByRole('tab', { name: 'Shared Links' }).click();
    const panel = page.getByRole('tabpanel', { name: 'Shared Links' });
    await panel.getByText('No links have been shared yet.').waitFor();

    const days = panel.getByLabel('Expires in (days)');
    await days.fill('400');
    await panel.getByRole('button', { name: 'Create Link' }).click();
    await panel.getByText(shareLinkTexts.expiryRange).waitFor();
    await days.fill('14');
    await panel.getByRole('button', { name: 'Create Link' }).click();
    const url = panel.getByLabel('Shared link');
    await url.waitFor();
    sharedUrl = await url.inputValue();
    expect(sharedUrl).toMatch(new RegExp(`^${server.baseUrl}/shared/[A-Za-z0-9_-]{43}$`));
    await panel.getByText('Copy this link now: it will not be shown again.').waitFor();
    await panel.getByRole('cell', { name: 'Active' }).waitFor();
    expect(await accessibilityProblems(page)).toEqual([]);
    await shoot(page, 'tab-created-1280');
    await page.setViewportSize(NARROW);
    await expectFits(page, NARROW.width);
    await shoot(page, 'tab-created-375');

    // Someone without an account: a fresh browser context, no session.
    const visitor = await browser.newContext({ viewport: WIDE });
    const anonymous = await visitor.newPage();
    const answer = await anonymous.goto(sharedUrl);
    expect(answer?.headers()['referrer-policy']).toBe('no-referrer');
    await anonymous.getByRole('heading', { level: 1, name: makerName }).waitFor();
    await anonymous.getByText('Future State Reporting').waitFor();
    await anonymous.locator('canvas').waitFor();
    const rows = anonymous.getByRole('table').getByRole('row');
    expect(await rows.count()).toBeGreaterThan(2);
    const body = await anonymous.locator('body').innerText();
    for (const person of Object.values(people)) {
      expect(body).not.toContain(person.fullName);
      expect(body).not.toContain(person.userName);
    }
    expect(
      await anonymous.getByRole('button', { name: people.champion.fullName.split(' ')[0] }).count(),
    ).toBe(0);
    expect(await accessibilityProblems(anonymous)).toEqual([]);
    await shoot(anonymous, 'shared-1280');
    await anonymous.setViewportSize(NARROW);
    await anonymous.reload();
    await anonymous.locator('canvas').waitFor();
    await expectFits(anonymous, NARROW.width);
    await shoot(anonymous, 'shared-375');

    // The champion revokes it, after a confirmation.
    await page.setViewportSize(WIDE);
    await panel.getByRole('button', { name: 'Done' }).click();
    expect(await panel.getByLabel('Shared link').count()).toBe(0);
    await panel.getByRole('button', { name: /^Revoke the link created/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(/no longer valid/).waitFor();
    await settled(page);
    expect(await accessibilityProblems(page)).toEqual([]);
    await shoot(page, 'tab-revoke-dialog-1280');
    await dialog.getByRole('button', { name: 'Revoke', exact: true }).click();
    await panel.getByRole('cell', { name: 'Revoked' }).waitFor();

    await anonymous.setViewportSize(WIDE);
    await anonymous.reload();
    await anonymous.getByRole('heading', { name: shareLinkTexts.invalid }).waitFor();
    expect(await anonymous.getByText(makerName).count()).toBe(0);
    expect(await accessibilityProblems(anonymous)).toEqual([]);
    await shoot(anonymous, 'invalid-1280');
    await anonymous.setViewportSize(NARROW);
    await shoot(anonymous, 'invalid-375');
    await visitor.close();
    await page.close();
  });

  it('an admin finds every link from the dashboard and searches them by organization', async () => {
    const adminToken = await login('admin', ADMIN_PASSWORD);
    const organizations = await call<{ data: { id: number; name: string }[] }>(
      'admin/organization/search',
      adminToken,
      { type: OrganizationType.Manufacturer, query: makerName, skip: 0, take: 5 },
    );
    const makerId = organizations.data.find((o) => o.name === makerName)!.id;
    // One revoked and one active link of its own, whatever the journey above left.
    const revoked = await call<{ data: { id: number } }>('organization/sharelink/add', adminToken, {
      id: makerId,
      expiresInDays: 5,
    });
    await call('organization/sharelink/revoke', adminToken, { id: revoked.data.id });
    await call('organization/sharelink/add', adminToken, { id: makerId, expiresInDays: 5 });

    const page = await browser.newPage({ viewport: WIDE });
    await page.goto(server.baseUrl);
    await signIn(page, 'admin', ADMIN_PASSWORD);
    const tile = page.getByRole('article', { name: 'Shared Links' });
    await tile.getByRole('link', { name: 'View Shared Links' }).click();
    await expectHeading(page, 'Shared Links');
    await page.getByRole('searchbox', { name: 'Search shared links' }).fill(stamp);
    const link = page.getByRole('link', { name: makerName }).first();
    await link.waitFor();
    await page.getByRole('cell', { name: 'Revoked' }).first().waitFor();
    await page.getByRole('cell', { name: 'Active' }).first().waitFor();
    expect(await accessibilityProblems(page)).toEqual([]);
    await shoot(page, 'admin-list-1280');
    const revokeButtons = page.getByRole('button', { name: new RegExp(`^Revoke the link of ${makerName}`) });
    const active = await revokeButtons.count();
    await revokeButtons.first().click();
    await page.getByRole('dialog').getByRole('button', { name: 'Revoke', exact: true }).click();
    await page.getByText('The shared link was revoked.').waitFor();
    await expect.poll(() => revokeButtons.count()).toBe(active - 1);
    await settled(page);
    await page.setViewportSize(NARROW);
    await expectFits(page, NARROW.width);
    await shoot(page, 'admin-list-375');
    await link.click();
    await page.getByRole('tab', { name: 'Shared Links' }).waitFor();
    await page.close();
  });
});
