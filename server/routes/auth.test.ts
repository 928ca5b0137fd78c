import { describe, expect, it } from 'vitest';
import { UserGroup, UserStatus } from '../../domain/codes.js';
import { messages } from '../../domain/messages.js';
import { userTokens } from '../commands/userTokens.js';
import { usersRepository } from '../repositories/users.js';
import { buildOrganizationRow, unique } from '../test/factories.js';
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

  it('past 100 failures an hour still lets the owner in from a new address, while guessing stays bounded (docs/decisions.md#sign-in-limits)', async () => {
    // Regression: 10 addresses x 10 wrong passwords locked the owner out of every address not used
    // in the last 30 days.
    const app = await buildTestApp(dialect);
    const user = await buildUser(app, UserGroup.Admin);
    // The real user has signed in from home before.
    expect((await attempt(app, user.userName, PASSWORD, '192.0.2.7')).json().isSuccess).toBe(true);
    const codes = new Set<number>();
    for (let a = 0; a < 10; a++)
      for (let i = 0; i < 10; i++)
        codes.add((await attempt(app, user.userName, `wrong${a}-${i}`, `10.1.0.${a}`)).statusCode);
    expect([...codes]).toEqual([200]);
    // The attacking addresses are done for this account, even with the right password: nothing is learnt.
    expect((await attempt(app, user.userName, PASSWORD, '10.1.0.3')).statusCode).toBe(429);
    // The owner, on an address never used before (a hotel), still gets in with the right password...
    expect((await attempt(app, user.userName, PASSWORD, '203.0.113.50')).json().isSuccess).toBe(true);
    // ...and from home as before.
    expect((await attempt(app, user.userName, PASSWORD, '192.0.2.7')).json().isSuccess).toBe(true);
    // Every further address gets HELD_TRIES_PER_ADDRESS (3) checked guesses a day, then is refused
    // before the password is checked, the right one included.
    for (let a = 0; a < 4; a++) {
      const address = `10.2.0.${a}`;
      const seen: number[] = [];
      for (let i = 0; i < 4; i++)
        seen.push((await attempt(app, user.userName, `again${a}-${i}`, address)).statusCode);
      expect(seen).toEqual([200, 200, 200, 429]);
      expect((await attempt(app, user.userName, PASSWORD, address)).statusCode).toBe(429);
    }
  }, 60_000);

  it('lets a workshop of 60 behind one address accept invites, use one-time passcodes and sign in, and still stops a guesser there (docs/decisions.md#sign-in-passcodes)', async () => {
    // Regression: successful sign-ins and registrations used up the address's allowance (30 per 15
    // minutes), so the 31st person of a room behind one NAT was refused.
    const app = await buildTestApp(dialect);
    const { db } = app.deps;
    const room = '198.51.100.23';
    const call = (url: string, payload: object, token?: string) =>
      api(app, { method: 'POST', url, payload, token, remoteAddress: room });
    const organizationId = await buildOrganizationRow(db, UserGroup.Manufacturer);
    const adminToken = (await call('/api/auth/login', ADMIN)).json().data.token as string;
    const people = await Promise.all(
      Array.from({ length: 60 }, async (_, i) => {
        const userName = unique(`ws${i}x`);
        const id = await usersRepository.insert(db, {
          userName,
          fullName: `Participant ${i}`,
          email: `${userName}@example.com`,
          userGroup: UserGroup.Manufacturer,
          organizationId,
          status: UserStatus.Pending,
          passwordHash: null,
          requireChangePassword: 0,
          registrationComplete: null,
          isActive: 1,
          excludeFromReport: 0,
          isSuspended: 0,
          tokenVersion: 0,
          createdBy: 1,
        });
        return { id, userName, link: await userTokens.issue(db, id, 'invite') };
      }),
    );
    const password = 'Wkshop!Pass9';
    // Everyone accepts the e-mailed invite; 40 first choose a password built on their user name, which
    // is refused, but is no failed guess (the link is live) and uses none of the room's allowance.
    for (const p of people.slice(0, 40)) {
      const refused = await call('/api/auth/register', {
        token: p.link,
        userName: p.userName,
        password: `${p.userName}!A1`,
        confirmPassword: `${p.userName}!A1`,
      });
      expect(refused.json()).toEqual({ isSuccess: false, message: messages.signIn.passwordContextual });
    }
    for (const p of people) {
      const res = await call('/api/auth/register', {
        token: p.link,
        userName: p.userName,
        password,
        confirmPassword: password,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ isSuccess: true, message: messages.account.inviteConfirmed });
    }
    // A third forgot their new password: the administrator gives them one-time passcodes, they sign
    // in with them and choose another password.
    const changed = new Map<number, string>();
    for (const p of people.filter((_, i) => i % 3 === 0)) {
      const code = (await call('/api/admin/user/onetimepasscode', { user: { id: p.id } }, adminToken)).json()
        .data as string;
      const otp = await call('/api/auth/login', { userName: p.userName, password: code });
      expect(otp.statusCode).toBe(200);
      expect(otp.json().data.user.requireChangePassword).toBe(true);
      const next = 'Chang3d!Pass';
      const res = await call(
        '/api/auth/changepassword/onetime',
        { newPassword: next, confirmPassword: next },
        otp.json().data.token,
      );
      expect(res.json()).toMatchObject({ isSuccess: true });
      changed.set(p.id, next);
    }
    // Everyone signs in.
    for (const p of people) {
      const res = await call('/api/auth/login', {
        userName: p.userName,
        password: changed.get(p.id) ?? password,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().isSuccess).toBe(true);
    }
    // A guesser in the same room is stopped after the address's failure allowance (30 by default).
    const guesses: number[] = [];
    for (let i = 0; i < 31; i++)
      guesses.push(
        (await call('/api/auth/login', { userName: people[i % 60]!.userName, password: `Guess!${i}x` }))
          .statusCode,
      );
    expect(guesses.slice(0, 30).every((c) => c === 200)).toBe(true);
    expect(guesses[30]).toBe(429);
    // Wrong invite links from the room are stopped the same way.
    const links: number[] = [];
    for (let i = 0; i < 31; i++)
      links.push(
        (
          await call('/api/auth/register', {
            token: `forged${i}`,
            userName: 'x',
            password,
            confirmPassword: password,
          })
        ).statusCode,
      );
    expect(links.slice(0, 30).every((c) => c === 200)).toBe(true);
    expect(links[30]).toBe(429);
  }, 180_000);

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
