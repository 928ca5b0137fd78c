// `npx tsx scripts/shots.ts [--out DIR] [--keep] USER:PATH[,PATH...] ...`: screenshots of screens as
// people see them, for a developer to look at (nothing is compared). It builds the app, fills a fresh
// data folder with the demo data, starts the product as `npm start` does, signs in as each USER
// ('admin' or a demo user name; '-' stays signed out) and saves every PATH at 1280 and 375 px, with the
// serious or critical axe findings of each printed beside it.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { accessibilityProblems } from '../e2e/support/axe.js';
import { launchBrowser } from '../e2e/support/browser.js';
import { startServer } from '../e2e/support/server.js';

const ADMIN_PASSWORD = 'Shots#Admin2024';
const args = process.argv.slice(2);
let out = path.resolve('.test-artifacts/shots');
const jobs: { user: string; paths: string[] }[] = [];
for (let i = 0; i < args.length; i++) {
  const arg = args[i]!;
  if (arg === '--out') out = path.resolve(args[++i]!);
  else if (arg.includes(':')) {
    const [user, list] = [arg.slice(0, arg.indexOf(':')), arg.slice(arg.indexOf(':') + 1)];
    jobs.push({ user, paths: list.split(',').filter(Boolean) });
  }
}
if (jobs.length === 0) {
  console.error('usage: npx tsx scripts/shots.ts [--out DIR] USER:PATH[,PATH...] ...');
  process.exit(2);
}
fs.mkdirSync(out, { recursive: true });

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'smr-shots-'));
const env = { DATA_DIR: dataDir, ADMIN_PASSWORD, LOG_LEVEL: 'warn' };
const demo = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/demo.ts'], {
  env: { ...process.env, ...env },
  encoding: 'utf8',
});
if (demo.status !== 0) throw new Error(`demo failed:\n${demo.stderr}`);
// The demo says its users' password; reading it here keeps it written once.
const DEMO_PASSWORD = /password is (\S+?):/.exec(demo.stdout)?.[1] ?? '';

const server = await startServer(env);
const browser = await launchBrowser();
try {
  for (const { user, paths } of jobs) {
    for (const width of [1280, 375]) {
      const context = await browser.newContext({ viewport: { width, height: width > 500 ? 900 : 800 } });
      const page = await context.newPage();
      if (user !== '-') {
        await page.goto(`${server.baseUrl}/`);
        await page.getByLabel('User Name').fill(user);
        await page
          .getByLabel('Password', { exact: true })
          .fill(user === 'admin' ? ADMIN_PASSWORD : DEMO_PASSWORD);
        await page.getByRole('button', { name: 'Login' }).click();
        await page
          .getByRole('button', { name: 'Login' })
          .waitFor({ state: 'detached', timeout: 15_000 })
          .catch(async () => {
            await page.screenshot({ path: path.join(out, `signin-failed-${user}.png`) });
            throw new Error(`${user} could not sign in: see ${out}/signin-failed-${user}.png`);
          });
      }
      for (const p of paths) {
        await page.goto(`${server.baseUrl}${p}`);
        await page.waitForLoadState('networkidle');
        await page.waitForTimeout(400);
        const name = `${user}${p.replace(/[^a-z0-9]+/gi, '_')}-${width}`.replace(/_+$/, '');
        const file = path.join(out, `${name}.png`);
        await page.screenshot({ path: file, fullPage: true });
        const problems = await accessibilityProblems(page);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        console.log(
          `${file}${overflow > 0 ? `  OVERFLOW ${overflow}px` : ''}${problems.length ? `\n  axe: ${problems.join('\n  axe: ')}` : ''}`,
        );
      }
      await context.close();
    }
  }
} finally {
  await browser.close();
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
