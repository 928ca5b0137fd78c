import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserGroup } from '../domain/codes.js';
import { messages } from '../domain/messages.js';
import { accessibilityProblems } from './support/axe.js';
import { DESKTOP, launchBrowser, PHONE, screenshot } from './support/browser.js';
import { createInvite, createUser, userIdOf } from './support/db.js';
import { expectHeading, pathOf, signIn } from './support/journey.js';
import { type RunningServer, startServer } from './support/server.js';

const password = 'Journey#Pass1';
let browser: Browser;
let server: RunningServer;
let baseUrl: string;
let dataDir: string;

// A server of its own: the scores asserted here assume the seeded content as it ships, which other
// journeys (the content editor's) change on the shared server.
beforeAll(async () => {
  browser = await launchBrowser();
  server = await startServer({ ADMIN_PASSWORD: 'Admin#Assess1', LOG_LEVEL: 'warn' });
  baseUrl = server.baseUrl;
  dataDir = server.dataDir;
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** 'Section n of N' as the progress indicator shows it. */
async function sectionPosition(page: Page): Promise<{ index: number; total: number }> {
  const text = await page.locator('.smr-progress-step').innerText();
  const match = /Section (\d+) of (\d+)/.exec(text);
  if (!match) throw new Error(`no section position in '${text}'`);
  return { index: Number(match[1]), total: Number(match[2]) };
}

/** Chooses the nth choice (0 = level 1) of every question on the section shown. */
async function answerSection(page: Page, choice: number, only?: number) {
  const questions = page.locator('.smr-question-fieldset');
  const count = only ?? (await questions.count());
  for (let i = 0; i < count; i++) await questions.nth(i).locator('.smr-choice-label').nth(choice).click();
}

/** Answers every section from the one shown and continues to 'Thank You'. */
async function answerToThankYou(page: Page, choice: number) {
  for (;;) {
    const { index, total } = await sectionPosition(page);
    await answerSection(page, choice);
    await page.getByRole('button', { name: 'Continue' }).click();
    if (index === total) break;
    await page.getByText(`Section ${index + 1} of ${total}`).waitFor();
  }
  await expectHeading(page, messages.assessment.thankYouTitle);
}

async function continueThroughIntro(page: Page) {
  for (const heading of [
    'About the SM Roadmap',
    'What Is Smart Manufacturing?',
    'Why a Roadmap Pays Off',
    'The Acceleration Framework',
    'Assessing Your Current State',
    'Before You Start',
  ]) {
    await expectHeading(page, heading);
    await page.getByRole('link', { name: 'Continue' }).click();
  }
}

describe('assessments', () => {
  it('a visitor takes the trial: intro, get-started, every section, Thank You, Submit, results', async () => {
    const visitor = await createUser(dataDir, UserGroup.Visitor, password, 'Vera Lindqvist');
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto(baseUrl);
    await signIn(page, visitor.userName, password);
    await expectHeading(page, 'Welcome, Vera Lindqvist');
    await page.getByText(messages.assessment.noCompleted).waitFor();

    await page.getByRole('link', { name: 'Start Trial Assessment' }).click();
    await expectHeading(page, messages.assessment.introTitle);
    expect(await pathOf(page)).toBe('/intro/trial');
    await screenshot(page, 'assessment-intro-desktop');
    await page.setViewportSize(PHONE);
    await screenshot(page, 'assessment-intro-phone');
    await page.setViewportSize(DESKTOP);
    await continueThroughIntro(page);

    await expectHeading(page, messages.assessment.getStartedTitle);
    expect(await pathOf(page)).toBe('/getstarted/trial');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('Required').first().waitFor();
    await page.getByLabel('Business Type').selectOption({ index: 1 });
    await page.getByLabel('Company Maturity').selectOption({ index: 2 });
    await page.getByLabel('Number of Employees').selectOption({ index: 2 });
    await page.getByLabel('Number of Facilities').selectOption({ index: 1 });
    expect(await page.getByLabel('HQ State').count()).toBe(0);
    await page.getByLabel('HQ Region').selectOption({ label: 'North America' });
    await page.getByLabel('HQ State').selectOption({ label: 'Ohio' });
    expect(await page.getByLabel('Other Industry').isDisabled()).toBe(true);
    await page.getByRole('group', { name: 'Industries' }).getByRole('checkbox').first().check();
    await page.getByRole('group', { name: 'Industries' }).getByLabel('Other', { exact: true }).check();
    await page.getByLabel('Other Industry').fill('Marine equipment');
    await page.getByRole('group', { name: 'Supply Chain Roles' }).getByRole('checkbox').first().check();
    await screenshot(page, 'assessment-getstarted-desktop');
    await page.getByRole('button', { name: 'Continue' }).click();

    // Section 1: Next checks every question first.
    await page.waitForURL(`${baseUrl}/assessment/trial`);
    expect(await sectionPosition(page)).toMatchObject({ index: 1, total: 8 });
    await answerSection(page, 1, 2);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText(messages.assessment.validationBanner).waitFor();
    expect(await page.locator('.smr-question-invalid').count()).toBeGreaterThan(0);
    await page.waitForFunction(() => window.scrollY < 200);
    await screenshot(page, 'assessment-section-errors-desktop');
    await answerSection(page, 1);
    expect(await page.getByText(messages.assessment.validationBanner).count()).toBe(0);
    expect(await accessibilityProblems(page)).toEqual([]);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'assessment-section-desktop');
    await page.setViewportSize(PHONE);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, 'assessment-section-phone');
    await page.setViewportSize(DESKTOP);
    await page.getByRole('button', { name: 'Continue' }).click();

    // Section 2: a reload half way keeps what was chosen.
    await page.getByText(/^Section 2 of \d+$/).waitFor();
    await answerSection(page, 2, 3);
    await page.reload();
    await page.getByText(/^Section 2 of \d+$/).waitFor();
    expect(await page.locator('.smr-question-fieldset input:checked').count()).toBe(3);
    await page.goto(`${baseUrl}/assessment/trial`);
    await page.getByText(/^Section 1 of \d+$/).waitFor();
    const questionsOnFirst = await page.locator('.smr-question-fieldset').count();
    expect(await page.locator('.smr-question-fieldset input:checked').count()).toBe(questionsOnFirst);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText(/^Section 2 of \d+$/).waitFor();

    await answerToThankYou(page, 2);
    expect(await pathOf(page)).toBe('/assessment/trial/results');
    await screenshot(page, 'assessment-thankyou-desktop');
    await page.getByRole('button', { name: messages.assessment.submit }).click();

    await expectHeading(page, 'Your Results');
    expect(await pathOf(page)).toMatch(/^\/assessment\/results\/\d+$/);
    await page.locator('.smr-chart canvas').waitFor();
    // Section 1 at level 2, the seven others at level 3: (2 + 7 x 3) / 8 = 2.875.
    expect(await page.locator('.smr-overall-value').innerText()).toBe('2.9');
    expect(await page.locator('.smr-overall-level').innerText()).toBe('Developing');
    expect(await page.locator('.smr-lowest-item').count()).toBe(5);
    expect(await accessibilityProblems(page)).toEqual([]);
    await screenshot(page, 'assessment-results-desktop');
    await page.setViewportSize(PHONE);
    await page.reload();
    await page.locator('.smr-chart canvas').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, 'assessment-results-phone');
    await page.setViewportSize(DESKTOP);

    // The answers are gone from the tab; the dashboard shows the result.
    expect(
      await page.evaluate(() => Object.keys(sessionStorage).filter((k) => k.startsWith('smr.assessment'))),
    ).toEqual([]);
    await page.getByRole('link', { name: 'Home' }).first().click();
    await expectHeading(page, 'Welcome, Vera Lindqvist');
    await page.locator('.smr-tile-score-value').waitFor();
    expect(await page.locator('.smr-tile-score-value').innerText()).toBe('2.9');
    await screenshot(page, 'dashboard-visitor-desktop');
    await page.close();
  });

  it('a manufacturer takes the current state on an invite, retakes it after confirming, and compares the future state', async () => {
    const maker = await createUser(dataDir, UserGroup.Manufacturer, password, 'Morgan Ellery');
    const makerId = userIdOf(dataDir, maker.userName);
    createInvite(dataDir, makerId, 'current-state');
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto(baseUrl);
    await signIn(page, maker.userName, password);
    await expectHeading(page, 'Welcome, Morgan Ellery');
    await page.getByText(messages.assessment.noCompleted).waitFor();
    const start = page.getByRole('link', { name: 'Start Current State Assessment' });
    await start.waitFor();
    await screenshot(page, 'dashboard-manufacturer-pending-desktop');
    await start.click();

    // Manufacturers skip get-started: the assessment opens with their organization's demographics, read-only.
    await continueThroughIntro(page);
    await page.waitForURL(`${baseUrl}/assessment/current-state`);
    await expectHeading(page, messages.assessment.demographicsTitle);
    expect(await page.locator('.smr-facts dt').allTextContents()).toContain('Organization Name');
    expect(await page.locator('.smr-demographics select, .smr-demographics input').count()).toBe(0);
    await screenshot(page, 'assessment-demographics-desktop');
    await page.setViewportSize(PHONE);
    await screenshot(page, 'assessment-demographics-phone');
    await page.setViewportSize(DESKTOP);
    await page.getByRole('link', { name: 'Continue' }).click();
    await page.getByText(/^Section 1 of \d+$/).waitFor();
    await answerToThankYou(page, 1);
    await page.getByRole('button', { name: messages.assessment.submit }).click();
    await expectHeading(page, 'Your Results');
    expect(await page.locator('.smr-overall-value').innerText()).toBe('2.0');

    await page.getByRole('link', { name: 'Home' }).first().click();
    await page.getByText(messages.assessment.noAssessments('pending')).waitFor();
    const retake = page.getByRole('link', { name: 'Retake Current State Assessment' });
    await retake.waitFor();
    await screenshot(page, 'dashboard-manufacturer-completed-desktop');

    // The retake starts from the submitted answers and asks before overwriting them.
    await retake.click();
    await page.getByText(/^Section 1 of \d+$/).waitFor();
    expect(await pathOf(page)).toMatch(/^\/assessment\/retake\/current-state\?id=\d+$/);
    const questions = await page.locator('.smr-question-fieldset').count();
    expect(await page.locator('.smr-question-fieldset input:checked').count()).toBe(questions);
    await answerToThankYou(page, 3);
    await page.getByRole('button', { name: messages.assessment.submit }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(messages.assessment.confirmOverwrite).waitFor();
    await page.waitForFunction(() => getComputedStyle(document.querySelector('.modal')!).opacity === '1');
    await screenshot(page, 'assessment-retake-confirm-desktop');
    await dialog.getByRole('button', { name: 'Overwrite' }).click();
    await expectHeading(page, 'Your Results');
    expect(await page.locator('.smr-overall-value').innerText()).toBe('4.0');

    // With a future state completed too, its results overlay the current state with the gap.
    createInvite(dataDir, makerId, 'future-state');
    await page.goto(`${baseUrl}/assessment/future-state`);
    await expectHeading(page, messages.assessment.demographicsTitle);
    await page.getByRole('link', { name: 'Continue' }).click();
    await page.getByText(/^Section 1 of \d+$/).waitFor();
    await answerToThankYou(page, 4);
    await page.getByRole('button', { name: messages.assessment.submit }).click();
    await expectHeading(page, 'Current and Future State by Practice Area');
    await page.locator('.smr-chart canvas').waitFor();
    expect(await page.locator('.smr-gap').first().innerText()).toBe('+1.0');
    await screenshot(page, 'assessment-results-compare-desktop');
    await page.close();
  });
});
