import { describe, expect, it } from 'vitest';
import { UserGroup } from '../../domain/codes.js';
import { messages } from '../../domain/messages.js';
import { ADMIN, api, buildTestApp, buildUser, login, PASSWORD, testDialects } from '../test/helpers.js';

describe.each(testDialects())('auth calls on %s', (dialect) => {
  const appPromise = buildTestApp(dialect, { LOGIN_MAX_PER_ACCOUNT: '5', LOGIN_MAX_PER_ADDRESS: '1000' });

  it('logs the first administrator in and answers with a token and the user', async () => {
    const app = await appPromise;
    const res = await api(app, {
      method: 'POST',
      url: '/api/auth/login',
      payload: { userName: ADMIN.userName, password: ADMIN.password },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.isSuccess).toBe(true);
    expect(body.data.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(body.data.user).toMatchObject({
      userName: 'admin',
      role: 'admin',
      group: { code: 'admin', enumValue: 1 },
    });
    expect(body.data.user.passwordHash).toBeUndefined();
  });

  it('binds body keys and paths case-insensitively', async () => {
    const app = await appPromise;
    const res = await api(app, {
      method: 'POST',
      url: '/api/AUTH/Login',
      payload: { UserName: 'ADMIN', PASSWORD: ADMIN.password },
    });
    expect(res.json().isSuccess).toBe(true);
  });

  it('refuses a wrong password or an unknown user with the same message', async () => {
    const app = await appPromise;
    const wrong = await api(app, {
      method: 'POST',
      url: '/api/auth/login',
      payload: { userName: 'admin', password: 'nope' },
    });
    const unknown = await api(app, {
      method: 'POST',
      url: '/api/auth/login',
      payload: { userName: 'nobody-here', password: 'nope' },
    });
    expect(wrong.json()).toEqual({ isSuccess: false, message: messages.login.invalidCredentials });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('tells a user with the right password that the account is inactive', async () => {
    const app = await appPromise;
    const user = await buildUser(app, UserGroup.Manufacturer, { isActive: false });
    const res = await api(app, {
      method: 'POST',
      url: '/api/auth/login',
      payload: { userName: user.userName, password: PASSWORD },
    });
    expect(res.json()).toEqual({ isSuccess: false, message: messages.login.accountInactive });
  });

  const attempt = (app: Awaited<typeof appPromise>, userName: string, password: string, address: string) =>
    api(app, {
      method: 'POST',
      url: '/api/auth/login',
      payload: { userName, password },
      remoteAddress: address,
    });

  it('blocks an address that keeps failing for an account, but not the real user elsewhere', async () => {
    const app = await appPromise;
    const user = await buildUser(app, UserGroup.Visitor);
    const codes: number[] = [];
    for (let i = 0; i < 7; i++)
      codes.push((await attempt(app, user.userName.toUpperCase(), 'wrong', '10.0.0.66')).statusCode);
    expect(codes).toEqual([200, 200, 200, 200, 200, 429, 429]);
    // The blocked address stays blocked, even with the right password...
    const blocked = await attempt(app, user.userName, PASSWORD, '10.0.0.66');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe(messages.login.tooManyAttempts);
    // ...while the real user, from their own address, still signs in.
    const real = await attempt(app, user.userName, PASSWORD, '10.0.0.1');
    expect(real.json()).toMatchObject({ isSuccess: true });
  });

  it('stops guessing at 100 failures per account and hour from all addresses together', async () => {
    const app = await buildTestApp(dialect, { LOGIN_MAX_PER_ACCOUNT: '5', LOGIN_MAX_PER_ADDRESS: '1000' });
    const user = await buildUser(app, UserGroup.Visitor);
    // The real user has signed in from home before.
    expect((await attempt(app, user.userName, PASSWORD, '192.0.2.7')).json().isSuccess).toBe(true);
    const codes = new Set<number>();
    for (let i = 0; i < 100; i++)
      codes.add((await attempt(app, user.userName, `wrong${i}`, `10.1.${i >> 4}.${i & 15}`)).statusCode);
    expect([...codes]).toEqual([200]);
    // Further guesses are refused from anywhere new, whether right or wrong: nothing is learnt.
    expect((await attempt(app, user.userName, 'wrong-again', '10.2.0.1')).statusCode).toBe(429);
    expect((await attempt(app, user.userName, PASSWORD, '10.2.0.2')).statusCode).toBe(429);
    // The real user, from an address they signed in from before, still gets in.
    expect((await attempt(app, user.userName, PASSWORD, '192.0.2.7')).json().isSuccess).toBe(true);
  }, 60_000);

  it('checkToken is true with a token and 401 without one', async () => {
    const app = await appPromise;
    const token = await login(app, ADMIN.userName, ADMIN.password);
    const good = await api(app, { method: 'POST', url: '/api/auth/checkToken', token });
    expect(good.json()).toMatchObject({ isSuccess: true, data: true });
    const none = await api(app, { method: 'POST', url: '/api/auth/checkToken' });
    expect(none.statusCode).toBe(401);
    expect(none.json().message).toBe(messages.global.mustBeLoggedIn);
    const forged = await api(app, {
      method: 'POST',
      url: '/api/auth/checkToken',
      token: `${token.slice(0, -4)}AAAA`,
    });
    expect(forged.statusCode).toBe(401);
  });

  it('extends the session on every authenticated answer and exposes the header', async () => {
    const app = await appPromise;
    const token = await login(app, ADMIN.userName, ADMIN.password);
    const res = await api(app, { method: 'GET', url: '/api/auth/profile', token });
    expect(res.statusCode).toBe(200);
    const fresh = res.headers['authorization-extend'];
    expect(typeof fresh).toBe('string');
    expect(res.headers['access-control-expose-headers']).toContain('authorization-extend');
    const again = await api(app, { method: 'GET', url: '/api/auth/profile', token: String(fresh) });
    expect(again.json()).toMatchObject({
      userName: 'admin',
      fullName: 'System Administrator',
      email: 'admin@localhost',
    });
  });

  it('keeps a user who must change the password to the change itself, then lets them in', async () => {
    const app = await appPromise;
    const user = await buildUser(app, UserGroup.Consultant, { requireChangePassword: true });
    const lookups = await api(app, {
      method: 'POST',
      url: '/api/system/log/private',
      token: user.token,
      payload: { message: 'x' },
    });
    expect(lookups.statusCode).toBe(200);

    const mismatch = await api(app, {
      method: 'POST',
      url: '/api/auth/changepassword/onetime',
      token: user.token,
      payload: { newPassword: 'N3w!Password', confirmPassword: 'N3w!Passwordx' },
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().message).toContain(messages.validation.passwordsDoNotMatch);

    const weak = await api(app, {
      method: 'POST',
      url: '/api/auth/changepassword/onetime',
      token: user.token,
      payload: { newPassword: 'weakpass', confirmPassword: 'weakpass' },
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toContain(messages.validation.passwordCharacters);

    const same = await api(app, {
      method: 'POST',
      url: '/api/auth/changepassword/onetime',
      token: user.token,
      payload: { newPassword: PASSWORD, confirmPassword: PASSWORD },
    });
    expect(same.json()).toEqual({ isSuccess: false, message: messages.auth.newPasswordMustDiffer });

    const done = await api(app, {
      method: 'POST',
      url: '/api/auth/changepassword/onetime',
      token: user.token,
      payload: { newPassword: 'N3w!Password', confirmPassword: 'N3w!Password' },
    });
    const body = done.json();
    expect(body).toMatchObject({ isSuccess: true, message: messages.auth.passwordUpdated });
    expect(body.data.user.requireChangePassword).toBe(false);
    expect(done.headers['authorization-extend']).toBe(body.data.token);
    // The old session ends with the old password; the new one works.
    const old = await api(app, { method: 'GET', url: '/api/auth/profile', token: user.token });
    expect(old.statusCode).toBe(401);
    const fresh = await api(app, { method: 'GET', url: '/api/auth/profile', token: body.data.token });
    expect(fresh.statusCode).toBe(200);
    await expect(login(app, user.userName, 'N3w!Password')).resolves.toBeTruthy();
  });

  it('lets only a user who must change the password skip the current one', async () => {
    const app = await appPromise;
    // Someone holding only a session (a borrowed browser) must not set a new password without the old.
    const user = await buildUser(app, UserGroup.Manufacturer);
    const res = await api(app, {
      method: 'POST',
      url: '/api/auth/changepassword/onetime',
      token: user.token,
      payload: { newPassword: 'N3w!Password', confirmPassword: 'N3w!Password' },
    });
    expect(res.statusCode).toBe(403);
    await expect(login(app, user.userName, PASSWORD)).resolves.toBeTruthy();
  });

  it('limits login attempts per address', async () => {
    const app = await buildTestApp(dialect, { LOGIN_MAX_PER_ADDRESS: '3' });
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await api(app, {
        method: 'POST',
        url: '/api/auth/login',
        payload: { userName: `n${i}`, password: 'x' },
      });
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([200, 200, 200, 429]);
  });
});
