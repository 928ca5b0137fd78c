import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { UserGroup } from '../domain/codes.js';
import { messages } from '../domain/messages.js';
import { accessibilityProblems } from './support/axe.js';
import { DESKTOP, launchBrowser, PHONE, screenshot } from './support/browser.js';
import { createInvite, createUser, userIdOf } from './support/db.js';
import { expectHeading, signIn } from './support/journey.js';

// docs/product.md#insights-drafts, 'save and resume': a respondent answers half an assessment in one browser, and finishes it
// in another, which restores the answers saved on the server and says so. Submitting deletes the draft.

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const password = 'Journey#Resume1';
const RESTORED = 'Your saved answers were restored.';
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The person's drafts, each as the sections it holds answers in. */
function draftsOf(userId: number): { sections: unknown[] }[] {
  const sqlite = new SQLite(path.join(dataDir, 'app.db'), { readonly: true });
  try {
    const rows = sqlite.prepare('select criteria from assessment_drafts where user_id = ?').all(userId) as {
      criteria: string;
    }[];
    return rows.map((r) => JSON.parse(r.criteria));
  } finally {
    sqlite.close();
  }
}

/** A fresh browser (no cookies, no storage), signed in and on the assessment's first step. */
async function openInFreshBrowser(userName: string, viewport = DESKTOP): Promise<Page> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await page.goto(baseUrl);
  await signIn(page, userName, password);
  await expectHeading(page, 'Welcome, Rowan Resume');
  await page.goto(`${baseUrl}/assessment/current-state`);
  await expectHeading(page, messages.assessment.demographicsTitle);
  return page;
}

const questions = (page: Page) => page.locator('.smr-question-fieldset');

async function sectionPosition(page: Page) {
  const text = await page.locator('.smr-progress-step').innerText();
  const [, index, total] = /Section (\d+) of (\d+)/.exec(text) ?? [];
  return { index: Number(index), total: Number(total) };
}

async function answer(page: Page, count: number, choice: number) {
  for (let i = 0; i < count; i++)
    await questions(page).nth(i).locator('.smr-choice-label').nth(choice).click();
}

/** Whether the nth choice of each of the first `count` questions is chosen. */
async function chosen(page: Page, count: number, choice: number): Promise<boolean[]> {
  const out: boolean[] = [];
  for (let i = 0; i < count; i++)
    out.push(await questions(page).nth(i).locator('input').nth(choice).isChecked());
  return out;
}

describe('answers saved on the server resume in another browser', () => {
  it('answers half in one browser, finishes in a fresh one, and the draft is gone after Submit', async () => {
    const maker = await createUser(dataDir, UserGroup.Manufacturer, password, 'Rowan Resume');
    const userId = userIdOf(dataDir, maker.userName);
    createInvite(dataDir, userId, 'current-state');

    // First browser: the whole first section and the first question of the second, then it is closed.
    const first = await openInFreshBrowser(maker.userName);
    expect(await first.getByText(RESTORED).count()).toBe(0);
    await first.getByRole('link', { name: 'Continue' }).click();
    await first.getByText(/^Section 1 of \d+$/).waitFor();
    const firstCount = await questions(first).count();
    await answer(first, firstCount, 2);
    await first.getByRole('button', { name: 'Continue' }).click();
    await first.getByText(/^Section 2 of \d+$/).waitFor();
    await answer(first, 1, 3);
    // Saved a moment later, with no button pressed: the draft then holds answers in two sections.
    await expect.poll(() => draftsOf(userId)[0]?.sections.length, { timeout: 10_000 }).toBe(2);
    expect(draftsOf(userId)).toHaveLength(1);
    await first.context().close();

    // A fresh browser at phone width: the answers come back, with the notice.
    const second = await openInFreshBrowser(maker.userName, PHONE);
    const notice = second.getByRole('status').filter({ hasText: RESTORED });
    await notice.waitFor();
    expect(await notice.isVisible()).toBe(true);
    expect(await accessibilityProblems(second)).toEqual([]);
    await screenshot(second, 'resume-draft-restored-375');
    await second.setViewportSize(DESKTOP);
    await screenshot(second, 'resume-draft-restored-1280');
    // No horizontal scrolling at phone width.
    await second.setViewportSize(PHONE);
    expect(await second.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE.width,
    );

    // The notice leads on to the section with questions still open (the second).
    expect(await notice.getByRole('link', { name: /^Continue with / }).count()).toBe(1);
    await second.getByRole('link', { name: 'Continue', exact: true }).click();
    await second.getByText(/^Section 1 of \d+$/).waitFor();
    expect(await chosen(second, firstCount, 2)).toEqual(Array(firstCount).fill(true));
    await second.getByRole('button', { name: 'Continue' }).click();
    await second.getByText(/^Section 2 of \d+$/).waitFor();
    expect(await chosen(second, 1, 3)).toEqual([true]);

    // Finish: every remaining question, section after section, then Submit.
    for (;;) {
      const { index, total } = await sectionPosition(second);
      await answer(second, await questions(second).count(), 1);
      await second.getByRole('button', { name: 'Continue' }).click();
      if (index === total) break;
      await second.getByText(`Section ${index + 1} of ${total}`).waitFor();
    }
    await expectHeading(second, messages.assessment.thankYouTitle);
    await second.getByRole('button', { name: messages.assessment.submit }).click();
    await expectHeading(second, 'Your Results');
    expect(draftsOf(userId)).toEqual([]);
    await second.context().close();

    // Opened again elsewhere: nothing to restore any more.
    const third = await openInFreshBrowser(maker.userName);
    await third.waitForLoadState('networkidle');
    expect(await third.getByText(RESTORED).count()).toBe(0);
    expect(draftsOf(userId)).toEqual([]);
    await third.context().close();
  });
});
