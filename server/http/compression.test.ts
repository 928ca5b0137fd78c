import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/helpers.js';

describe('compressed answers', () => {
  const appPromise = buildTestApp('sqlite');

  it('compresses text for a client that accepts brotli or gzip, and sends the same data', async () => {
    const app = await appPromise;
    const plain = await app.inject({ method: 'GET', url: '/api/admin/lookup/getall' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const lookups = plain.json();
    expect(plain.rawPayload.length).toBeGreaterThan(10_000);

    const br = await app.inject({
      method: 'GET',
      url: '/api/admin/lookup/getall',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(lookups);

    const gzip = await app.inject({
      method: 'GET',
      url: '/api/admin/lookup/getall',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gzip.rawPayload).toString('utf8'))).toEqual(lookups);
  });

  it('leaves small answers as they are', async () => {
    const app = await appPromise;
    const res = await app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toEqual({ status: 'ok' });
  });
});
