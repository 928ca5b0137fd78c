import path from 'node:path';
import SQLite from 'better-sqlite3';
import { CamelCasePlugin, Kysely, SqliteDialect } from 'kysely';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserGroup } from '../domain/codes.js';
import { peersNeededMessage } from '../domain/rules/peers.js';
import type { DB } from '../server/db/schema.js';
import { buildOrganizationRow } from '../server/test/factories.js';
import { apiOf, invitesOf, type Lookup, manufacturerOf, newUsersOf } from './support/api.js';
import { accessibilityProblems } from './support/axe.js';
import { launchBrowser, PHONE, screenshot } from './support/browser.js';
import { createUser, setPassword } from './support/db.js';
import { expectFitsPhone, expectHeading, signIn } from './support/journey.js';
import { type RunningServer, startServer } from './support/server.js';

// Peer distribution in the browser (docs/product.md#insights-peers): a champion opens their current-state result; below
// five benchmarked manufacturers outside its own organization the page says how many more are needed,
// at five it draws the band chart (quartiles only, docs/decisions.md#trust-peers) with its table. A server of its own; the peers are written straight into its database, as
// admins would have generated their benchmarks over time.

const ADMIN_PASSWORD = 'Admin#Peers1';
const PASSWORD = 'Peers#Pass1';
const WIDE = { width: 1280, height: 900 };
const stamp = Date.now().toString(36);
const makerName = `Keystone Castings ${stamp}`;
const people = {
  champion: { fullName: 'Morgan Ellis', userName: `morgan${stamp}` },
  respondent: { fullName: 'Jesse Laine', userName: `jesse${stamp}` },
};

let browser: Browser;
let server: RunningServer;
let manufacturerId: number;
let adminToken: string;

const { call, login, submit, assessmentId } = apiOf(() => server.baseUrl);

/** A manufacturer at Current State Reporting whose champion and one colleague submit the current state. */
async function buildManufacturer(): Promise<number> {
  const lookups = await call<Lookup[]>('admin/lookup/getall', adminToken);
  const current = await assessmentId(adminToken, 'current-state');
  const users = newUsersOf(lookups, [people.champion, people.respondent]);
  const saved = await call<{ isSuccess: boolean; message: string; data: { id: number } }>(
    'admin/organization/add',
    adminToken,
    {
      organization: manufacturerOf(lookups, { name: makerName, status: 'CurrentStateReporting' }),
      users,
      assessmentInvites: invitesOf(users, [current]),
      host: null,
    },
  );
  if (!saved.isSuccess) throw new Error(`manufacturer not saved: ${saved.message}`);
  for (const person of Object.values(people)) await setPassword(server.dataDir, person.userName, PASSWORD);
  await submit(await login(people.champion.userName, PASSWORD), 'current-state', (i) => (i % 2 ? 2 : 1));
  await submit(await login(people.respondent.userName, PASSWORD), 'current-state', (i) => (i % 3 ? 1 : 3));
  return saved.data.id;
}

/**
 * Benchmarked manufacturers written into the server's database: each an active manufacturer whose
 * roadmap points at a benchmark snapshot scoring the current sections about `value`.
 */
async function addPeers(values: readonly number[]) {
  const sqlite = new SQLite(path.join(server.dataDir, 'app.db'));
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<DB>({
    dialect: new SqliteDialect({ database: sqlite }),
    plugins: [new CamelCasePlugin()],
  });
  try {
    const sections = await db
      .selectFrom('sections')
      .select(['code', 'caption'])
      .where('isActive', '=', 1)
      .execute();
    const now = new Date().toISOString();
    for (const value of values) {
      const organizationId = await buildOrganizationRow(db, UserGroup.Manufacturer, `Peer ${stamp} ${value}`);
      const data = JSON.stringify({
        respondents: 3,
        excluded: 0,
        overall: value,
        sections: sections.map((s, j) => ({
          code: s.code,
          caption: s.caption,
          score: value + (j % 3) * 0.3,
        })),
      });
      const { id: benchmarkId } = await db
        .insertInto('benchmarks')
        .values({ organizationId, data, createdAt: now, updatedAt: now, createdBy: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('roadmaps')
        .values({
          organizationId,
          statusId: null,
          benchmarkId,
          currentStateAssessmentId: null,
          futureStateAssessmentId: null,
          createdAt: now,
          updatedAt: now,
        })
        .execute();
    }
  } finally {
    await db.destroy();
  }
}

/** The champion signs in and opens their current-state result. */
async function openChampionResult(page: Page) {
  const token = await login(people.champion.userName, PASSWORD);
  const completed = await call<{ data: { id: number }[] }>('assessment/completed/mine', token, {
    skip: 0,
    take: 9,
  });
  await page.goto(server.baseUrl);
  await signIn(page, people.champion.userName, PASSWORD);
  await expectHeading(page, `Welcome, ${people.champion.fullName}`);
  await page.goto(`${server.baseUrl}/assessment/results/${completed.data[0]!.id}`);
  await expectHeading(page, 'Your Results');
  return page.getByRole('region', { name: 'Peer Comparison' });
}

beforeAll(async () => {
  browser = await launchBrowser();
  server = await startServer({ ADMIN_PASSWORD, LOG_LEVEL: 'warn' });
  adminToken = await login('admin', ADMIN_PASSWORD);
  manufacturerId = await buildManufacturer();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('peer distribution on the results page', () => {
  it('says how many more benchmarked manufacturers are needed below five', async () => {
    await addPeers([1.4, 2.1, 3.2]);
    const page = await browser.newPage({ viewport: WIDE });
    const part = await openChampionResult(page);
    await part.getByText(peersNeededMessage(2)).waitFor();
    expect(await part.getByRole('table').count()).toBe(0);
    expect(await accessibilityProblems(page)).toEqual([]);
    await part.scrollIntoViewIfNeeded();
    await screenshot(page, 'peers-needed-desktop');
    await page.setViewportSize(PHONE);
    await expectFitsPhone(page);
    await screenshot(page, 'peers-needed-phone');
    await page.close();
  });

  it('draws the band chart and its table at five others, its own benchmark counted but left out', async () => {
    await addPeers([3.9]);
    // The fifth contributor: the champion's own manufacturer, once the admin generates its benchmark.
    const generated = await call<{ isSuccess: boolean; message: string }>(
      'admin/benchmark/generate/byorg',
      adminToken,
      { id: manufacturerId },
    );
    expect(generated.isSuccess, generated.message).toBe(true);
    // Its people can read its own figures, so it is not among their peers: four others, one more needed.
    const before = await browser.newPage({ viewport: WIDE });
    await (await openChampionResult(before)).getByText(peersNeededMessage(1)).waitFor();
    await before.close();

    await addPeers([2.7]);
    const page = await browser.newPage({ viewport: WIDE });
    const part = await openChampionResult(page);
    await part.getByText(/against the middle of the 6 benchmarked manufacturers/).waitFor();
    const chart = part.getByRole('img', { name: /^Band chart of Keystone Castings/ });
    await chart.waitFor();
    const table = part.getByRole('table');
    const rows = table.locator('tbody tr');
    expect(await rows.count()).toBeGreaterThan(0);
    // Every row: the organization's value and the three quartiles, in order; no lowest or highest.
    for (const cells of await rows.evaluateAll((trs) =>
      trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => Number(td.textContent))),
    )) {
      expect(cells).toHaveLength(4);
      const spread = cells.slice(1);
      expect([...spread].sort((a, b) => a - b)).toEqual(spread);
    }
    // As many bands as rows, each with the organization's diamond (it has results in every area).
    expect(await chart.locator('.smr-band-value').count()).toBe(await rows.count());
    expect(await chart.locator('.smr-band-whisker').count()).toBe(0);
    await part.scrollIntoViewIfNeeded();
    await screenshot(page, 'peers-chart-desktop');
    await part.screenshot({
      path: path.resolve(import.meta.dirname, '../.test-artifacts/screenshots/peers-part-desktop.png'),
    });
    expect(await accessibilityProblems(page)).toEqual([]);

    await page.setViewportSize(PHONE);
    await part.scrollIntoViewIfNeeded();
    await screenshot(page, 'peers-chart-phone');
    await part.screenshot({
      path: path.resolve(import.meta.dirname, '../.test-artifacts/screenshots/peers-part-phone.png'),
    });
    await expectFitsPhone(page);
    // The table fits too: nothing to scroll sideways inside it.
    expect(
      await table.evaluate(
        (t) => (t.parentElement as HTMLElement).scrollWidth <= (t.parentElement as HTMLElement).clientWidth,
      ),
    ).toBe(true);
    expect(await accessibilityProblems(page)).toEqual([]);
    await page.close();
  });

  it("shows the consultant of the manufacturer's firm the same figures on a client's result", async () => {
    const consultant = await createUser(server.dataDir, UserGroup.Consultant, PASSWORD, 'Quinn Harper');
    const sqlite = new SQLite(path.join(server.dataDir, 'app.db'));
    try {
      sqlite
        .prepare(
          'update organizations set consulting_firm_id = (select organization_id from users where id = ?) where id = ?',
        )
        .run(consultant.id, manufacturerId);
    } finally {
      sqlite.close();
    }
    const championToken = await login(people.champion.userName, PASSWORD);
    const completed = await call<{ data: { id: number }[] }>('assessment/completed/mine', championToken, {
      skip: 0,
      take: 9,
    });
    const page = await browser.newPage({ viewport: WIDE });
    await page.goto(server.baseUrl);
    await signIn(page, consultant.userName, PASSWORD);
    await page.getByRole('heading', { name: /^Welcome,/ }).waitFor();
    await page.goto(`${server.baseUrl}/assessment/results/${completed.data[0]!.id}`);
    await expectHeading(page, 'Your Results');
    const part = page.getByRole('region', { name: 'Peer Comparison' });
    // Its only client is the manufacturer itself: the same five others.
    await part.getByText(/against the middle of the 6 benchmarked manufacturers/).waitFor();
    await part.getByRole('img', { name: /^Band chart of Keystone Castings/ }).waitFor();
    expect(await accessibilityProblems(page)).toEqual([]);
    await page.close();
  });
});
