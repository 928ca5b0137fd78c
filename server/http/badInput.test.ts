import { describe, expect, it } from 'vitest';
import { ADMIN, api, buildTestApp, login, testDialects } from '../test/helpers.js';

// Bad input answers 400/404 with a readable message, never 500, and changes nothing.
describe.each(testDialects())('bad input on %s', (dialect) => {
  const appPromise = buildTestApp(dialect);

  const userCount = async () => {
    const app = await appPromise;
    const r = await app.deps.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    return Number(r.n);
  };

  it('malformed JSON', async () => {
    const app = await appPromise;
    const res = await api(app, {
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"userName": "admin", ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      isSuccess: false,
      message: 'The request body is not valid JSON.',
      statusCode: 400,
    });
  });

  it('wrong types and missing fields name the field', async () => {
    const app = await appPromise;
    const wrong = await api(app, {
      method: 'POST',
      url: '/api/auth/login',
      payload: { userName: 42, password: ['x'] },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toMatch(/^Invalid request\. userName: .+; password: .+/);
    const missing = await api(app, {
      method: 'POST',
      url: '/api/auth/login',
      payload: { userName: 'admin' },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain('password: ');
    const blank = await api(app, {
      method: 'POST',
      url: '/api/auth/login',
      payload: { userName: '   ', password: 'x' },
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toContain('userName: Required');
    const none = await api(app, { method: 'POST', url: '/api/auth/login' });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toMatch(/^Invalid request\. Request body: /);
  });

  it('a body that is not JSON', async () => {
    const app = await appPromise;
    const res = await api(app, {
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'text/xml' },
      payload: '<a/>',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('must be JSON');
  });

  it('an oversized body', async () => {
    const app = await appPromise;
    const before = await userCount();
    const token = await login(app, ADMIN.userName, ADMIN.password);
    const res = await api(app, {
      method: 'POST',
      url: '/api/auth/changepassword/onetime',
      token,
      payload: { newPassword: 'x'.repeat(6 * 1024 * 1024), confirmPassword: 'x' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The request body is too large.');
    expect(await userCount()).toBe(before);
    // The password is unchanged: the administrator still logs in with it.
    await expect(login(app, ADMIN.userName, ADMIN.password)).resolves.toBeTruthy();
  });

  it('unknown routes answer 404 JSON under /api', async () => {
    const app = await appPromise;
    const res = await api(app, { method: 'POST', url: '/api/no/such/call' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ isSuccess: false, statusCode: 404 });
    expect(res.json().message).toContain('/api/no/such/call');
    const wrongMethod = await api(app, { method: 'DELETE', url: '/api/health' });
    expect(wrongMethod.statusCode).toBe(404);
  });

  it('never answers 500 to a burst of junk', async () => {
    const app = await appPromise;
    const junk = [
      'null',
      '[]',
      '"text"',
      '123',
      '{"userName":{"$ne":1},"password":true}',
      '{"__proto__":{"x":1}}',
    ];
    for (const payload of junk) {
      const res = await api(app, {
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode, payload).toBe(400);
      expect(typeof res.json().message).toBe('string');
    }
  });
});
