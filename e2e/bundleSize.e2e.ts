import zlib from 'node:zlib';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DESKTOP, launchBrowser } from './support/browser.js';

// docs/decisions.md#http-compression, 'A fast web app': the login route loads at most 200 KB of JavaScript, gzip-compressed.
// Measured over the production build the server serves (scripts/start.mjs builds dist/web when it is
// stale), in Chromium, so lazy chunks and module preloads count exactly as a visitor downloads them.
// Each file is compressed with zlib's gzip at level 9, so the figure does not depend on the
// server's choice of encoding (it sends brotli to Chromium, which is smaller still).

const JS_BUDGET_KB = 200;
const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

type Loaded = { path: string; raw: number; gzip: number };

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
const total = (files: Loaded[], key: 'raw' | 'gzip') => kb(files.reduce((sum, f) => sum + f[key], 0));

describe('size budget', () => {
  it(`the login page loads at most ${JS_BUDGET_KB} KB of JavaScript (gzip)`, async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    const pending: Promise<void>[] = [];
    const scripts: Loaded[] = [];
    const styles: Loaded[] = [];
    page.on('response', (response) => {
      const url = new URL(response.url());
      const kind = /\.m?js$/.test(url.pathname)
        ? scripts
        : url.pathname.endsWith('.css')
          ? styles
          : undefined;
      if (!kind || url.origin !== baseUrl) return;
      pending.push(
        response.body().then((body) => {
          kind.push({ path: url.pathname, raw: body.length, gzip: zlib.gzipSync(body, { level: 9 }).length });
        }),
      );
    });
    await page.goto(`${baseUrl}/login`);
    await page.getByRole('button', { name: 'Login' }).waitFor();
    await page.waitForLoadState('networkidle');
    await Promise.all(pending);
    await page.close();

    const jsGzip = total(scripts, 'gzip');
    const lines = [...scripts, ...styles]
      .sort((a, b) => b.gzip - a.gzip)
      .map(
        (f) => `  ${String(kb(f.gzip)).padStart(6)} KB gzip  ${String(kb(f.raw)).padStart(7)} KB  ${f.path}`,
      );
    console.log(
      [
        `login page: JavaScript ${jsGzip} KB gzip (${total(scripts, 'raw')} KB raw, ${scripts.length} files, budget ${JS_BUDGET_KB} KB);`,
        `CSS ${total(styles, 'gzip')} KB gzip (${total(styles, 'raw')} KB raw, ${styles.length} files)`,
        ...lines,
      ].join('\n'),
    );
    expect(scripts.length).toBeGreaterThan(0);
    expect(jsGzip).toBeLessThanOrEqual(JS_BUDGET_KB);
  });
});
