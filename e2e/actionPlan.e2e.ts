import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actionTexts } from '../domain/rules/actions.js';
import { formatScoreChange } from '../domain/rules/maturity.js';
import { attentionReasonTexts } from '../domain/rules/portfolio.js';
import { apiOf, invitesOf, type Lookup, manufacturerOf, newUsersOf } from './support/api.js';
import { accessibilityProblems } from './support/axe.js';
import { launchBrowser, screenshot } from './support/browser.js';
import { setPassword, userIdOf } from './support/db.js';
import { expectHeading, signIn } from './support/journey.js';
import {
  expectFocusInDialog,
  focusedElement,
  focusInDialog,
  isFocused,
  signInByKeyboard,
  tabTo,
  watchFocusLeavingDialog,
} from './support/keyboard.js';
import { type RunningServer, startServer } from './support/server.js';

// The Action Plan (docs/decisions.md#insights-actions): a champion plans with the keyboard alone on the
// organization page's Action Plan tab, a plain member moves their own action on from the dashboard's My
// Actions tile, the admin's portfolio says the plan has overdue actions, and a shared roadmap link lists
// the plan without naming anyone. Then every screen of it at desktop and phone width, axe-clean.
// A server of its own, with PUBLIC_URL set to it so the shared link is one to open.

const ADMIN_PASSWORD = 'Admin#Plan1';
const PASSWORD = 'Plan#Pass1';
const stamp = Date.now().toString(36);
const makerName = `Harbor Gearworks ${stamp}`;
const people = {
  champion: { fullName: 'Morgan Vale', userName: `plmorgan${stamp}` },
  member: { fullName: 'Parker Quill', userName: `plparker${stamp}` },
  colleague: { fullName: 'Riley Stone', userName: `plriley${stamp}` },
};
/** A person of the organization who has left: never offered as an owner. */
const departed = { fullName: 'Casey Former', userName: `plcasey${stamp}` };
const WIDE = { width: 1280, height: 900 };
const NARROW = { width: 375, height: 800 };
const shotDir = '/tmp/shots/actionPlan';
/** How long a check waits for the page to catch up. */
const POLL = { timeout: 15_000 };

/** The actions the set-up plans through the API (the journeys add, change and delete others). */
const planned = {
  /** The member's, overdue: they mark it Done in journey 2. */
  memberOwn: 'Calibrate the torque wrenches',
  /** Deleted by the champion in journey 1. */
  doomed: 'Retire the paper travelers',
  /** Stays overdue: the portfolio's reason. */
  late: 'Map the changeover steps',
  /** Open, due in the future. */
  upcoming: 'Pilot digital work instructions',
};
/** What the champion adds with the keyboard, then renames. */
const added = { title: 'Train the second shift on SPC', renamed: 'Train both shifts on SPC' };
const deferReason = 'Waiting for the new gauges to arrive.';

let browser: Browser;
let server: RunningServer;
let organizationId: number;
let championToken: string;
/** The practice areas as organization/plan answers them, largest gap first. */
let areas: { id: number; name: string; gap: number | null }[];
const ids = { champion: 0, member: 0, colleague: 0 };

const { call, login, submit, assessmentId } = apiOf(() => server.baseUrl);

/**
 * A manufacturer at Future State Reporting: a champion, two members and a person who left; the
 * champion and a member answered both assessments (current state differing per section, so the
 * practice areas have different gaps), and the champion planned four actions.
 */
async function buildManufacturer(adminToken: string): Promise<void> {
  const lookups = await call<Lookup[]>('admin/lookup/getall', adminToken);
  const current = await assessmentId(adminToken, 'current-state');
  const future = await assessmentId(adminToken, 'future-state');
  const users = newUsersOf(lookups, [people.champion, people.member, people.colleague, departed]).map((u) =>
    u.userName === departed.userName ? { ...u, isActive: false } : u,
  );
  const saved = await call<{ isSuccess: boolean; message: string; data: { id: number } }>(
    'admin/organization/add',
    adminToken,
    {
      organization: manufacturerOf(lookups, { name: makerName, status: 'FutureStateReporting' }),
      users,
      assessmentInvites: invitesOf(users.slice(0, 2), [current, future]),
      host: null,
    },
  );
  if (!saved.isSuccess) throw new Error(`manufacturer not saved: ${saved.message}`);
  organizationId = saved.data.id;
  for (const person of [people.champion, people.member])
    await setPassword(server.dataDir, person.userName, PASSWORD);
  for (const key of Object.keys(ids) as (keyof typeof ids)[])
    ids[key] = userIdOf(server.dataDir, people[key].userName);
  championToken = await login(people.champion.userName, PASSWORD);
  const member = await login(people.member.userName, PASSWORD);
  await submit(championToken, 'current-state', (i) => i % 4);
  await submit(member, 'current-state', (i) => (i * 3) % 5);
  await submit(championToken, 'future-state', 4);
  await submit(member, 'future-state', 3);

  const plan = await call<{ sections: { id: number; name: string; gap: number | null }[] }>(
    'organization/plan',
    championToken,
    { id: organizationId },
  );
  areas = plan.sections;
  if (areas.length < 3) throw new Error(`the plan has ${areas.length} practice areas`);
  const add = (sectionId: number, title: string, ownerId: number, dueOn: string, status: string) =>
    call('organization/action/add', championToken, {
      organizationId,
      sectionId,
      title,
      ownerId,
      dueOn,
      status,
    });
  await add(areas[1]!.id, planned.memberOwn, ids.member, '2024-02-01', 'InProgress');
  await add(areas[0]!.id, planned.doomed, ids.colleague, '2099-06-30', 'NotStarted');
  await add(areas[2]!.id, planned.late, ids.champion, '2024-05-10', 'NotStarted');
  await add(areas[1]!.id, planned.upcoming, ids.colleague, '2099-01-15', 'InProgress');
}

/** The full page, and what the window shows (a dialog, or the part scrolled to) as `-view`. */
async function shoot(page: Page, name: string) {
  fs.mkdirSync(shotDir, { recursive: true });
  await page.screenshot({ path: path.join(shotDir, `${name}.png`), fullPage: true });
  await page.screenshot({ path: path.join(shotDir, `${name}-view.png`) });
  await screenshot(page, `actionplan-${name}`);
}

/** Once fades have finished: axe reads colours half-way through a dialog's fade-in otherwise. */
async function settled(page: Page) {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  // Bootstrap's modal fades by a CSS transition, which getAnimations lists only while it runs.
  await page.waitForFunction(
    () => !document.querySelector('.modal.fade:not(.show), .modal-backdrop.fade:not(.show)'),
  );
}

/** Nothing scrolls sideways: the page is no wider than the window. */
async function expectNoSidewaysScroll(page: Page) {
  const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  await page
    .waitForFunction(() => document.documentElement.scrollWidth <= window.innerWidth, undefined, {
      timeout: 5_000,
    })
    .catch(() => undefined);
  expect(
    await fits(),
    `scrollWidth ${await page.evaluate(() => document.documentElement.scrollWidth)} > ${await page.evaluate(() => window.innerWidth)}`,
  ).toBe(true);
}

/** A screen as people see it: no serious or critical axe finding, no sideways scrolling at phone width. */
async function checkScreen(page: Page, name: string, width: number) {
  await settled(page);
  if (width === NARROW.width) await expectNoSidewaysScroll(page);
  expect(await accessibilityProblems(page), name).toEqual([]);
  await shoot(page, `${name}-${width}`);
}

/** The action of this title in a list of actions (the Action Plan's items). */
function actionItem(scope: Page | Locator, title: string): Locator {
  const page = 'keyboard' in scope ? scope : scope.page();
  return scope.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 4, name: title }) });
}

/**
 * A dialog just opened: waits until it has the focus, then watches that nothing outside it takes the
 * focus, even for a moment. `check` (after a key press) asserts the focus is inside it; `end` (before
 * the key that closes it, when the focus rightly returns to the page) that it never left.
 */
async function insideDialog(page: Page, dialog: Locator) {
  await dialog.waitFor({ timeout: 15_000 });
  await expectFocusInDialog(page);
  const stop = await watchFocusLeavingDialog(page);
  return {
    check: async () => {
      expect(await focusInDialog(page), `the focus left the dialog for ${await focusedElement(page)}`).toBe(
        true,
      );
    },
    end: async () => expect(await stop(), 'elements outside the open dialog took the focus').toEqual([]),
  };
}

/** Moves a focused select to the option of this label with the arrow keys. */
async function chooseByArrows(page: Page, select: Locator, label: string) {
  const labels = (await select.locator('option').allTextContents()).map((t) => t.trim());
  const target = labels.indexOf(label);
  if (target < 0) throw new Error(`no option ${label} among ${labels.join(', ')}`);
  const from = await select.evaluate((el) => (el as HTMLSelectElement).selectedIndex);
  for (let i = 0; i < Math.abs(target - from); i++)
    await page.keyboard.press(target > from ? 'ArrowDown' : 'ArrowUp');
  await expect
    .poll(() => select.evaluate((el) => (el as HTMLSelectElement).selectedIndex), POLL)
    .toBe(target);
}

/** The gap a practice area's figures show, as a number (null for '–'). */
function gapOf(text: string): number | null {
  const t = text.trim().replace('−', '-').replace('+', '');
  return t === '–' ? null : Number(t);
}

async function actionsOf(status?: string) {
  return call<{ data: { title: string; status: string; overdue: boolean; owner: { id: number } | null }[] }>(
    'organization/action/search',
    championToken,
    { organizationId, ...(status ? { status } : {}), skip: 0, take: 100 },
  );
}

beforeAll(async () => {
  browser = await launchBrowser();
  server = await startServer((baseUrl) => ({ ADMIN_PASSWORD, LOG_LEVEL: 'warn', PUBLIC_URL: baseUrl }));
  await buildManufacturer(await login('admin', ADMIN_PASSWORD));
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('action plans', () => {
  it('a champion plans with the keyboard alone: adds, edits, defers and deletes actions', async () => {
    const context = await browser.newContext({ viewport: WIDE, locale: 'en-US' });
    const page = await context.newPage();
    await page.goto(server.baseUrl);
    await signInByKeyboard(page, people.champion.userName, PASSWORD);
    await expectHeading(page, `Welcome, ${people.champion.fullName}`);

    // To the organization page through the menu, then along the tab bar with the arrow keys.
    await tabTo(page, page.getByRole('link', { name: 'My Roadmap' }));
    await page.keyboard.press('Enter');
    await expectHeading(page, makerName);
    await tabTo(page, page.getByRole('tab', { selected: true }), { max: 150 });
    const planTab = page.getByRole('tab', { name: 'Action Plan' });
    for (let presses = 0; presses < 15 && !(await isFocused(planTab)); presses++)
      await page.keyboard.press('ArrowRight');
    expect(await isFocused(planTab)).toBe(true);
    if ((await planTab.getAttribute('aria-selected')) !== 'true') await page.keyboard.press('Enter');
    await page.getByRole('tab', { name: 'Action Plan', selected: true }).waitFor({ timeout: 15_000 });
    const panel = page.getByRole('tabpanel', { name: 'Action Plan' });
    await panel.getByRole('heading', { level: 2, name: 'Action Plan' }).waitFor({ timeout: 15_000 });

    // The practice areas, largest gap first, as the plan's call orders them.
    const titles = panel.getByRole('heading', { level: 3 });
    await expect.poll(() => titles.count(), POLL).toBe(areas.length);
    expect(await titles.allInnerTexts()).toEqual(areas.map((a) => a.name));
    const gapTexts = await panel
      .locator('.smr-plan-figures div')
      .filter({ hasText: /^Gap/ })
      .locator('dd')
      .allInnerTexts();
    expect(gapTexts).toEqual(areas.map((a) => formatScoreChange(a.gap)));
    const gaps = gapTexts.map(gapOf);
    const shown = gaps.filter((g): g is number => g !== null);
    expect(shown).toEqual([...shown].sort((x, y) => y - x));
    expect(gaps.slice(shown.length).every((g) => g === null)).toBe(true);
    expect(new Set(shown).size).toBeGreaterThan(1);
    const first = areas[0]!;
    const firstArea = panel.getByRole('region', { name: first.name });
    await actionItem(firstArea, planned.doomed).waitFor({ timeout: 15_000 });

    // Add an action to the first area: title, an active person as owner, a past due date, In Progress.
    await tabTo(page, panel.getByRole('button', { name: `Add Action to ${first.name}` }));
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Add Action' });
    let inside = await insideDialog(page, dialog);
    expect(await isFocused(dialog.getByLabel('Title'))).toBe(true);
    await page.keyboard.type(added.title);
    const owner = dialog.getByLabel('Owner');
    const ownerNames = (await owner.locator('option').allInnerTexts()).map((t) => t.trim());
    const activePeople = [people.champion, people.member, people.colleague].map((p) => p.fullName);
    expect(ownerNames).toEqual(['No owner', ...activePeople.sort((x, y) => x.localeCompare(y))]);
    expect(ownerNames).not.toContain(departed.fullName);
    await tabTo(page, owner, { each: inside.check });
    // Type-ahead: the first letter of the name picks the person.
    await page.keyboard.type('P');
    await expect.poll(() => owner.inputValue(), POLL).toBe(String(ids.member));
    const due = dialog.getByLabel('Due date');
    await tabTo(page, due, { each: inside.check });
    await page.keyboard.type('03152024');
    await expect.poll(() => due.inputValue(), POLL).toBe('2024-03-15');
    const status = dialog.getByLabel('Status');
    await tabTo(page, status, { each: inside.check });
    await chooseByArrows(page, status, 'In Progress');
    expect(await status.inputValue()).toBe('InProgress');
    await tabTo(page, dialog.getByRole('button', { name: 'Save' }), { each: inside.check });
    // Backwards to the title and forwards again, never leaving the dialog.
    await tabTo(page, dialog.getByLabel('Title'), { back: true, each: inside.check });
    await tabTo(page, dialog.getByRole('button', { name: 'Save' }), { each: inside.check });
    await inside.end();
    // The confirmation shows for a few seconds only: watched for from before the key press.
    let notice = panel.getByText(actionTexts.added).waitFor({ timeout: 15_000 });
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached', timeout: 15_000 });
    await notice;
    const item = actionItem(firstArea, added.title);
    await item.waitFor({ timeout: 15_000 });
    const itemText = await item.innerText();
    expect(itemText).toContain(people.member.fullName);
    expect(itemText).toContain('3/15/2024');
    expect(itemText).toContain('In Progress');
    expect(itemText).toContain('Overdue');
    await shoot(page, 'keyboard-added-1280');

    // Edit it: a new title and a description.
    await tabTo(page, firstArea.getByRole('button', { name: `Edit ${added.title}` }));
    await page.keyboard.press('Enter');
    const edit = page.getByRole('dialog', { name: 'Edit Action' });
    inside = await insideDialog(page, edit);
    const title = edit.getByLabel('Title');
    expect(await isFocused(title)).toBe(true);
    expect(await title.inputValue()).toBe(added.title);
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(added.renamed);
    await tabTo(page, edit.getByLabel('Description'), { each: inside.check });
    await page.keyboard.type('Two sessions per shift, with the quality lead.');
    await tabTo(page, edit.getByRole('button', { name: 'Save' }), { each: inside.check });
    await inside.end();
    await page.keyboard.press('Space');
    await edit.waitFor({ state: 'detached', timeout: 15_000 });
    const renamed = actionItem(firstArea, added.renamed);
    await renamed.waitFor({ timeout: 15_000 });
    expect(await actionItem(firstArea, added.title).count()).toBe(0);
    expect(await renamed.innerText()).toContain('Two sessions per shift');

    // Defer it: the reason is required, then given.
    await tabTo(page, firstArea.getByRole('button', { name: `Update Status of ${added.renamed}` }), {
      back: true,
    });
    await page.keyboard.press('Enter');
    const update = page.getByRole('dialog', { name: 'Update Status' });
    inside = await insideDialog(page, update);
    const newStatus = update.getByLabel('Status');
    await tabTo(page, newStatus, { each: inside.check });
    await chooseByArrows(page, newStatus, 'Deferred');
    expect(await newStatus.inputValue()).toBe('Deferred');
    const reason = update.getByLabel('Reason');
    await reason.waitFor();
    expect(await reason.inputValue()).toBe('');
    await tabTo(page, update.getByRole('button', { name: 'Save' }), { each: inside.check });
    await page.keyboard.press('Space');
    await update.getByText(actionTexts.rationaleRequired).waitFor({ timeout: 15_000 });
    await inside.check();
    // The form sends the focus to the field to put right.
    await expect.poll(() => isFocused(reason), POLL).toBe(true);
    expect(await (await actionsOf()).data.find((a) => a.title === added.renamed)?.status).toBe('InProgress');
    await page.keyboard.type(deferReason);
    await tabTo(page, update.getByRole('button', { name: 'Save' }), { each: inside.check });
    await inside.end();
    await page.keyboard.press('Enter');
    await update.waitFor({ state: 'detached', timeout: 15_000 });
    await expect.poll(() => renamed.innerText(), POLL).toContain('Deferred');
    const deferred = await renamed.innerText();
    expect(deferred).toContain(deferReason);
    expect(deferred).not.toContain('Overdue');

    // Delete another action: Cancel first leaves it, then Delete removes it.
    const doomed = actionItem(firstArea, planned.doomed);
    const deleteButton = firstArea.getByRole('button', { name: `Delete ${planned.doomed}` });
    await tabTo(page, deleteButton);
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog', { name: 'Delete Action' });
    inside = await insideDialog(page, confirm);
    // The safe choice has the focus.
    const cancel = confirm.getByRole('button', { name: 'Cancel' });
    expect(await isFocused(cancel)).toBe(true);
    expect(await confirm.innerText()).toContain(planned.doomed);
    await tabTo(page, confirm.getByRole('button', { name: 'Delete', exact: true }), { each: inside.check });
    await tabTo(page, cancel, { back: true, each: inside.check });
    await inside.end();
    await page.keyboard.press('Enter');
    await confirm.waitFor({ state: 'detached', timeout: 15_000 });
    expect(await doomed.count()).toBe(1);
    expect((await actionsOf()).data.map((a) => a.title)).toContain(planned.doomed);
    // Back where it was: the focus returns to the Delete button.
    await expect.poll(() => isFocused(deleteButton), POLL).toBe(true);
    await page.keyboard.press('Enter');
    inside = await insideDialog(page, confirm);
    await tabTo(page, confirm.getByRole('button', { name: 'Delete', exact: true }), { each: inside.check });
    await inside.end();
    notice = panel.getByText(actionTexts.deleted).waitFor({ timeout: 15_000 });
    await page.keyboard.press('Enter');
    await confirm.waitFor({ state: 'detached', timeout: 15_000 });
    await notice;
    await expect.poll(() => doomed.count(), POLL).toBe(0);
    expect((await actionsOf()).data.map((a) => a.title)).not.toContain(planned.doomed);
    await shoot(page, 'keyboard-done-1280');
    await context.close();
  }, 180_000);

  // react-bootstrap's modal alone only pulled the focus back, a tick later and onto the dialog's
  // frame, once it had landed on the page behind (Shift+Tab from the first control reached the
  // footer's last link): web/src/components/trapTab.ts keeps it going round the dialog's controls.
  it('going round a dialog with Tab or Shift+Tab never lands on the page behind it', async () => {
    const page = await browser.newPage({ viewport: WIDE });
    await page.goto(server.baseUrl);
    await signIn(page, people.champion.userName, PASSWORD);
    await expectHeading(page, `Welcome, ${people.champion.fullName}`);
    await page.goto(`${server.baseUrl}/admin/organization/mine?tab=actions`);
    const add = page.getByRole('button', { name: `Add Action to ${areas[0]!.name}` });
    await add.waitFor({ timeout: 15_000 });
    await add.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Add Action' });
    await expectFocusInDialog(page);
    await dialog.getByLabel('Title').waitFor();
    const stop = await watchFocusLeavingDialog(page);
    try {
      for (const key of [...Array(12).fill('Tab'), ...Array(12).fill('Shift+Tab')] as string[])
        await page.keyboard.press(key);
    } finally {
      const left = await stop();
      await page.close();
      expect(left).toEqual([]);
    }
  });

  it('a plain member moves their own action on from My Actions, and may do nothing else', async () => {
    const page = await browser.newPage({ viewport: WIDE });
    await page.goto(server.baseUrl);
    await signIn(page, people.member.userName, PASSWORD);
    await expectHeading(page, `Welcome, ${people.member.fullName}`);
    const tile = page.getByRole('article', { name: 'My Actions' });
    const link = tile.getByRole('link', { name: planned.memberOwn });
    await link.waitFor({ timeout: 15_000 });
    const entry = tile.getByRole('listitem').filter({ hasText: planned.memberOwn });
    expect(await entry.innerText()).toContain('Overdue');
    // Only their own open actions: the renamed one they own is Deferred, the others are not theirs.
    expect(await tile.getByRole('listitem').count()).toBe(1);
    await link.click();
    await page.waitForURL(/\/actionplan#action-\d+$/, { timeout: 15_000 });
    await expectHeading(page, 'Action Plan');
    const item = actionItem(page, planned.memberOwn);
    await item.waitFor({ timeout: 15_000 });
    // The page opens with their own list, and the link lands on the action's card on the plan.
    const own = page.getByRole('region', { name: 'My Actions' });
    expect(await own.getByRole('link', { name: planned.memberOwn }).count()).toBe(1);
    await page.waitForFunction(
      (title) => document.activeElement?.querySelector('h4')?.textContent === title,
      planned.memberOwn,
      { timeout: 15_000 },
    );
    for (const viewport of [WIDE, NARROW]) {
      await page.setViewportSize(viewport);
      await checkScreen(page, 'member-landed', viewport.width);
    }
    await page.setViewportSize(WIDE);
    await actionItem(page, planned.upcoming).waitFor();
    // Status only: no Add, Edit or Delete anywhere, and no status change of another's action.
    expect(await page.getByRole('button', { name: /^(Add Action|Edit|Delete)\b/ }).count()).toBe(0);
    const statusButtons = await page.getByRole('button', { name: /^Update Status/ }).allInnerTexts();
    expect(statusButtons.map((t) => t.replace(/\s+/g, ' ').trim()).sort()).toEqual(
      [`Update Status of ${added.renamed}`, `Update Status of ${planned.memberOwn}`].sort(),
    );
    await item.getByRole('button', { name: `Update Status of ${planned.memberOwn}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Update Status' });
    await dialog.waitFor({ timeout: 15_000 });
    expect(await dialog.getByLabel('Title').count()).toBe(0);
    expect(await dialog.getByLabel('Owner').count()).toBe(0);
    await dialog.getByLabel('Status').selectOption({ label: 'Done' });
    const notice = page.getByText(actionTexts.updated).waitFor({ timeout: 15_000 });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached', timeout: 15_000 });
    await notice;
    await expect.poll(() => item.innerText(), POLL).toContain('Done');
    expect(await item.innerText()).not.toContain('Overdue');
    const mine = (await actionsOf('Done')).data.find((a) => a.title === planned.memberOwn);
    expect(mine?.status).toBe('Done');

    // Done is no longer open: the tile no longer lists it.
    await page.goto(server.baseUrl);
    await page
      .getByRole('article', { name: 'My Actions' })
      .getByText('You have no open actions at this time.')
      .waitFor({
        timeout: 15_000,
      });
    await page.close();
  });

  it("the admin's portfolio says the plan has overdue actions; a shared link lists it without names", async () => {
    const open = (await actionsOf()).data.filter(
      (a) => a.status === 'NotStarted' || a.status === 'InProgress',
    );
    const overdue = open.filter((a) => a.overdue);
    // After the journeys above: the late one and the upcoming one are open, the late one overdue.
    expect([open.length, overdue.length]).toEqual([2, 1]);

    const page = await browser.newPage({ viewport: WIDE });
    await page.goto(server.baseUrl);
    await signIn(page, 'admin', ADMIN_PASSWORD);
    await page.getByRole('heading', { name: /^Welcome,/ }).waitFor({ timeout: 15_000 });
    await page.goto(`${server.baseUrl}/portfolio`);
    await expectHeading(page, 'Client Portfolio');
    const row = page.getByRole('table').getByRole('row').filter({ hasText: makerName });
    await row.waitFor({ timeout: 15_000 });
    const headers = (await page.getByRole('table').locator('thead th').allTextContents()).map((t) =>
      t.trim(),
    );
    const cells = await row.locator('td, th').allInnerTexts();
    const actionsCell = cells[headers.findIndex((h) => h.startsWith('Actions'))];
    expect(actionsCell?.trim()).toBe('2 open, 1 overdue');
    expect(await row.innerText()).toContain(attentionReasonTexts.actionsOverdue);
    await shoot(page, 'portfolio-1280');
    await page.close();

    // The champion shares the roadmap; someone without an account opens it.
    const link = await call<{ data: { url: string } }>('organization/sharelink/add', championToken, {
      id: organizationId,
      expiresInDays: 7,
    });
    const visitor = await browser.newContext({ viewport: WIDE });
    const anonymous = await visitor.newPage();
    await anonymous.goto(link.data.url);
    await anonymous.getByRole('heading', { level: 1, name: makerName }).waitFor({ timeout: 15_000 });
    const plan = anonymous.getByRole('region', { name: 'Action Plan' });
    const rows = plan.getByRole('table').locator('tbody tr');
    await rows.first().waitFor({ timeout: 15_000 });
    const listed = await rows.allInnerTexts();
    // Every action whatever its status, the deleted one excepted.
    for (const [title, state] of [
      [planned.memberOwn, 'Done'],
      [added.renamed, 'Deferred'],
      [planned.late, 'Not Started'],
      [planned.upcoming, 'In Progress'],
    ] as const)
      expect(listed.find((r) => r.includes(title))).toContain(state);
    expect(listed.some((r) => r.includes(planned.doomed))).toBe(false);
    expect(listed).toHaveLength(4);
    const body = await anonymous.locator('body').innerText();
    for (const person of [...Object.values(people), departed]) {
      expect(body).not.toContain(person.fullName);
      expect(body).not.toContain(person.userName);
    }
    expect(body).not.toContain(deferReason);
    expect(body).not.toContain('Two sessions per shift');
    await plan.scrollIntoViewIfNeeded();
    await shoot(anonymous, 'shared-1280');
    await visitor.close();
  });

  it('every screen of the plan at desktop and phone width: axe-clean, no sideways scrolling', async () => {
    for (const viewport of [WIDE, NARROW]) {
      const w = viewport.width;
      const champion: BrowserContext = await browser.newContext({ viewport });
      const page = await champion.newPage();
      await page.goto(server.baseUrl);
      await signIn(page, people.champion.userName, PASSWORD);
      await expectHeading(page, `Welcome, ${people.champion.fullName}`);
      await page.goto(`${server.baseUrl}/admin/organization/mine?tab=actions`);
      const panel = page.getByRole('tabpanel', { name: 'Action Plan' });
      await actionItem(panel, planned.upcoming).waitFor({ timeout: 15_000 });
      await actionItem(panel, planned.late).waitFor({ timeout: 15_000 });
      await panel.getByRole('heading', { level: 2, name: 'Action Plan' }).scrollIntoViewIfNeeded();
      await checkScreen(page, 'tab', w);

      const first = areas[0]!;
      await panel.getByRole('button', { name: `Add Action to ${first.name}` }).click();
      const add = page.getByRole('dialog', { name: 'Add Action' });
      await add.waitFor({ timeout: 15_000 });
      await add.getByLabel('Status').selectOption({ label: 'Won’t Do' });
      await add.getByLabel('Reason').waitFor();
      await checkScreen(page, 'add-dialog', w);
      await add.getByRole('button', { name: 'Cancel' }).click();
      await add.waitFor({ state: 'detached', timeout: 15_000 });

      await panel.getByRole('button', { name: `Edit ${planned.late}` }).click();
      const edit = page.getByRole('dialog', { name: 'Edit Action' });
      await edit.waitFor({ timeout: 15_000 });
      expect(await edit.getByLabel('Title').inputValue()).toBe(planned.late);
      await checkScreen(page, 'edit-dialog', w);
      await edit.getByRole('button', { name: 'Cancel' }).click();
      await edit.waitFor({ state: 'detached', timeout: 15_000 });

      await panel.getByRole('button', { name: `Delete ${planned.upcoming}` }).click();
      const confirm = page.getByRole('dialog', { name: 'Delete Action' });
      await confirm.waitFor({ timeout: 15_000 });
      await checkScreen(page, 'delete-dialog', w);
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await confirm.waitFor({ state: 'detached', timeout: 15_000 });
      expect(await actionItem(panel, planned.upcoming).count()).toBe(1);

      // The champion owns the late action: their dashboard's My Actions tile lists it as overdue.
      await page.goto(server.baseUrl);
      const tile = page.getByRole('article', { name: 'My Actions' });
      const late = tile.getByRole('listitem').filter({ hasText: planned.late });
      await late.waitFor({ timeout: 15_000 });
      expect(await late.innerText()).toContain('Overdue');
      await tile.scrollIntoViewIfNeeded();
      await checkScreen(page, 'dashboard-champion', w);
      // Its link opens the organization page's Action Plan tab on that action's card, focused.
      await late.getByRole('link', { name: planned.late }).click();
      await page.waitForURL(/\?tab=actions#action-\d+$/, { timeout: 15_000 });
      await page.waitForFunction(
        (title) => document.activeElement?.querySelector('h4')?.textContent === title,
        planned.late,
        { timeout: 15_000 },
      );
      await champion.close();

      const member = await browser.newContext({ viewport });
      const memberPage = await member.newPage();
      await memberPage.goto(server.baseUrl);
      await signIn(memberPage, people.member.userName, PASSWORD);
      await expectHeading(memberPage, `Welcome, ${people.member.fullName}`);
      await memberPage
        .getByRole('article', { name: 'My Actions' })
        .getByText('You have no open actions at this time.')
        .waitFor({ timeout: 15_000 });
      await checkScreen(memberPage, 'dashboard-member', w);
      await memberPage.goto(`${server.baseUrl}/actionplan`);
      await expectHeading(memberPage, 'Action Plan');
      const own = actionItem(memberPage, planned.memberOwn);
      await own.waitFor({ timeout: 15_000 });
      await own.scrollIntoViewIfNeeded();
      await checkScreen(memberPage, 'member-page', w);
      await own.getByRole('button', { name: `Update Status of ${planned.memberOwn}` }).click();
      const status = memberPage.getByRole('dialog', { name: 'Update Status' });
      await status.waitFor({ timeout: 15_000 });
      await checkScreen(memberPage, 'status-dialog', w);
      await status.getByRole('button', { name: 'Cancel' }).click();
      await status.waitFor({ state: 'detached', timeout: 15_000 });
      await member.close();
    }
  }, 180_000);
});
