import { describe, expect, it } from 'vitest';
import { ADMIN, api, buildTestApp, login, testDialects } from '../test/helpers.js';

// docs/decisions.md#http-ranges (low): numbers beyond the database's integer columns and text with NUL bytes are bad input
// (400), on both databases; PostgreSQL used to answer 500.
describe.each(testDialects())('out-of-range numbers and NUL bytes on %s', (dialect) => {
  const appPromise = buildTestApp(dialect);
  let token: string;
  const call = async (url: string, payload: unknown, asAdmin = true) => {
    const app = await appPromise;
    token ??= await login(app, ADMIN.userName, ADMIN.password);
    return api(app, {
      method: 'POST',
      url: `/api/${url}`,
      payload: payload as object,
      token: asAdmin ? token : undefined,
    });
  };

  it.each([2_147_483_648, -2_147_483_649, 1e20, '2147483648', '99999999999999999999'])(
    'refuses id %s with 400',
    async (id) => {
      for (const url of [
        'admin/section/getbyid',
        'admin/question/getbyid',
        'admin/lookup/getbyid',
        'assessmentresult/scores/byid',
      ]) {
        const res = await call(url, { id });
        expect(res.statusCode, url).toBe(400);
        expect(res.json().message, url).toMatch(/^Invalid request\. id: /);
      }
      const nested = await call('admin/question/add', {
        caption: 'Q',
        displayOrder: 1,
        section: { id },
        inputType: 1,
      });
      expect(nested.statusCode).toBe(400);
      const paged = await call('admin/lookup/search', { query: '', skip: id, take: 10 });
      expect(paged.statusCode).toBe(400);
    },
  );

  it('still serves the largest id as an unknown one', async () => {
    const res = await call('admin/section/getbyid', { id: 2_147_483_647 });
    expect(res.statusCode).toBe(404);
  });

  it('refuses text with NUL bytes with 400, signed in or not', async () => {
    const nul = 'ad\u0000min';
    for (const [url, body] of [
      ['auth/login', { userName: nul, password: 'x' }],
      ['auth/forgotpassword', { userName: nul, email: `a${nul}@example.org` }],
      ['auth/forgotusername', { email: `a${nul}@example.org` }],
    ] as const) {
      const res = await call(url, body, false);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message, url).toMatch(/^Invalid request\./);
    }
    const search = await call('admin/lookup/search', { query: nul });
    expect(search.statusCode).toBe(400);
    expect(search.json().message).toBe('Invalid request. query: Text must not contain NUL characters.');
    const save = await call('admin/section/add', { caption: nul, code: 'nul-test', displayOrder: 1 });
    expect(save.statusCode).toBe(400);
  });
});
