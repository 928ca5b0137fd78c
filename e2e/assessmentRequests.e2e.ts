import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { UserGroup } from '../domain/codes.js';
import { messages } from '../domain/messages.js';
import { DESKTOP, launchBrowser } from './support/browser.js';
import { createInvite, createUser, userIdOf } from './support/db.js';
import { expectHeading, signIn } from './support/journey.js';

// docs/decisions.md#performance, 'A fast web app': the assessment keeps every answer in the browser until Submit; moving
// between its sections (forwards, backwards, to Thank You and back) waits for no request to the API.
// Since docs/product.md#insights-progress ('save and resume') the answers are also saved on the server in the background
// (POST assessmentdraft/save): those saves are the only calls allowed, and no step waits for them.

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const password = 'Journey#Pass1';
let browser: Awaited<ReturnType<typeof launchBrowser>>;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const DRAFT_SAVE = 'POST /api/assessmentdraft/save';
const notDraftSaves = (calls: string[]) => calls.filter((c) => c !== DRAFT_SAVE);

/** Every API call the page makes from now on, as 'METHOD /api/path'. */
function recordApiCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) calls.push(`${request.method()} ${url.pathname}`);
  });
  return calls;
}

async function sectionIndex(page: Page): Promise<{ index: number; total: number }> {
  const text = await page.locator('.smr-progress-step').innerText();
  const match = /Section (\d+) of (\d+)/.exec(text);
  if (!match) throw new Error(`no section position in '${text}'`);
  return { index: Number(match[1]), total: Number(match[2]) };
}

async function answerSection(page: Page, choice: number) {
  const questions = page.locator('.smr-question-fieldset');
  const count = await questions.count();
  for (let i = 0; i < count; i++) await questions.nth(i).locator('.smr-choice-label').nth(choice).click();
}

describe('the assessment stays in the browser until Submit', () => {
  it('a manufacturer moves through every section and back with no API request but background saves; Submit sends one', async () => {
    const maker = await createUser(dataDir, UserGroup.Manufacturer, password, 'Noor Haddad');
    createInvite(dataDir, userIdOf(dataDir, maker.userName), 'current-state');
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto(baseUrl);
    await signIn(page, maker.userName, password);
    await expectHeading(page, 'Welcome, Noor Haddad');
    await page.goto(`${baseUrl}/assessment/current-state`);
    await expectHeading(page, messages.assessment.demographicsTitle);
    await page.waitForLoadState('networkidle');

    const calls = recordApiCalls(page);
    // The background saves are held unanswered until Submit: a step that waited for one would not show.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/assessmentdraft/save', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('link', { name: 'Continue' }).click();
    await page.getByText(/^Section 1 of \d+$/).waitFor();
    // Forwards through every section, answering as we go...
    for (;;) {
      const { index, total } = await sectionIndex(page);
      await answerSection(page, 1);
      await page.getByRole('button', { name: 'Continue' }).click();
      if (index === total) break;
      await page.getByText(`Section ${index + 1} of ${total}`).waitFor();
    }
    await expectHeading(page, messages.assessment.thankYouTitle);
    // ...back from Thank You to the start (Demographics for a manufacturer), changing an answer, a step
    // back, the browser's Back button, and forwards again.
    await page.getByRole('button', { name: messages.assessment.modifySelections }).click();
    await expectHeading(page, messages.assessment.demographicsTitle);
    await page.getByRole('link', { name: 'Continue' }).click();
    await page.getByText(/^Section 1 of \d+$/).waitFor();
    await answerSection(page, 2);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText(/^Section 2 of \d+$/).waitFor();
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link').click();
    await page.getByText(/^Section 1 of \d+$/).waitFor();
    await page.goBack();
    await page.getByText(/^Section 2 of \d+$/).waitFor();
    // Other journeys may have added sections to the shared server's assessment: count them.
    const { total } = await sectionIndex(page);
    for (let index = 2; index <= total; index++) {
      await page.getByRole('button', { name: 'Continue' }).click();
      if (index < total) await page.getByText(`Section ${index + 1} of ${total}`).waitFor();
    }
    await expectHeading(page, messages.assessment.thankYouTitle);
    expect(notDraftSaves(calls)).toEqual([]);
    expect(calls).toContain(DRAFT_SAVE);

    // Submit sends the answers in one call (once the saves under way have settled: let them through
    // now), then the results page loads its scores.
    release();
    const before = calls.length;
    await page.getByRole('button', { name: messages.assessment.submit }).click();
    await expectHeading(page, 'Your Results');
    const after = notDraftSaves(calls.slice(before));
    expect(after[0]).toBe('POST /api/assessmentresult/add');
    expect(after.filter((c) => c === 'POST /api/assessmentresult/add')).toHaveLength(1);
    // Nothing is saved after the submission: it would bring back the draft it deleted.
    expect(calls.slice(calls.indexOf('POST /api/assessmentresult/add'))).not.toContain(DRAFT_SAVE);
    await page.close();
  });
});
