import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { startTestSmtp } from '../../server/test/smtp.js';
import { launchBrowser } from './browser.js';
import { type RunningServer, startServer } from './server.js';

type Journey = {
  browser: Browser;
  server: RunningServer;
  smtp: Awaited<ReturnType<typeof startTestSmtp>>;
};

/**
 * For journeys that read mail: a server of their own that sends through a real SMTP server, with
 * links to itself, and a browser. The fields are set once the file's beforeAll has run.
 */
export function mailingServer(adminPassword: string): Journey {
  const journey = {} as Journey;
  beforeAll(async () => {
    journey.browser = await launchBrowser();
    journey.smtp = await startTestSmtp();
    journey.server = await startServer((baseUrl) => ({
      ADMIN_PASSWORD: adminPassword,
      SMTP_URL: journey.smtp.url,
      PUBLIC_URL: baseUrl,
      LOG_LEVEL: 'warn',
    }));
  });
  afterAll(async () => {
    await journey.browser?.close();
    await journey.server?.stop();
    await journey.smtp?.close();
  });
  return journey;
}
