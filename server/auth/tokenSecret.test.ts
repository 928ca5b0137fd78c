import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { buildTestApp, testDialects } from '../test/helpers.js';
import { SECRET_FILE, TokenService } from './tokens.js';

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

  it('generates one only when none is configured: on SQLite in a 0600 file in DATA_DIR, never in a table (docs/decisions.md#sign-in-names)', async () => {
    const app = await buildTestApp(dialect);
    if (dialect === 'postgres') {
      // Several processes share PostgreSQL: the secret stays in the database there (with a warning).
      expect((await stored(app))?.value).toMatch(/^[\w-]{64}$/);
      return;
    }
    expect(await stored(app)).toBeUndefined();
    const file = path.join(app.deps.config.dataDir, SECRET_FILE);
    expect(fs.readFileSync(file, 'utf8').trim()).toMatch(/^[\w-]{64}$/);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  });

  it.runIf(dialect === 'sqlite')(
    'moves a secret an older version kept in the database to the file, so sessions survive the upgrade',
    async () => {
      const app = await buildTestApp(dialect);
      const db = app.deps.db;
      const file = path.join(app.deps.config.dataDir, SECRET_FILE);
      // The database as an older version left it: the secret in app_settings, no file.
      const old = 'z'.repeat(64);
      fs.rmSync(file);
      await db.insertInto('appSettings').values({ key: 'jwt_secret', value: old }).execute();
      const before = await TokenService.create(db, 30, undefined);
      const session = await before.sign({ userId: 1, tokenVersion: 0 });
      // The upgraded start.
      const after = await TokenService.create(db, 30, undefined, app.deps.config.dataDir);
      expect(await after.verify(session)).toMatchObject({ userId: 1 });
      expect(await stored(app)).toBeUndefined();
      expect(fs.readFileSync(file, 'utf8').trim()).toBe(old);
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      // Later starts read the file; a loosened mode is set back.
      fs.chmodSync(file, 0o644);
      const again = await TokenService.create(db, 30, undefined, app.deps.config.dataDir);
      expect(await again.verify(session)).toMatchObject({ userId: 1 });
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    },
  );
});
