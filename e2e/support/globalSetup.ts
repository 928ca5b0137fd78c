import type { TestProject } from 'vitest/node';
import { type RunningServer, startServer } from './server.js';

export const E2E_ADMIN = { userName: 'admin', password: 'Admin#E2e2024' };

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
  }
}

let server: RunningServer | undefined;

export async function setup(project: TestProject) {
  server = await startServer({ ADMIN_PASSWORD: E2E_ADMIN.password, LOG_LEVEL: 'warn' });
  project.provide('baseUrl', server.baseUrl);
  project.provide('dataDir', server.dataDir);
}

export async function teardown() {
  const code = await server?.stop();
  if (code !== 0) throw new Error(`the server did not shut down cleanly on SIGTERM (exit code ${code})`);
}
