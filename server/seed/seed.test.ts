import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { lookupSeedCount } from './lookupData.js';

describe('start-up on an existing database', () => {
  it('migrates and seeds idempotently: a second start adds nothing and keeps the admin password', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'smr-seed-'));
    const config = {
      ...loadConfig({ LOG_LEVEL: 'silent', ADMIN_PASSWORD: 'First#Pass1' }),
      dataDir,
      webDir: undefined,
    };
    const first = await buildApp(config);
    const count = async (app: typeof first, table: 'lookupItems' | 'users' | 'organizations') =>
      Number(
        (
          await app.deps.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const lookups = await count(first, 'lookupItems');
    const content = async (app: typeof first) => ({
      sections: Number(
        (
          await app.deps.db
            .selectFrom('sections')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
      questions: Number(
        (
          await app.deps.db
            .selectFrom('questions')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
      choices: Number(
        (
          await app.deps.db
            .selectFrom('choices')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    });
    const seeded = await content(first);
    expect(seeded.sections).toBe(8);
    expect(seeded.questions).toBeGreaterThanOrEqual(40);
    expect(seeded.choices).toBe(seeded.questions * 6);
    expect(lookups).toBe(lookupSeedCount());
    expect(await count(first, 'users')).toBe(1);
    const orgs = await count(first, 'organizations');
    await first.close();

    const second = await buildApp({ ...config, admin: { ...config.admin, password: 'Other#Pass2' } });
    expect(await count(second, 'lookupItems')).toBe(lookups);
    expect(await content(second)).toEqual(seeded);
    expect(await count(second, 'users')).toBe(1);
    expect(await count(second, 'organizations')).toBe(orgs);
    const res = await second.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { userName: 'admin', password: 'First#Pass1' },
    });
    expect(res.json().isSuccess).toBe(true);
    await second.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});
