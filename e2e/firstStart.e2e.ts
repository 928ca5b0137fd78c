import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launchBrowser, screenshot } from './support/browser.js';
import { expectHeading, pathOf, signIn } from './support/journey.js';
import { type RunningServer, startServer } from './support/server.js';

let browser: Browser;
let server: RunningServer;

beforeAll(async () => {
  browser = await launchBrowser();
  // A start with no ADMIN_PASSWORD, as on a newcomer's machine.
  server = await startServer({ ADMIN_PASSWORD: '', LOG_LEVEL: 'info' });
});
afterAll(async () => {
  await browser?.close();
  expect(await server?.stop()).toBe(0);
});

describe('a fresh start without ADMIN_PASSWORD', () => {
  it('prints the generated password once, and the administrator must change it at first login', async () => {
    const lines = server.logs.filter((l) => l.includes('First administrator'));
    expect(lines).toHaveLength(1);
    const generated = /generated password (\S+)/.exec(lines[0]!)?.[1];
    expect(generated).toBeTruthy();

    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto(server.baseUrl);
    await signIn(page, 'admin', generated!);
    await expectHeading(page, 'Change Password Required');
    expect(await pathOf(page)).toBe('/otp/changepassword');
    // Every other page sends the user back here until the password is changed.
    await page.goto(`${server.baseUrl}/404`);
    await expectHeading(page, 'Change Password Required');
    await screenshot(page, 'change-password-required-desktop');

    await page.getByLabel('New Password').fill('Fresh#Start2024');
    await page.getByLabel('Confirm Password').fill('Fresh#Start2024x');
    await page.getByLabel('Confirm Password').blur();
    await page.getByText('Passwords do not match').waitFor();
    await page.getByLabel('Confirm Password').fill('Fresh#Start2024');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expectHeading(page, 'Welcome, System Administrator');

    // The new password works from a fresh browser; the generated one no longer does.
    const again = await browser.newPage({ viewport: DESKTOP });
    await again.goto(server.baseUrl);
    await signIn(again, 'admin', generated!);
    await again.getByText('Invalid user name or password.').waitFor();
    await signIn(again, 'admin', 'Fresh#Start2024');
    await expectHeading(again, 'Welcome, System Administrator');
    await page.close();
    await again.close();
  });
});
