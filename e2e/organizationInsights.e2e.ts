import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RoadmapStatusCode } from '../domain/codes.js';
import { apiOf, invitesOf, type Lookup, manufacturerOf, newUsersOf } from './support/api.js';
import { accessibilityProblems } from './support/axe.js';
import { launchBrowser, PHONE, screenshot } from './support/browser.js';
import { setPassword } from './support/db.js';
import { expectFitsPhone, expectHeading, signIn } from './support/journey.js';
import { type RunningServer, startServer } from './support/server.js';

// Role alignment and progress against target on the organization page (docs/product.md#insights-alignment). A server of its
// own; a manufacturer whose people answer through the API as they would in the app, and whose roadmap
// the admin moves through the statuses so that two progress rounds close. The admin then opens both
// tabs at desktop and phone width: charts with their tables, no sideways scrolling, axe-clean.

const ADMIN_PASSWORD = 'Admin#Insights1';
const PASSWORD = 'Insights#Pass1';
const WIDE = { width: 1280, height: 900 };
const stamp = Date.now().toString(36);
const makerName = `Riverbend Forge ${stamp}`;

/** Role (functional-role code), how they answer the current state per section, and the future state. */
const people = [
  ...[0, 1, 2].map((n) => ({ role: 'engineering', now: (i: number) => (i % 2 ? 1 : 2), later: 4, n })),
  ...[0, 1, 2].map((n) => ({
    role: 'executive-leadership',
    now: (i: number) => (i % 3 ? 3 : 2),
    later: 3,
    n,
  })),
  ...[0, 1].map((n) => ({ role: 'finance', now: () => 0, later: null, n })),
  { role: 'quality', now: (i: number) => (i === 0 ? 4 : 1), later: null, n: 0 },
].map((p, i) => ({ ...p, fullName: `Person ${i + 1} ${stamp}`, userName: `ins${i}${stamp}` }));

let browser: Browser;
let server: RunningServer;
let adminToken: string;
let manufacturerId: number;

const { call, login, submit, assessmentId } = apiOf(() => server.baseUrl);

/** The manufacturer with its people and their invites; returns a function the admin saves a status with. */
async function buildManufacturer() {
  const lookups = await call<Lookup[]>('admin/lookup/getall', adminToken);
  const current = await assessmentId(adminToken, 'current-state');
  const future = await assessmentId(adminToken, 'future-state');
  const organization = (id: number | null, status: RoadmapStatusCode) =>
    manufacturerOf(lookups, {
      id,
      name: makerName,
      status,
      aliases: [{ role: 'executive-leadership', alias: 'Leadership' }],
    });
  const users = newUsersOf(lookups, people);
  const saved = await call<{ isSuccess: boolean; message: string; data: { id: number } }>(
    'admin/organization/add',
    adminToken,
    {
      organization: organization(null, 'CurrentState'),
      users,
      assessmentInvites: invitesOf(users, [current, future]),
      host: null,
    },
  );
  if (!saved.isSuccess) throw new Error(`manufacturer not saved: ${saved.message}`);
  const id = saved.data.id;
  for (const p of people) await setPassword(server.dataDir, p.userName, PASSWORD);
  const setStatus = async (status: RoadmapStatusCode) => {
    const answer = await call<{ isSuccess: boolean; message: string }>(
      'admin/organization/update',
      adminToken,
      {
        organization: organization(id, status),
        users: [],
        assessmentInvites: [],
        host: null,
      },
    );
    if (!answer.isSuccess) throw new Error(`status not saved: ${answer.message}`);
  };
  return { id, setStatus };
}

async function openTab(page: Page, tab: string) {
  await page.goto(server.baseUrl);
  await signIn(page, 'admin', ADMIN_PASSWORD);
  await page.getByRole('heading', { name: /^Welcome,/ }).waitFor();
  await page.goto(`${server.baseUrl}/admin/organization/manufacturer/${manufacturerId}`);
  await page.getByRole('tab', { name: tab }).waitFor({ timeout: 15_000 });
  await page.getByRole('tab', { name: tab }).click();
}

beforeAll(async () => {
  browser = await launchBrowser();
  server = await startServer({ ADMIN_PASSWORD, LOG_LEVEL: 'warn' });
  adminToken = await login('admin', ADMIN_PASSWORD);
  const maker = await buildManufacturer();
  manufacturerId = maker.id;
  // Round 1: engineering and leadership have answered.
  for (const p of people.slice(0, 6)) await submit(await login(p.userName, PASSWORD), 'current-state', p.now);
  await maker.setStatus('CurrentStateReporting');
  // Round 2: finance and quality join, and the future state sets the target.
  await maker.setStatus('FutureState');
  for (const p of people.slice(6)) await submit(await login(p.userName, PASSWORD), 'current-state', p.now);
  for (const p of people)
    if (p.later !== null) await submit(await login(p.userName, PASSWORD), 'future-state', () => p.later!);
  await maker.setStatus('CurrentStateReporting');
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('role alignment and progress on the organization page', () => {
  it('shows the role groups side by side with their table, current and future state', async () => {
    const page = await browser.newPage({ viewport: WIDE });
    await openTab(page, 'Role Alignment');
    await expectHeading(page, 'Role Alignment');
    const chart = page.getByRole('img', { name: /^Bar chart of each role group's current state average/ });
    await chart.waitFor();
    const groups = await page.locator('.smr-insights-groups li').allInnerTexts();
    expect(groups).toEqual(['Engineering 3 respondents', 'Leadership 3 respondents', 'Other 3 respondents']);
    const table = page.getByRole('table');
    // textContent: the headers are upper-cased by CSS only.
    expect(await table.locator('thead th').allTextContents()).toEqual([
      'Practice Area',
      'Engineering',
      'Leadership',
      'Other',
      'Spread',
    ]);
    const spreads = (await table.locator('tbody tr td:last-child').allInnerTexts()).map(Number);
    expect([...spreads].sort((a, b) => b - a)).toEqual(spreads);
    expect(await accessibilityProblems(page)).toEqual([]);
    await screenshot(page, 'role-alignment-desktop');

    await page.getByLabel('Assessment').selectOption({ label: 'Future State' });
    // Only Engineering and Leadership answered the future state: Other is too small to show.
    await page.getByRole('img', { name: /future state average/ }).waitFor();
    expect(await page.locator('.smr-insights-groups li').allInnerTexts()).toEqual([
      'Engineering 3 respondents',
      'Leadership 3 respondents',
    ]);
    await page.getByLabel('Assessment').selectOption({ label: 'Current State' });
    await chart.waitFor();

    await page.setViewportSize(PHONE);
    await expectFitsPhone(page);
    expect(await accessibilityProblems(page)).toEqual([]);
    await screenshot(page, 'role-alignment-phone');
    await page.close();
  });

  it('shows the rounds against the target with progress made, gap left and what moved backwards', async () => {
    const page = await browser.newPage({ viewport: WIDE });
    await openTab(page, 'Progress');
    await expectHeading(page, 'Progress Against Target');
    await page
      .getByRole('img', { name: /^Line chart of the overall average in each round against the target/ })
      .waitFor();
    const table = page.getByRole('table');
    // textContent: the headers are upper-cased by CSS only; a round's header ends with its date.
    const header = await table.locator('thead th').allTextContents();
    expect(header.map((h) => h.replace(/\d{1,2}\/\d{1,2}\/\d{4}$/, ''))).toEqual([
      'Practice Area',
      'Target',
      'Round 1',
      'Round 2',
      'Progress Made',
      'Gap Left',
      'Since Round Before',
    ]);
    // Finance answered 1 everywhere: every practice area went down in round 2, said in words.
    expect(await table.getByText('Moved backwards').count()).toBeGreaterThan(0);
    await page.getByText(/^Areas that moved backwards since the round before: /).waitFor();
    expect(await table.locator('tfoot tr').first().locator('th').textContent()).toBe('Overall');
    expect(await accessibilityProblems(page)).toEqual([]);
    await screenshot(page, 'progress-desktop');

    await page.getByLabel('Show').selectOption({ index: 1 });
    await page
      .getByRole('img', { name: /^Line chart of the .* average in each round against the target/ })
      .waitFor();

    await page.setViewportSize(PHONE);
    await expectFitsPhone(page);
    // The table scrolls inside its own box, which the keyboard can reach.
    const box = page.getByRole('region', { name: 'Rounds by practice area' });
    expect(await box.getAttribute('tabindex')).toBe('0');
    expect(await accessibilityProblems(page)).toEqual([]);
    await screenshot(page, 'progress-phone');
    await page.close();
  });
});
