import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
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

describe('the built web app', () => {
  // A build as scripts/webBuild.mjs leaves it: hashed assets with their brotli and gzip copies.
  const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'smr-web-'));
  fs.mkdirSync(path.join(webDir, 'assets'));
  const script = `export const words = ${JSON.stringify('lorem ipsum '.repeat(400))};`;
  fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>SM Roadmap</title>');
  fs.writeFileSync(path.join(webDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  fs.writeFileSync(path.join(webDir, 'assets/app-Ab12.js'), script);
  fs.writeFileSync(path.join(webDir, 'assets/app-Ab12.js.br'), zlib.brotliCompressSync(script));
  fs.writeFileSync(path.join(webDir, 'assets/app-Ab12.js.gz'), zlib.gzipSync(script));
  const appPromise = buildTestApp('sqlite').then((base) => buildApp({ ...base.deps.config, webDir }));
  afterAll(async () => {
    await (await appPromise).close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  it('sends the compressed copy the build made, and lets browsers keep hashed assets for good', async () => {
    const app = await appPromise;
    const br = await app.inject({
      method: 'GET',
      url: '/assets/app-Ab12.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.equals(fs.readFileSync(path.join(webDir, 'assets/app-Ab12.js.br')))).toBe(true);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(script);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const gzip = await app.inject({
      method: 'GET',
      url: '/assets/app-Ab12.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString('utf8')).toBe(script);

    const plain = await app.inject({ method: 'GET', url: '/assets/app-Ab12.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.payload).toBe(script);
  });

  it("sends a script without the page's security headers, and the page itself with them", async () => {
    // docs/decisions.md#web-asset-headers: a script is never a document; the page keeps every header.
    const app = await appPromise;
    for (const encoding of ['br', 'gzip', 'identity']) {
      const asset = await app.inject({
        method: 'GET',
        url: '/assets/app-Ab12.js',
        headers: { 'accept-encoding': encoding },
      });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['x-content-type-options'], encoding).toBe('nosniff');
      expect(asset.headers['cross-origin-resource-policy'], encoding).toBe('same-origin');
      expect(asset.headers['content-security-policy'], encoding).toBeUndefined();
      expect(asset.headers['x-frame-options'], encoding).toBeUndefined();
      expect(asset.headers.etag, encoding).toBeUndefined();
    }
    const page = await app.inject({ method: 'GET', url: '/login' });
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    const icon = await app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('serves the compressed copies only in place of their file, not under an address of their own', async () => {
    const app = await appPromise;
    for (const copy of ['/assets/app-Ab12.js.br', '/assets/app-Ab12.js.gz']) {
      const res = await app.inject({ method: 'GET', url: copy });
      expect(res.statusCode).toBe(404);
      expect(res.payload).toBe('Not Found');
    }
  });

  it('answers a deep link with the page, which the browser asks for again each time', async () => {
    const res = await (await appPromise).inject({ method: 'GET', url: '/admin/user/list' });
    expect(res.statusCode).toBe(200);
    expect(res.payload).toContain('<title>SM Roadmap</title>');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['x-robots-tag']).toBeUndefined();
  });

  it('keeps a shared roadmap page out of search engines (docs/product.md#insights-share-links)', async () => {
    const res = await (await appPromise).inject({ method: 'GET', url: '/shared/some-token' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });
});
