import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { InputType } from '../domain/codes.js';
import { messages } from '../domain/messages.js';
import { accessibilityProblems } from './support/axe.js';
import { DESKTOP, launchBrowser, PHONE, screenshot } from './support/browser.js';
import { E2E_ADMIN } from './support/globalSetup.js';
import { expectHeading, menuItems, pathOf, signIn } from './support/journey.js';

// Content administration in a browser against the real server: lookup items, sections, questions
// with choices, copying, deactivating a choice, paging, sanitised rich text, and the assessment
// that takes the new content.

const baseUrl = inject('baseUrl');
const stamp = Date.now().toString(36);
let browser: Browser;
let token: string;

beforeAll(async () => {
  browser = await launchBrowser();
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(E2E_ADMIN),
  });
  token = ((await res.json()) as { data: { token: string } }).data.token;
});
afterAll(async () => {
  await browser?.close();
});

async function call<T>(path: string, body: unknown): Promise<T> {
  const res = await fetch(`${baseUrl}/api/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  expect(res.status, `${path} answered ${res.status}`).toBe(200);
  return (await res.json()) as T;
}

type Choice = { id: string; caption: string; scoreValue: number | null; isActive: boolean };
type Question = { id: number; caption: string; choices: Choice[]; section: { id: number } };
type Section = { id: number; code: string; description: string | null; helpContent: string | null };

async function openAdminPage(page: Page, menuItem: string, heading: string) {
  await menuItems(page, 'System');
  await page.locator('.dropdown-menu.show .dropdown-item', { hasText: menuItem }).click();
  await expectHeading(page, heading);
}

async function expectNoAccessibilityProblems(page: Page) {
  expect(await accessibilityProblems(page)).toEqual([]);
}

/** Waits for the heading with exactly this text ('Admin | Section' is not 'Admin | Section Items'). */
async function exactHeading(page: Page, text: string) {
  await page.getByRole('heading', { name: text, exact: true }).waitFor({ timeout: 15_000 });
}

/** Lets transitions (dialogs fading in, alerts) finish before a screenshot. */
async function settled(page: Page) {
  await page.mouse.move(0, 0);
  await page.waitForTimeout(400);
}

async function shot(page: Page, name: string) {
  await settled(page);
  await screenshot(page, name);
}

async function idFromPath(page: Page, base: string): Promise<number> {
  await page.waitForURL(new RegExp(`${base}/\\d+$`));
  return Number((await pathOf(page)).split('/').at(-1));
}

/** A picture for the image upload: a drawn chart, so the screenshot shows the full-width layout. */
async function chartPng(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 640;
    canvas.height = 240;
    const g = canvas.getContext('2d')!;
    g.fillStyle = '#e8eef5';
    g.fillRect(0, 0, 640, 240);
    [90, 150, 120, 200, 170].forEach((h, i) => {
      g.fillStyle = i % 2 ? '#23807a' : '#2c4a6e';
      g.fillRect(40 + i * 120, 220 - h, 80, h);
    });
    return canvas.toDataURL('image/png');
  });
  return Buffer.from(dataUrl.split(',')[1]!, 'base64');
}

const sectionCaption = `Digital Twins ${stamp}`;
const questionCaption = `Do you keep a digital twin of the line? ${stamp}`;
let sectionId: number;
let sectionCode: string;
let questionId: number;

describe('content administration', () => {
  it('creates a lookup item', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto(baseUrl);
    await signIn(page, E2E_ADMIN.userName, E2E_ADMIN.password);
    await expectHeading(page, 'Welcome, System Administrator');

    await openAdminPage(page, 'Manage Lookup Items', 'Admin | Lookup Items');
    await page.getByText(/^\d+ items$/).waitFor();
    await shot(page, 'lookup-list-desktop');
    await expectNoAccessibilityProblems(page);

    await page.getByRole('link', { name: 'Add Lookup Item' }).click();
    await exactHeading(page, 'Admin | Lookup Item');
    await page
      .getByLabel('Lookup Type')
      .locator('option', { hasText: 'Industry' })
      .waitFor({ state: 'attached' });
    await page.getByRole('button', { name: 'Save' }).click();
    expect(await page.getByText(messages.validation.required, { exact: true }).count()).toBe(2);
    await page.getByLabel('Lookup Type').selectOption({ label: 'Industry' });
    const name = `Shipbuilding ${stamp}`;
    await page.getByLabel('Name').fill(name);
    await page.getByLabel('Display Order').pressSequentially('9x9');
    expect(await page.getByLabel('Display Order').inputValue()).toBe('99');
    expect(await page.locator('.is-invalid').count()).toBe(0);
    await shot(page, 'lookup-form-desktop');
    await expectNoAccessibilityProblems(page);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(`${baseUrl}/admin/lookup/list`);
    await page.getByText(messages.admin.lookupSaved).waitFor();

    await page.getByRole('searchbox', { name: 'Search lookup items' }).fill(name);
    await page.getByText('1 item', { exact: true }).waitFor();
    const row = page.getByRole('row', { name: new RegExp(name) });
    expect(await row.getByRole('cell').allInnerTexts()).toEqual(['Industry', name, '99', '×']);

    // Opened from the list, the item is read-only until Edit is pressed.
    await row.getByRole('link', { name }).click();
    await exactHeading(page, 'Admin | Lookup Item');
    await expect.poll(() => page.getByLabel('Name').inputValue()).toBe(name);
    expect(await page.getByLabel('Name').isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Save' }).count()).toBe(0);
    await shot(page, 'lookup-view-desktop');
    await expectNoAccessibilityProblems(page);
    await page.getByRole('link', { name: 'Edit', exact: true }).click();
    await page.getByRole('button', { name: 'Save' }).waitFor();
    expect(await page.getByLabel('Name').isDisabled()).toBe(false);
    await page.getByLabel('Display Order').fill('98');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(new RegExp(`${baseUrl}/admin/lookup/list`));
    await page.getByText(messages.admin.lookupSaved).waitFor();
    await page.getByText('1 item', { exact: true }).waitFor();
    await expect.poll(() => row.getByRole('cell').allInnerTexts()).toEqual(['Industry', name, '98', '×']);
    // Deleting asks first, in the words of docs/product.md#messages, then deactivates.
    await row.getByRole('button', { name: `Delete '${name}'` }).click();
    await page.getByRole('dialog').getByText(messages.admin.confirmDeleteLookup(name)).waitFor();
    await shot(page, 'lookup-delete-confirm-desktop');
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByText(messages.admin.deleted, { exact: true }).waitFor();
    await row.getByText('Inactive').waitFor();

    // Rows of one type share a shade; the next type takes the other.
    await page.getByRole('searchbox', { name: 'Search lookup items' }).fill('role');
    await page.getByText('22 items', { exact: true }).waitFor();
    await page.getByLabel('Per page').selectOption('24');
    await page.getByRole('cell', { name: 'Value Chain Role' }).first().waitFor();
    const shades = await page
      .locator('tbody tr')
      .evaluateAll((rows) =>
        rows.map((r) => `${r.children[0]?.textContent}:${r.className.match(/smr-row-group-\w+/)?.[0]}`),
      );
    const byType = new Map<string, Set<string>>();
    for (const entry of shades) {
      const [type, shade] = entry.split(':') as [string, string];
      byType.set(type, (byType.get(type) ?? new Set()).add(shade));
    }
    expect([...byType.values()].every((set) => set.size === 1)).toBe(true);
    expect(byType.size).toBe(3);
    expect(new Set([...byType.values()].map((set) => [...set][0])).size).toBe(2);
    await shot(page, 'lookup-list-groups-desktop');
    await page.close();
  });

  it('creates a section with rich text that keeps images and loses scripts', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto(`${baseUrl}/admin/section/list`);
    await signIn(page, E2E_ADMIN.userName, E2E_ADMIN.password);
    await expectHeading(page, 'Admin | Section Items');
    await page.getByText(/^\d+ items$/).waitFor();
    await shot(page, 'section-list-desktop');
    await expectNoAccessibilityProblems(page);

    await page.getByRole('link', { name: 'Add Section' }).click();
    await exactHeading(page, 'Admin | Section');
    expect(await page.getByLabel('Previous Button Caption').inputValue()).toBe('Go Back');
    await page.getByLabel('Caption', { exact: true }).fill(sectionCaption);
    sectionCode = `digital-twins-${stamp}`;
    expect(await page.getByLabel('Code').inputValue()).toBe(sectionCode);
    await page.getByLabel('Display Order').fill('95');

    const description = page.getByRole('textbox', { name: 'Description' });
    await description.click();
    await page.keyboard.type('Twins mirror the plant. ');
    await page.getByRole('button', { name: 'Bold' }).first().click();
    await page.keyboard.type('Start small.');
    // A script typed into the editor is text; one pasted as HTML is dropped.
    await page.keyboard.press('Enter');
    await page.keyboard.type('<script>window.pwned = 1</script>');
    await page.evaluate(() => {
      const data = new DataTransfer();
      data.setData(
        'text/html',
        '<p>Pasted note</p><script>window.pwned = 2</script><img src="x" onerror="window.pwned = 3">',
      );
      document.activeElement?.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
      );
    });
    const picture = await chartPng(page);
    await page
      .locator('.smr-rte')
      .first()
      .locator('input[type=file]')
      .setInputFiles({ name: 'maturity-chart.png', mimeType: 'image/png', buffer: picture });
    await description.locator('img[alt="maturity-chart"]').waitFor();
    const imageBox = await description.locator('img[alt="maturity-chart"]').boundingBox();
    const editorBox = await description.boundingBox();
    // Full width, automatic height.
    expect(Math.round(imageBox!.width)).toBeGreaterThan(editorBox!.width - 40);
    expect(Math.round(imageBox!.height)).toBeCloseTo(Math.round((imageBox!.width * 240) / 640), -1);

    await page.getByRole('textbox', { name: 'Help Content', exact: true }).click();
    await page.keyboard.type('Count only twins that are kept up to date.');
    await page.getByLabel('Help Content Video').fill('https://www.youtube.com/embed/abc123');
    await shot(page, 'section-form-desktop');
    await expectNoAccessibilityProblems(page);
    await page.getByRole('button', { name: 'Save' }).click();
    sectionId = await idFromPath(page, '/admin/section');
    await page.getByText(messages.admin.saved).waitFor();

    const saved = await call<Section>('admin/section/getbyid', { id: sectionId });
    expect(saved.code).toBe(sectionCode);
    expect(saved.description).toContain('Twins mirror the plant.');
    expect(saved.description).toContain('<strong>Start small.</strong>');
    expect(saved.description).toContain('Pasted note');
    expect(saved.description).toContain('<img src="data:image/png;base64,');
    expect(saved.description).not.toMatch(/<script|onerror|pwned = [23]/i);
    expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
    // The reloaded form shows what the server kept.
    await description.getByText('Twins mirror the plant.').waitFor();
    await page.close();
  });

  it('creates a question with three choices, copies it, and deactivates a choice of the copy', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto(baseUrl);
    await signIn(page, E2E_ADMIN.userName, E2E_ADMIN.password);
    await expectHeading(page, 'Welcome, System Administrator');
    await openAdminPage(page, 'Manage Assessment Questions', 'Admin | Question Items');
    await page.getByText(/^\d+ items$/).waitFor();
    await shot(page, 'question-list-desktop');
    await expectNoAccessibilityProblems(page);

    await page.getByRole('link', { name: 'Add Question' }).click();
    await exactHeading(page, 'Admin | Question');
    await page
      .getByLabel('Section')
      .locator('option', { hasText: sectionCaption })
      .waitFor({ state: 'attached' });
    await page.getByLabel('Section').selectOption({ label: sectionCaption });
    await page.getByLabel('Input Type').selectOption({ label: 'Single Select' });
    await page.getByText(messages.admin.noChoices).waitFor();
    await page.getByLabel('Display Order').fill('1');
    await page.getByLabel('Caption', { exact: true }).fill(questionCaption);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText(messages.admin.atLeastOneChoice).waitFor();

    const captions = ['No twin yet', 'A twin of one machine', 'A twin of the whole line'];
    for (const [index, caption] of captions.entries()) {
      await page.getByRole('button', { name: 'Add Choice' }).click();
      await page.getByLabel(`Caption of choice ${index + 1}`).fill(caption);
      await page.getByLabel(`Score of choice ${index + 1}`).pressSequentially(`${index}x.5`);
    }
    expect(await page.getByLabel('Score of choice 2').inputValue()).toBe('1.5');
    expect(await page.getByLabel('Display order of choice 3').inputValue()).toBe('3');
    await page.getByRole('textbox', { name: 'Help Content', exact: true }).click();
    await page.keyboard.type('A digital twin is a live model of equipment or a process.');
    await shot(page, 'question-form-desktop');
    await expectNoAccessibilityProblems(page);
    await page.getByRole('button', { name: 'Save' }).click();
    questionId = await idFromPath(page, '/admin/question');
    await page.getByText(messages.admin.saved).waitFor();
    const saved = await call<Question>('admin/question/getbyid', { id: questionId });
    expect(saved.choices.map((c) => [c.caption, c.scoreValue, c.isActive])).toEqual([
      ['No twin yet', 0.5, true],
      ['A twin of one machine', 1.5, true],
      ['A twin of the whole line', 2.5, true],
    ]);

    // Copy: a new question with its own choices, saved with add.
    await page.getByRole('button', { name: 'Actions' }).click();
    await page.getByRole('button', { name: 'Copy item' }).click();
    await page.waitForURL(`${baseUrl}/admin/question/copy/${questionId}`);
    await page.getByText('Copy: nothing is saved until you press Save.').waitFor();
    expect(await page.getByLabel('Caption', { exact: true }).inputValue()).toBe(`${questionCaption} (Copy)`);
    await page.getByRole('button', { name: 'Save' }).click();
    const copyId = await idFromPath(page, '/admin/question');
    expect(copyId).not.toBe(questionId);
    await page.getByText(messages.admin.saved).waitFor();

    // The saved copy is shown read-only; Edit opens it for changes.
    await page.getByText('Viewing', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Save' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Deactivate choice 2' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Edit', exact: true }).click();
    await page.waitForURL(`${baseUrl}/admin/question/${copyId}?mode=edit`);

    // A saved choice is deactivated, not removed; it is still sent and kept.
    await page.getByRole('button', { name: 'Deactivate choice 2' }).click();
    await page.getByRole('button', { name: 'Reactivate choice 2' }).waitFor();
    await shot(page, 'question-copy-choice-deactivated-desktop');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText(messages.admin.saved).waitFor();
    // Saved, the question is read-only again.
    await page.waitForURL(`${baseUrl}/admin/question/${copyId}`);
    await page.getByRole('link', { name: 'Edit', exact: true }).waitFor();
    const copy = await call<Question>('admin/question/getbyid', { id: copyId });
    expect(copy.caption).toBe(`${questionCaption} (Copy)`);
    expect(copy.choices.map((c) => [c.caption, c.isActive])).toEqual([
      ['No twin yet', true],
      ['A twin of one machine', false],
      ['A twin of the whole line', true],
    ]);
    expect(copy.choices.map((c) => c.id)).not.toContain(saved.choices[0]!.id);
    // The original is untouched.
    const original = await call<Question>('admin/question/getbyid', { id: questionId });
    expect(original.choices.every((c) => c.isActive)).toBe(true);
    // After the save the deactivated choice stays greyed, with no way back.
    await page
      .getByRole('row', { name: /A twin of one machine/ })
      .getByText('Deactivated')
      .waitFor();
    await page.close();
  });

  it('fits the question form on a phone', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    await page.goto(`${baseUrl}/admin/question/${questionId}`);
    await signIn(page, E2E_ADMIN.userName, E2E_ADMIN.password);
    await exactHeading(page, 'Admin | Question');
    await page.getByLabel('Caption of choice 3').waitFor();
    await page.getByRole('textbox', { name: 'Help Content', exact: true }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await shot(page, 'question-form-phone');
    await expectNoAccessibilityProblems(page);
    await page.goto(`${baseUrl}/admin/question/list`);
    await page.getByText(/^\d+ items$/).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await shot(page, 'question-list-phone');
    await page.close();
  });

  it('pages through the questions 24 at a time', async () => {
    const term = `Paging ${stamp}`;
    for (let n = 1; n <= 50; n++) {
      const answer = await call<{ isSuccess: boolean }>('admin/question/add', {
        caption: `${term} question ${String(n).padStart(2, '0')}`,
        displayOrder: 100 + n,
        section: { id: sectionId },
        inputType: InputType.Textbox,
        isRequired: false,
        choices: [],
      });
      expect(answer.isSuccess).toBe(true);
    }
    const all = await call<{ count: number }>('admin/question/search', { query: stamp, skip: 0, take: 1 });
    expect(all.count).toBeGreaterThanOrEqual(50);

    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto(`${baseUrl}/admin/question/list`);
    await signIn(page, E2E_ADMIN.userName, E2E_ADMIN.password);
    await expectHeading(page, 'Admin | Question Items');
    await page.getByRole('searchbox', { name: 'Search questions' }).fill(term);
    await page.getByText('50 items', { exact: true }).waitFor();
    const rows = page.locator('tbody tr');
    expect(await rows.count()).toBe(12);
    await page.getByLabel('Per page').selectOption('24');
    await expect.poll(() => rows.count()).toBe(24);
    const pager = page.getByRole('navigation', { name: 'Questions pages' });
    expect(await pager.getByRole('button').allInnerTexts()).toEqual(['1', '2', '3']);
    await pager.getByRole('button', { name: 'Page 3' }).click();
    await expect.poll(() => rows.count()).toBe(2);
    expect(await page.getByRole('link', { name: /question \d\d$/ }).allInnerTexts()).toEqual([
      `${term} question 49`,
      `${term} question 50`,
    ]);
    await shot(page, 'question-list-page3-desktop');
    // The place and the page size survive a reload: both are in the address.
    expect(await pathOf(page)).toBe(
      `/admin/question/list?q=${encodeURIComponent(term).replace(/%20/g, '+')}&size=24&page=3`,
    );
    await page.reload();
    await page.getByText('50 items', { exact: true }).waitFor();
    await expect.poll(() => rows.count()).toBe(2);
    expect(await page.getByLabel('Per page').inputValue()).toBe('24');
    await page.close();
  });

  it('puts the new question in the current-state assessment', async () => {
    const answer = await call<{ data?: unknown } & Record<string, unknown>>('assessment/bycode', {
      query: 'current-state',
    });
    const criteria = (answer.data ?? answer) as {
      sections: { code: string; questions: { caption: string }[] }[];
    };
    const section = criteria.sections.find((s) => s.code === sectionCode);
    expect(section, `section ${sectionCode} in the current-state assessment`).toBeDefined();
    expect(section!.questions.map((q) => q.caption)).toContain(questionCaption);
  });
});
