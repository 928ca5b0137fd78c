import { defineConfig } from 'vitest/config';
import { importAliases } from '../importAliases.mjs';

// Browser journeys: one real server started as `npm start` does, driven by Debian's Chromium.
export default defineConfig({
  resolve: { alias: importAliases },
  test: {
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/support/globalSetup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Journeys share one server; running files one at a time keeps the 2-core machine responsive.
    fileParallelism: false,
  },
});
