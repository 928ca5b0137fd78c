import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../domain/messages.js';
import { apiOf, invitesOf, type Lookup, manufacturerOf, newUsersOf } from './support/api.js';
import { accessibilityProblems } from './support/axe.js';
import { DESKTOP, launchBrowser, PHONE, screenshot } from './support/browser.js';
import { setPassword } from './support/db.js';
import { expectHeading, signIn } from './support/journey.js';
import { type RunningServer, startServer } from './support/server.js';

// Reports and benchmarks in the browser (docs/decisions.md#benchmarks-snapshot): a champion downloads the organization's report
// from the dashboard and it opens as a workbook; an admin generates the manufacturer's benchmark.
// A server of its own: the data are set up through the API, as an admin would through the screens.

const ADMIN_PASSWORD = 'Admin#Reports1';
const PASSWORD = 'Reports#Pass1';
const stamp = Date.now().toString(36);
const makerName = `Harbor Gearworks ${stamp}`;
const people = {
  champion: { fullName: 'Riley Chen', userName: `riley${stamp}` },
  respondent: { fullName: 'Sam Ortiz', userName: `sam${stamp}` },
  pending: { fullName: 'Taylor Brooks', userName: `taylor${stamp}` },
};

let browser: Browser;
let server: RunningServer;
let manufacturerId: number;

const { call, login, submit, assessmentId } = apiOf(() => server.baseUrl);

/**
 * A manufacturer at Current State Reporting, saved by the admin with three users (the first its
 * champion) and their invites; the champion and one colleague submit the current-state assessment.
 */
async function buildManufacturer(adminToken: string): Promise<number> {
  const lookups = await call<Lookup[]>('admin/lookup/getall', adminToken);
  const current = await assessmentId(adminToken, 'current-state');
  const future = await assessmentId(adminToken, 'future-state');
  const users = newUsersOf(lookups, [people.champion, people.respondent, people.pending]);
  const saved = await call<{ isSuccess: boolean; message: string; data: { id: number } }>(
    'admin/organization/add',
    adminToken,
    {
      organization: manufacturerOf(lookups, { name: makerName, status: 'CurrentStateReporting' }),
      users,
      assessmentInvites: invitesOf(users, [current, future]),
      host: null,
    },
  );
  if (!saved.isSuccess) throw new Error(`manufacturer not saved: ${saved.message}`);
  for (const person of Object.values(people)) await setPassword(server.dataDir, person.userName, PASSWORD);
  await submit(await login(people.champion.userName, PASSWORD), 'current-state', 2);
  await submit(await login(people.respondent.userName, PASSWORD), 'current-state', 1);
  return saved.data.id;
}

/** Every cell's text of every sheet, for assertions that survive a change of layout. */
function cellTexts(book: ExcelJS.Workbook): string[] {
  const texts: string[] = [];
  book.eachSheet((sheet) =>
    sheet.eachRow((row) =>
      row.eachCell((cell) => {
        texts.push(cell.text);
      }),
    ),
  );
  return texts;
}

/** Presses a download button from the keyboard and opens what the browser saved as a workbook. */
async function downloadWorkbook(page: Page, button: ReturnType<Page['getByRole']>) {
  await button.focus();
  const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
  const file = await download.path();
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(file);
  return { book, fileName: download.suggestedFilename() };
}

async function expectFitsPhone(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

beforeAll(async () => {
  browser = await launchBrowser();
  server = await startServer({ ADMIN_PASSWORD, LOG_LEVEL: 'warn' });
  manufacturerId = await buildManufacturer(await login('admin', ADMIN_PASSWORD));
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('reports and benchmarks', () => {
  it("a champion downloads the organization's current-state report from the dashboard", async () => {
    const page = await browser.newPage({ viewport: DESKTOP, acceptDownloads: true });
    await page.goto(server.baseUrl);
    await signIn(page, people.champion.userName, PASSWORD);
    await expectHeading(page, `Welcome, ${people.champion.fullName}`);

    const tile = page.getByRole('article', { name: 'Manage Roadmap' });
    await tile.getByText('Current State Reporting').waitFor();
    const download = tile.getByRole('button', { name: 'Download Current State Report' });
    await download.waitFor();
    // docs/product.md#rules: no future-state report at current-state reporting.
    expect(await tile.getByRole('button', { name: 'Download Future State Report' }).count()).toBe(0);
    // The champion's own result offers its report too.
    await page
      .getByRole('article', { name: 'Completed Assessments' })
      .getByRole('button', { name: 'Download Report of Current State Assessment' })
      .waitFor();
    expect(await accessibilityProblems(page)).toEqual([]);
    await screenshot(page, 'reports-champion-dashboard-desktop');

    const { book, fileName } = await downloadWorkbook(page, download);
    expect(fileName).toMatch(/\.xlsx$/);
    expect(fileName).toContain('Harbor Gearworks');
    expect(book.worksheets.map((s) => s.name)).toContain('Summary');
    const texts = cellTexts(book);
    expect(texts.some((t) => t.includes(makerName))).toBe(true);
    // The respondents who completed the assessment, and not the colleague who did not.
    expect(texts.some((t) => t.includes(people.champion.fullName))).toBe(true);
    expect(texts.some((t) => t.includes(people.respondent.fullName))).toBe(true);
    expect(texts.some((t) => t.includes(people.pending.fullName))).toBe(false);
    expect(await page.getByText(messages.reports.downloadFailure).count()).toBe(0);

    await page.setViewportSize(PHONE);
    await tile.scrollIntoViewIfNeeded();
    await screenshot(page, 'reports-champion-dashboard-phone');
    await expectFitsPhone(page);
    expect(await accessibilityProblems(page)).toEqual([]);
    await page.close();
  });

  it('an admin downloads their latest result from its tile', async () => {
    const adminToken = await login('admin', ADMIN_PASSWORD);
    await submit(adminToken, 'trial', 2);
    const page = await browser.newPage({ viewport: DESKTOP, acceptDownloads: true });
    await page.goto(server.baseUrl);
    await signIn(page, 'admin', ADMIN_PASSWORD);
    await page.getByRole('heading', { name: /^Welcome,/ }).waitFor();
    const tile = page.getByRole('article', { name: 'Latest Result' });
    const download = tile.getByRole('button', { name: /^Download Report of / });
    await download.waitFor();
    expect(await accessibilityProblems(page)).toEqual([]);
    await screenshot(page, 'reports-latest-result-desktop');

    const { book } = await downloadWorkbook(page, download);
    expect(book.worksheets.map((s) => s.name)).toContain('Summary');

    await page.setViewportSize(PHONE);
    await tile.scrollIntoViewIfNeeded();
    await screenshot(page, 'reports-latest-result-phone');
    await expectFitsPhone(page);
    await page.close();
  });

  it("an admin generates the manufacturer's benchmark; the label and the list follow", async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto(server.baseUrl);
    await signIn(page, 'admin', ADMIN_PASSWORD);
    await page.getByRole('heading', { name: /^Welcome,/ }).waitFor();

    await page.goto(`${server.baseUrl}/admin/organization/manufacturer/${manufacturerId}`);
    await page.getByRole('heading', { name: 'Manufacturer', exact: true }).waitFor();
    await page.getByRole('tab', { name: 'Report Settings' }).click();
    const settings = page.getByRole('tabpanel', { name: 'Report Settings' });
    await settings.getByRole('button', { name: 'Generate Benchmark' }).click();
    await page.getByText(messages.organization.benchmarkGenerated).first().waitFor();
    await settings.getByRole('button', { name: 'Update Benchmark' }).waitFor();
    expect(await settings.getByRole('button', { name: 'Generate Benchmark' }).count()).toBe(0);
    await screenshot(page, 'reports-benchmark-generated-desktop');

    await page.goto(`${server.baseUrl}/admin/organization/list/manufacturer`);
    await expectHeading(page, 'Manufacturers');
    const row = page.getByRole('row').filter({ hasText: makerName });
    await row.waitFor();
    expect((await row.locator('td[data-label="Benchmark Created"]').innerText()).trim()).toBe('Yes');
    await page.close();
  });
});
