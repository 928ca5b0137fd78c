import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENV_VARIABLES, loadConfig } from './config.js';

describe('configuration from the environment (docs/product.md#running-start)', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.host).toBe('0.0.0.0');
    expect(c.dataDir).toBe(path.resolve('./data'));
    expect(c.databaseUrl).toBeUndefined();
    expect(c.admin).toEqual({ userName: 'admin', email: 'admin@localhost', password: undefined });
    expect(c.smtpUrl).toBeUndefined();
    expect(c.logLevel).toBe('info');
  });

  it('treats empty variables as unset', () => {
    const c = loadConfig({
      ADMIN_PASSWORD: '',
      DATABASE_URL: '',
      SMTP_URL: '',
      PUBLIC_URL: '',
      JWT_SECRET: '',
    });
    expect(c.admin.password).toBeUndefined();
    expect(c.databaseUrl).toBeUndefined();
  });

  it('reads every variable', () => {
    const c = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      DATA_DIR: '/tmp/x',
      DATABASE_URL: 'postgres://u:p@db:5432/app',
      ADMIN_USERNAME: 'root',
      ADMIN_EMAIL: 'ops@example.org',
      ADMIN_PASSWORD: 'S3cret!pass',
      SMTP_URL: 'smtps://u:p@mail:465',
      MAIL_FROM: 'Roadmap <r@example.org>',
      PUBLIC_URL: 'https://roadmap.example.org',
      ALLOWED_HOSTS: 'a.example.org, b.example.org',
      LOG_LEVEL: 'warn',
    });
    expect(c).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/tmp/x',
      databaseUrl: 'postgres://u:p@db:5432/app',
      admin: { userName: 'root', email: 'ops@example.org', password: 'S3cret!pass' },
      smtpUrl: 'smtps://u:p@mail:465',
      mailFrom: 'Roadmap <r@example.org>',
      publicUrl: 'https://roadmap.example.org',
      allowedHosts: ['a.example.org', 'b.example.org'],
      logLevel: 'warn',
    });
  });

  it('stops with a message naming a bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL must be a postgres/);
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
  });

  it('serves metrics only with a METRICS_TOKEN of 16 characters or more (docs/decisions.md#http-metrics)', () => {
    expect(loadConfig({}).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: '' }).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: 'scrape-0123456789abcdef' }).metricsToken).toBe(
      'scrape-0123456789abcdef',
    );
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN must be at least 16/);
  });

  it('trusts no proxy unless TRUST_PROXY names hops or addresses (docs/decisions.md#http-proxies, finding 5)', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16,::1, fd00::/8,loopback' }).trustProxy).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
    for (const bad of [
      'true',
      'proxy.example.org',
      '10.0.0.1/33',
      '10.0.0.300',
      '1,',
      '-1',
      '10.0.0.1/8/1',
    ]) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    }
  });

  it('compose.yaml and the Dockerfile set only variables the app reads, with values it accepts (docs/decisions.md#operations-docker)', () => {
    const compose = fs.readFileSync(path.resolve('compose.yaml'), 'utf8');
    // The app service's environment block: the lines indented under `    environment:` in `  app:`.
    const app = compose.split(/^ {2}(?=\S)/m).find((service) => service.startsWith('app:')) ?? '';
    const block = /^ {4}environment:\n((?: {6}.*\n)+)/m.exec(app)?.[1] ?? '';
    const env = Object.fromEntries(
      [...block.matchAll(/^ {6}([A-Z_]+): (.*)$/gm)].map(([, name, value]) => [
        name as string,
        // What compose substitutes when the operator sets nothing (a required one gets a value).
        (value as string).replace(
          /\$\{(\w+):([-?])([^}]*)\}/g,
          (_, variable: string, kind: string, text: string) =>
            kind === '-' ? text : `${variable.toLowerCase()}-given-by-the-operator-0123456789`,
        ),
      ]),
    );
    expect(Object.keys(env)).toEqual(
      expect.arrayContaining(['DATABASE_URL', 'SMTP_URL', 'PUBLIC_URL', 'JWT_SECRET']),
    );
    expect(Object.keys(env).filter((name) => !ENV_VARIABLES.includes(name))).toEqual([]);
    const config = loadConfig(env);
    expect(config).toMatchObject({
      databaseUrl: 'postgres://smroadmap:smroadmap@postgres:5432/smroadmap',
      smtpUrl: 'smtp://mailpit:1025',
      publicUrl: 'http://localhost:3000',
      metricsToken: undefined,
      trustProxy: false,
    });

    const dockerfile = fs.readFileSync(path.resolve('Dockerfile'), 'utf8');
    const runtime = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
    const image = Object.fromEntries(
      [...(/^ENV ((?:.*\\\n)*.*)$/m.exec(runtime)?.[1] ?? '').matchAll(/([A-Z_]+)=(\S+)/g)].map((m) => [
        m[1],
        m[2],
      ]),
    );
    expect(image).toMatchObject({ DATA_DIR: '/data', PORT: '3000' });
    expect(Object.keys(image).filter((name) => name !== 'NODE_ENV' && !ENV_VARIABLES.includes(name))).toEqual(
      [],
    );
    expect(loadConfig(image).dataDir).toBe('/data');
    expect(runtime).toMatch(/^VOLUME \/data$/m);
    expect(runtime).toMatch(/^EXPOSE 3000$/m);
  });
});
