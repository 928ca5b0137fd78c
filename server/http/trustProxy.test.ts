import { describe, expect, it } from 'vitest';
import { api, buildTestApp, testDialects } from '../test/helpers.js';

// docs/decisions.md#http-proxies, finding 5: X-Forwarded-For counts only when the operator says a proxy sits in front.
describe.each(testDialects())('client addresses on %s', (dialect) => {
  it('by default, X-Forwarded-For does not change the address the login limit counts', async () => {
    const app = await buildTestApp(dialect, { LOGIN_MAX_PER_ADDRESS: '3', LOGIN_MAX_PER_ACCOUNT: '100' });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await api(app, {
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
        payload: { userName: `nobody${i}`, password: 'wrong' },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 3)).toEqual([200, 200, 200]);
    expect(statuses.slice(3)).toEqual([429, 429]);
  });

  it.each(['127.0.0.1', '1'])('with TRUST_PROXY=%s, the forwarded address is the client', async (trust) => {
    const app = await buildTestApp(dialect, {
      TRUST_PROXY: trust,
      LOGIN_MAX_PER_ADDRESS: '3',
      LOGIN_MAX_PER_ACCOUNT: '100',
    });
    for (let i = 0; i < 5; i++) {
      const res = await api(app, {
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
        payload: { userName: `nobody${i}`, password: 'wrong' },
      });
      expect(res.statusCode).toBe(200);
    }
  });
});
