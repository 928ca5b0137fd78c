import { describe, expect, it } from 'vitest';
import { api, buildTestApp, testDialects } from '../test/helpers.js';

// Issue 13: hostile input from anyone, before any session, answers 400 or a normal answer, never 500.
describe.each(testDialects())('hostile input on %s', (dialect) => {
  const appPromise = buildTestApp(dialect);

  const PROTOTYPE_KEYS = ['constructor', 'toString', 'valueOf', 'hasOwnProperty', '__proto__', 'prototype'];
  const PUBLIC_POSTS = [
    '/api/auth/login',
    '/api/auth/signup',
    '/api/auth/forgotpassword',
    '/api/auth/forgotusername',
    '/api/system/log/public',
  ];

  it('prototype keys in JSON bodies, at the top and nested, never give a 500', async () => {
    const app = await appPromise;
    for (const url of PUBLIC_POSTS) {
      for (const key of PROTOTYPE_KEYS) {
        const payload = `{"${key}":1,"userName":"a","password":"b","user":{"${key}":{"${key}":[]}}}`;
        const res = await api(app, {
          method: 'POST',
          url,
          headers: { 'content-type': 'application/json' },
          payload,
        });
        expect(res.statusCode, `${url} ${key}`).toBeLessThan(500);
        expect(typeof res.json().message, `${url} ${key}`).toBe('string');
      }
    }
  });

  it('prototype keys in query strings never give a 500', async () => {
    const app = await appPromise;
    for (const key of PROTOTYPE_KEYS) {
      const res = await api(app, { method: 'GET', url: `/api/admin/lookup/getall?${key}=1&${key}=2` });
      expect(res.statusCode, key).toBeLessThan(500);
    }
  });
});
