import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { ADMIN, api, login } from '../test/helpers.js';

// docs/decisions.md#sign-in: the security headers of every route (a test over the route list) and of the web pages.
describe('security headers', () => {
  let app: FastifyInstance;
  let token: string;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'smr-headers-'));
  const webDir = path.join(dataDir, 'web');

  beforeAll(async () => {
    fs.mkdirSync(webDir);
    fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>app</title>');
    app = await buildApp({
      ...loadConfig({ LOG_LEVEL: 'silent', ADMIN_PASSWORD: ADMIN.password }),
      dataDir,
      webDir,
    });
    token = await login(app, ADMIN.userName, ADMIN.password);
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const expectCommonHeaders = (headers: Record<string, unknown>, where: string) => {
    const csp = String(headers['content-security-policy']);
    expect(csp, where).toContain("default-src 'self'");
    expect(csp, where).toContain("frame-ancestors 'none'");
    expect(csp, where).toContain("font-src 'self'");
    expect(csp, where).not.toMatch(/font-src[^;]*https:/);
    expect(csp, where).toMatch(/style-src 'self'(;|$)/);
    expect(headers['x-content-type-options'], where).toBe('nosniff');
    expect(headers['referrer-policy'], where).toBe('no-referrer');
  };

  it('every API route answers no-store with the security headers, signed in or not', async () => {
    const routes = app.apiRoutes.flatMap((r) =>
      [r.method].flat().map((method) => ({ method, url: r.url.replace(/:(\w+)/g, 'x') })),
    );
    expect(routes.length).toBeGreaterThan(50);
    let checked = 0;
    for (const { method, url } of routes) {
      if (method === 'HEAD' || url === '/api/auth/logout') continue;
      for (const withToken of [true, false]) {
        const res = await api(app, {
          method: method as 'GET',
          url,
          token: withToken ? token : undefined,
          ...(method === 'GET' ? {} : { payload: {} }),
        });
        const where = `${method} ${url} ${withToken ? 'as admin' : 'anonymous'} (${res.statusCode})`;
        expect(res.statusCode, where).toBeLessThan(500);
        expect(res.headers['cache-control'], where).toBe('no-store');
        expectCommonHeaders(res.headers, where);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(100);
  });

  it('downloads are not stored either', async () => {
    const res = await api(app, {
      method: 'POST',
      url: '/api/admin/user/download/csv',
      token,
      payload: {},
    });
    if (res.statusCode === 200) expect(res.headers['content-disposition']).toMatch(/attachment/);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it.each(['/invite/AbC123', '/resetpassword/AbC123', '/'])(
    'the page %s sends no referrer and frames nowhere',
    async (url) => {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expectCommonHeaders(res.headers, url);
    },
  );
});
