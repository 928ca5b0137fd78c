import fs from 'node:fs';
import path from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';

export const DESKTOP = { width: 1366, height: 900 };
export const PHONE = { width: 375, height: 800 };

/** Debian's Chromium, driven by playwright-core: nothing is downloaded. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

const shotDir = path.resolve(import.meta.dirname, '../../.test-artifacts/screenshots');

/** Saves a full-page screenshot for people to look at (not compared by the tests). */
export async function screenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(shotDir, { recursive: true });
  const file = path.join(shotDir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}
