import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { UserGroup } from '../domain/codes.js';
import { messages } from '../domain/messages.js';
import { DESKTOP, launchBrowser } from './support/browser.js';
import { createUser } from './support/db.js';
import { expectHeading, signIn } from './support/journey.js';

// docs/decisions.md#operations: a submission whose answer never reaches the browser is sent again by the app with the same
// Idempotency-Key, and the server answers the copy with the result it already stored: one result.

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const password = 'Journey#Retry1';
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

function resultsOf(userId: number): { id: number }[] {
  const sqlite = new SQLite(path.join(dataDir, 'app.db'), { readonly: true });
  try {
    return sqlite.prepare('select id from assessment_results where respondent_id = ?').all(userId) as {
      id: number;
    }[];
  } finally {
    sqlite.close();
  }
}

/** Chooses the second choice of every question, section after section, up to 'Thank You'. */
async function answerToThankYou(page: Page) {
  for (;;) {
    const text = await page.locator('.smr-progress-step').innerText();
    const [, index, total] = /Section (\d+) of (\d+)/.exec(text) ?? [];
    const questions = page.locator('.smr-question-fieldset');
    for (let i = 0; i < (await questions.count()); i++)
      await questions.nth(i).locator('.smr-choice-label').nth(1).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    if (index === total) break;
    await page.getByText(`Section ${Number(index) + 1} of ${total}`).waitFor();
  }
  await expectHeading(page, messages.assessment.thankYouTitle);
}

describe('a submission whose answer is lost', () => {
  it('is sent again with its key after a dropped connection and a 503, and makes one result', async () => {
    const visitor = await createUser(dataDir, UserGroup.Visitor, password, 'Rita Retry');
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto(baseUrl);
    await signIn(page, visitor.userName, password);
    await expectHeading(page, 'Welcome, Rita Retry');
    await page.goto(`${baseUrl}/assessment/trial`);
    await answerToThankYou(page);

    // First try: the connection drops before the server sees it. Second: the server stores the
    // result, but the browser gets a 503 instead of its answer. Third: the server's kept answer.
    const sent: Request[] = [];
    const answers: { status: number; replayed: string | null }[] = [];
    await page.route('**/api/assessmentresult/add', async (route) => {
      sent.push(route.request());
      if (sent.length === 1) return route.abort('connectionreset');
      const response = await route.fetch();
      answers.push({
        status: response.status(),
        replayed: response.headers()['idempotent-replayed'] ?? null,
      });
      if (sent.length === 2)
        return route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({ isSuccess: false, message: 'Service Unavailable', statusCode: 503 }),
        });
      return route.fulfill({ response });
    });
    await page.getByRole('button', { name: messages.assessment.submit }).click();
    await page.waitForURL(/\/assessment\/results\/\d+$/, { timeout: 20_000 });

    expect(sent).toHaveLength(3);
    const keys = sent.map((r) => r.headers()['idempotency-key']);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(keys).size).toBe(1);
    expect(new Set(sent.map((r) => r.postData())).size).toBe(1);
    expect(answers).toEqual([
      { status: 200, replayed: null },
      { status: 200, replayed: 'true' },
    ]);
    const results = resultsOf(visitor.id);
    expect(results).toHaveLength(1);
    expect(page.url()).toBe(`${baseUrl}/assessment/results/${results[0]?.id}`);
    // Confirmed: nothing is left to resume in the browser.
    const left = await page.evaluate(() =>
      Object.keys(sessionStorage).filter((k) => k.startsWith('smr.assessment')),
    );
    expect(left).toEqual([]);
    await page.close();
  });
});
