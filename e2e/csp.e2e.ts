import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DESKTOP, launchBrowser } from './support/browser.js';
import { E2E_ADMIN } from './support/globalSetup.js';
import { signIn } from './support/journey.js';

// docs/decisions.md#http-csp: the Content-Security-Policy allows styles and fonts from the app itself only. The screens
// that use the rich-text editor, charts, dropdowns and dialogs must work without a single violation.

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Every CSP violation the page reports, from the console and from the DOM event. */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.exposeFunction('reportCspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { reportCspViolation: (t: string) => void }).reportCspViolation(
        `${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
  return violations;
}

describe('content security policy in the browser', () => {
  it('no screen breaks it: sign-in, dashboard, lists, menus, the rich-text editor', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    const violations = await watchViolations(page);
    const response = await page.goto(`${baseUrl}/`);
    const csp = response?.headers()['content-security-policy'] ?? '';
    expect(csp).toMatch(/style-src 'self'(;|$)/);
    expect(csp).toMatch(/font-src 'self'(;|$)/);
    await signIn(page, E2E_ADMIN.userName, E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Login' }).waitFor({ state: 'detached' });
    await page.waitForLoadState('networkidle');
    for (const path of ['/admin/section/list', '/admin/lookup/list', '/admin/section/new']) {
      await page.goto(`${baseUrl}${path}`);
      await page.waitForLoadState('networkidle');
    }
    // The editor is on screen and styled: ProseMirror keeps line breaks (white-space from its CSS).
    const editor = page.locator('.ProseMirror').first();
    await editor.waitFor();
    await editor.click();
    await editor.pressSequentially('Hello');
    expect(await editor.evaluate((el) => getComputedStyle(el).whiteSpace)).toMatch(/pre-wrap|break-spaces/);
    // zod probes `new Function('')` once to see whether eval is allowed (it is not: script-src 'self'),
    // which reports a harmless script-src violation; styles and fonts must report none.
    expect(violations.filter((v) => /style|font/i.test(v))).toEqual([]);
    await page.close();
  });
});
