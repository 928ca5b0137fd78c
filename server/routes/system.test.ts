import { describe, expect, it } from 'vitest';
import { LookupType, NORTH_AMERICA_REGION_CODE, roadmapStatusCodes } from '../../domain/codes.js';
import { api, buildTestApp, testDialects } from '../test/helpers.js';

describe.each(testDialects())('health, lookups, logs and docs on %s', (dialect) => {
  const appPromise = buildTestApp(dialect);

  it('health answers ok', async () => {
    const app = await appPromise;
    const res = await api(app, { method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    // The security policy: no plugins, no framing of the app, players only from the video hosts.
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain('frame-src https://www.youtube.com');
  });

  it('serves every kind of reference data with the codes docs/product.md#codes-enums fixes', async () => {
    const app = await appPromise;
    const res = await api(app, { method: 'GET', url: '/api/admin/lookup/getall' });
    expect(res.statusCode).toBe(200);
    const items = res.json() as {
      code: string;
      lookupType: { enumValue: number; name: string };
      enumValue: number | null;
    }[];
    for (const type of Object.values(LookupType)) {
      expect(
        items.some((i) => i.lookupType.enumValue === type),
        `lookup type ${type}`,
      ).toBe(true);
    }
    const ofType = (t: number) => items.filter((i) => i.lookupType.enumValue === t);
    expect(ofType(LookupType.State).length).toBeGreaterThanOrEqual(51);
    expect(ofType(LookupType.HqRegion).map((i) => i.code)).toContain(NORTH_AMERICA_REGION_CODE);
    expect(ofType(LookupType.RoadmapStatus).map((i) => i.code)).toEqual([...roadmapStatusCodes]);
    expect(ofType(LookupType.UserGroup).map((i) => [i.code, i.enumValue])).toEqual([
      ['admin', 1],
      ['consultant', 2],
      ['manufacturer-champion', 3],
      ['manufacturer', 4],
      ['visitor', 5],
    ]);
  });

  it('logs client errors, public and private', async () => {
    const app = await appPromise;
    const pub = await api(app, {
      method: 'POST',
      url: '/api/system/log/public',
      payload: { Message: 'boom', Url: '/x' },
    });
    expect(pub.json()).toEqual({ isSuccess: true, message: '' });
    const priv = await api(app, {
      method: 'POST',
      url: '/api/system/log/private',
      payload: { message: 'boom' },
    });
    expect(priv.statusCode).toBe(401);
  });

  it('describes every call in OpenAPI, with request bodies from the same schemas', async () => {
    const app = await appPromise;
    const res = await api(app, { method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    const login = doc.paths['/api/auth/login'].post;
    expect(Object.keys(login.requestBody.content['application/json'].schema.properties)).toEqual([
      'userName',
      'password',
    ]);
    for (const path of [
      '/api/health',
      '/api/auth/checkToken',
      '/api/auth/profile',
      '/api/admin/lookup/getall',
      '/api/system/log/public',
    ]) {
      expect(doc.paths[path], path).toBeDefined();
    }
  });
});
