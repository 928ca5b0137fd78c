import { defineConfig } from 'vitest/config';
import { importAliases } from './importAliases.mjs';

// Unit tests (domain, web) and in-process API tests (server). Browser journeys have their own config
// in e2e/. PostgreSQL runs join in when TEST_DATABASE_URL is set.
export default defineConfig({
  resolve: { alias: importAliases },
  test: {
    include: [
      'domain/**/*.test.ts',
      'server/**/*.test.ts',
      'web/src/**/*.test.{ts,tsx}',
      'web/build/**/*.test.ts',
      'scripts/**/*.test.ts',
      'bench/**/*.test.ts',
    ],
    setupFiles: ['web/src/testing/setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
