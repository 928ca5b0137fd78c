import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { buildTestApp, testDialects } from '../test/helpers.js';
import { TokenService } from './tokens.js';

const SECRET = 'x'.repeat(40);

describe('the token-signing secret from the environment or a file', () => {
  const file = (content: string) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'smr-secret-'));
    const name = path.join(dir, 'jwt_secret');
    fs.writeFileSync(name, content);
    return name;
  };

  it('reads JWT_SECRET_FILE, without the trailing line break', () => {
    expect(loadConfig({ JWT_SECRET_FILE: file(`${SECRET}\n`) }).jwtSecret).toBe(SECRET);
    expect(loadConfig({ JWT_SECRET: SECRET }).jwtSecret).toBe(SECRET);
    expect(loadConfig({}).jwtSecret).toBeUndefined();
  });

  it('refuses a short secret in the file, a missing file, and both ways at once', () => {
    expect(() => loadConfig({ JWT_SECRET_FILE: file('short\n') })).toThrow(/at least 32 characters/);
    expect(() => loadConfig({ JWT_SECRET_FILE: '/nonexistent/jwt_secret' })).toThrow(/JWT_SECRET_FILE/);
    expect(() => loadConfig({ JWT_SECRET: SECRET, JWT_SECRET_FILE: file(SECRET) })).toThrow(
      /JWT_SECRET or JWT_SECRET_FILE/,
    );
  });
});

describe.each(testDialects())('where the secret lives, on %s', (dialect) => {
  const stored = async (app: Awaited<ReturnType<typeof buildTestApp>>) =>
    app.deps.db.selectFrom('appSettings').select('value').where('key', '=', 'jwt_secret').executeTakeFirst();

  it('keeps no copy in the database when one is configured, and removes an earlier one', async () => {
    const app = await buildTestApp(dialect, { JWT_SECRET: SECRET });
    expect(await stored(app)).toBeUndefined();
    // A database that ran without a configured secret, now started with one (a later restart).
    await app.deps.db
      .insertInto('appSettings')
      .values({ key: 'jwt_secret', value: 'y'.repeat(64) })
      .execute();
    await TokenService.create(app.deps.db, 30, SECRET);
    expect(await stored(app)).toBeUndefined();
  });

  it('generates and keeps one only when none is configured', async () => {
    const app = await buildTestApp(dialect);
    expect((await stored(app))?.value).toMatch(/^[\w-]{64}$/);
  });
});
