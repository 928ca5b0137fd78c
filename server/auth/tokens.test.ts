import { SignJWT, UnsecuredJWT } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UserGroup } from '../../domain/codes.js';
import { ADMIN, api, buildTestApp, buildUser, login, testDialects } from '../test/helpers.js';
import { RENEWAL_SECONDS, TOKEN_AUDIENCE, TOKEN_ISSUER } from './tokens.js';

const SECRET = 'a-test-secret-that-is-long-enough-0123456789';
const key = new TextEncoder().encode(SECRET);
const now = () => Math.floor(Date.now() / 1000);
const HOUR = 3600;

type Forge = {
  sub: string;
  tv: number;
  authTime?: number;
  iss?: string | null;
  aud?: string | null;
  iat?: number;
  exp?: number | null;
  key?: Uint8Array;
};

/** A token signed like the server's, with one thing changed. */
function forge(f: Forge): Promise<string> {
  const jwt = new SignJWT({ tv: f.tv, auth_time: f.authTime ?? now() })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(f.sub)
    .setIssuedAt(f.iat ?? now());
  if (f.iss !== null) jwt.setIssuer(f.iss ?? TOKEN_ISSUER);
  if (f.aud !== null) jwt.setAudience(f.aud ?? TOKEN_AUDIENCE);
  if (f.exp !== null) jwt.setExpirationTime(f.exp ?? now() + 30 * 60);
  return jwt.sign(f.key ?? key);
}

function decode(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString());
}

describe.each(testDialects())('session tokens on %s', (dialect) => {
  const appPromise = buildTestApp(dialect, { JWT_SECRET: SECRET });

  const check = async (token: string) =>
    (await api(await appPromise, { method: 'POST', url: '/api/auth/checkToken', token })).statusCode;

  it('accepts a token forged exactly like the server signs them (the control row)', async () => {
    const user = await buildUser(await appPromise, UserGroup.Visitor);
    expect(await check(await forge({ sub: String(user.id), tv: 0 }))).toBe(200);
  });

  it('refuses every broken, foreign or revoked token with 401', async () => {
    const app = await appPromise;
    const user = await buildUser(app, UserGroup.Visitor);
    const sub = String(user.id);
    const good = await forge({ sub, tv: 0 });
    const [header, payload, signature] = good.split('.');
    const tampered = Buffer.from(
      JSON.stringify({ ...decode(good), sub: '1' }), // the first administrator
    ).toString('base64url');
    const revokedUser = await buildUser(app, UserGroup.Consultant);
    const out = await api(app, { method: 'POST', url: '/api/auth/logout', token: revokedUser.token });
    expect(out.statusCode).toBe(200);

    const table: [string, string][] = [
      [
        'alg none',
        new UnsecuredJWT({ tv: 0, auth_time: now() })
          .setSubject(sub)
          .setIssuer(TOKEN_ISSUER)
          .setAudience(TOKEN_AUDIENCE)
          .setIssuedAt()
          .setExpirationTime('30m')
          .encode(),
      ],
      ['tampered payload', `${header}.${tampered}.${signature}`],
      [
        'another HMAC algorithm (HS512) with the same key',
        await new SignJWT({ tv: 0, auth_time: now() })
          .setProtectedHeader({ alg: 'HS512' })
          .setSubject(sub)
          .setIssuer(TOKEN_ISSUER)
          .setAudience(TOKEN_AUDIENCE)
          .setIssuedAt()
          .setExpirationTime('30m')
          .sign(key),
      ],
      [
        'a critical header extension the server does not know',
        await new SignJWT({ tv: 0, auth_time: now() })
          .setProtectedHeader({ alg: 'HS256', crit: ['x-unknown'], 'x-unknown': 1 })
          .setSubject(sub)
          .setIssuer(TOKEN_ISSUER)
          .setAudience(TOKEN_AUDIENCE)
          .setIssuedAt()
          .setExpirationTime('30m')
          .sign(key, { crit: { 'x-unknown': true } }),
      ],
      ['a fourth segment', `${good}.${signature}`],
      ['a non-numeric user', await forge({ sub: `${sub}x`, tv: 0 })],
      ['tampered signature', `${header}.${payload}.${signature?.slice(0, -4)}AAAA`],
      ['wrong key', await forge({ sub, tv: 0, key: new TextEncoder().encode(`${SECRET}-other`) })],
      ['expired', await forge({ sub, tv: 0, iat: now() - HOUR, exp: now() - 60 })],
      ['no exp', await forge({ sub, tv: 0, exp: null })],
      [
        'no auth_time (session start)',
        await new SignJWT({ tv: 0 })
          .setProtectedHeader({ alg: 'HS256' })
          .setSubject(sub)
          .setIssuer(TOKEN_ISSUER)
          .setAudience(TOKEN_AUDIENCE)
          .setIssuedAt()
          .setExpirationTime('30m')
          .sign(key),
      ],
      ['session older than 12 hours', await forge({ sub, tv: 0, authTime: now() - 12 * HOUR - 60 })],
      ['wrong audience', await forge({ sub, tv: 0, aud: 'another-api' })],
      ['no audience', await forge({ sub, tv: 0, aud: null })],
      ['wrong issuer', await forge({ sub, tv: 0, iss: 'someone-else' })],
      ['no issuer', await forge({ sub, tv: 0, iss: null })],
      ['old token version', await forge({ sub, tv: -1 })],
      ['unknown user', await forge({ sub: '987654', tv: 0 })],
      ['revoked by logout', revokedUser.token],
      ['not a token', 'garbage'],
    ];
    const refused = [];
    for (const [name, token] of table) refused.push([name, await check(token)]);
    expect(refused).toEqual(table.map(([name]) => [name, 401]));
  });

  it('renews a session with the same start, and never past 12 hours from it', async () => {
    const app = await appPromise;
    const user = await buildUser(app, UserGroup.Visitor);
    const start = now() - 12 * HOUR + 10 * 60; // ten minutes of the twelve hours left
    const res = await api(app, {
      method: 'POST',
      url: '/api/auth/checkToken',
      token: await forge({ sub: String(user.id), tv: 0, authTime: start }),
    });
    expect(res.statusCode).toBe(200);
    const renewed = decode(String(res.headers['authorization-extend']));
    expect(renewed.auth_time).toBe(start);
    expect(renewed.exp).toBe(start + 12 * HOUR);
    expect(renewed.iss).toBe(TOKEN_ISSUER);
    expect(renewed.aud).toBe(TOKEN_AUDIENCE);
  });

  it('starts a new session at login, 30 minutes at a time', async () => {
    const app = await appPromise;
    const token = await login(app, ADMIN.userName, ADMIN.password);
    const claims = decode(token);
    expect(Math.abs(Number(claims.auth_time) - now())).toBeLessThan(5);
    expect(Number(claims.exp) - Number(claims.iat)).toBe(30 * 60);
  });

  it('logout ends the session on the server, and needs one', async () => {
    const app = await appPromise;
    const user = await buildUser(app, UserGroup.Manufacturer);
    expect((await api(app, { method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(401);
    const res = await api(app, { method: 'POST', url: '/api/auth/logout', token: user.token });
    expect(res.json()).toMatchObject({ isSuccess: true });
    expect(res.headers['authorization-extend']).toBeUndefined();
    expect(await check(user.token)).toBe(401);
  });

  it('refuses a suspended user at once', async () => {
    const app = await appPromise;
    const user = await buildUser(app, UserGroup.Consultant);
    expect(await check(user.token)).toBe(200);
    await app.deps.db.updateTable('users').set({ isSuspended: 1 }).where('id', '=', user.id).execute();
    expect(await check(user.token)).toBe(401);
  });

  describe('renewal', () => {
    afterEach(() => {
      vi.useRealTimers();
    });
    const renewalOf = async (token: string) => {
      const res = await api(await appPromise, { method: 'POST', url: '/api/auth/checkToken', token });
      expect(res.statusCode).toBe(200);
      return String(res.headers['authorization-extend']);
    };

    it('hands back a token it issued moments ago as it is, and a new one once it is older', async () => {
      const user = await buildUser(await appPromise, UserGroup.Visitor);
      const sub = String(user.id);
      const start = now() - HOUR;
      const recent = await forge({ sub, tv: 0, authTime: start, iat: now() - 10, exp: now() - 10 + 30 * 60 });
      expect(await renewalOf(recent)).toBe(recent);
      const older = await forge({
        sub,
        tv: 0,
        authTime: start,
        iat: now() - RENEWAL_SECONDS - 5,
        exp: now() - RENEWAL_SECONDS - 5 + 30 * 60,
      });
      const renewed = await renewalOf(older);
      expect(renewed).not.toBe(older);
      expect(decode(renewed)).toMatchObject({
        sub,
        auth_time: start,
        iss: TOKEN_ISSUER,
        aud: TOKEN_AUDIENCE,
      });
      expect(Number(decode(renewed).exp) - now()).toBeGreaterThanOrEqual(30 * 60 - 2);
    });

    it('signs anew a recent token whose expiry is not the one this server gives', async () => {
      const user = await buildUser(await appPromise, UserGroup.Visitor);
      const short = await forge({ sub: String(user.id), tv: 0, exp: now() + 5 * 60 });
      const renewed = await renewalOf(short);
      expect(renewed).not.toBe(short);
      expect(Number(decode(renewed).exp) - now()).toBeGreaterThanOrEqual(30 * 60 - 2);
    });

    it('refuses a token verified before once it has expired', async () => {
      const app = await appPromise;
      const user = await buildUser(app, UserGroup.Visitor);
      expect(await check(user.token)).toBe(200);
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + 31 * 60 * 1000);
      expect(await check(user.token)).toBe(401);
    });
  });
});
