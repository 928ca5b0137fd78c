import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { afterAll } from 'vitest';
import type { UserGroup } from '../../domain/codes.js';
import { buildApp } from '../app.js';
import { hashPassword } from '../auth/passwords.js';
import { type AppConfig, loadConfig } from '../config.js';
import { buildOrganizationRow, buildUserRow } from './factories.js';

export type TestDialect = 'sqlite' | 'postgres';

export const ADMIN = { userName: 'admin', password: 'Admin#Pass2024' } as const;
export const PASSWORD = 'Str0ng!Passw0rd';

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL names a database. */
export function testDialects(): TestDialect[] {
  return process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
}

/**
 * What buildTestApp opened in this test file, closed (and its data removed) once the file's tests are
 * over. One hook, registered as the file imports this module: a hook each call registered itself came
 * after `await buildApp(...)`, when the file's suites were already collected, and vitest dropped it,
 * so every file left its PostgreSQL schema (and its pool) behind.
 */
const opened: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const close of opened.splice(0).reverse()) await close();
});

/** A fresh app on a fresh database (its own SQLite file, or its own PostgreSQL schema). */
export async function buildTestApp(
  dialect: TestDialect,
  env: Record<string, string> = {},
): Promise<FastifyInstance> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'smr-test-'));
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const config: AppConfig = {
    // No reminder pass of its own: a test runs one when it means to (reminders.test.ts).
    ...loadConfig({
      LOG_LEVEL: 'silent',
      ADMIN_PASSWORD: ADMIN.password,
      REMINDER_INTERVAL_MINUTES: '0',
      ...env,
    }),
    dataDir,
    webDir: undefined,
    ...(dialect === 'postgres' ? { databaseUrl: process.env.TEST_DATABASE_URL, databaseSchema: schema } : {}),
  };
  const building = buildApp(config);
  opened.push(async () => {
    // A test may have closed it already (or it never started): what is left is removed all the same.
    await building.then((app) => app.close()).catch(() => {});
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (dialect === 'postgres') {
      const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await client.end();
    }
  });
  return building;
}

export async function api(app: FastifyInstance, options: InjectOptions & { token?: string }) {
  const { token, ...rest } = options;
  return app.inject({
    ...rest,
    headers: { ...(rest.headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
}

export async function login(app: FastifyInstance, userName: string, password: string): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { userName, password } });
  const body = res.json();
  if (!body.isSuccess) throw new Error(`login of ${userName} failed: ${body.message}`);
  return body.data.token as string;
}

/** A user of the given group in a fresh organization of the fitting type; returns the id and a token. */
export async function buildUser(
  app: FastifyInstance,
  group: UserGroup,
  options: {
    organizationId?: number;
    requireChangePassword?: boolean;
    isActive?: boolean;
    status?: number;
  } = {},
) {
  const organizationId = options.organizationId ?? (await buildOrganizationRow(app.deps.db, group));
  const { id, userName } = await buildUserRow(app.deps.db, {
    ...options,
    group,
    organizationId,
    passwordHash: await hashPassword(PASSWORD),
  });
  const token = options.isActive === false ? '' : await login(app, userName, PASSWORD);
  return { id, userName, organizationId, token };
}
