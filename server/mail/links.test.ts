import { describe, expect, it } from 'vitest';
import { linkBase } from './links.js';

describe('links in e-mails', () => {
  const config = {
    publicUrl: 'https://roadmap.example.org',
    allowedHosts: ['staging.example.org'],
    port: 3000,
  };

  it('start with PUBLIC_URL when the client names no host or a host the operator did not allow', () => {
    expect(linkBase(config)).toBe('https://roadmap.example.org');
    expect(linkBase(config, 'https://evil.example.com')).toBe('https://roadmap.example.org');
    expect(linkBase(config, 'http://roadmap.example.org.evil.com')).toBe('https://roadmap.example.org');
    expect(linkBase(config, 'not a url at all')).toBe('https://roadmap.example.org');
  });

  it('follow the client host when it is allowed', () => {
    expect(linkBase(config, 'https://staging.example.org')).toBe('https://staging.example.org');
    expect(linkBase(config, 'https://roadmap.example.org/some/page')).toBe('https://roadmap.example.org');
  });

  it('fall back to this server on localhost without PUBLIC_URL', () => {
    expect(linkBase({ publicUrl: undefined, allowedHosts: [], port: 3100 }, 'https://evil.example.com')).toBe(
      'http://localhost:3100',
    );
    expect(linkBase({ publicUrl: 'https://x.org/roadmap/', allowedHosts: [], port: 1 })).toBe(
      'https://x.org/roadmap',
    );
  });

  it('never take the scheme or path from the client, only an allowed host (docs/decisions.md#sign-in)', () => {
    // The client cannot downgrade the scheme of PUBLIC_URL's own host or an allowed one.
    expect(linkBase(config, 'http://roadmap.example.org')).toBe('https://roadmap.example.org');
    expect(linkBase(config, 'http://staging.example.org')).toBe('https://staging.example.org');
    expect(linkBase(config, 'HTTP://STAGING.example.org:8443/x')).toBe('https://roadmap.example.org');
    // PUBLIC_URL's path stays, whatever host the client names.
    const withPath = { publicUrl: 'https://x.org/roadmap/', allowedHosts: ['y.org'], port: 1 };
    expect(linkBase(withPath, 'https://x.org/elsewhere')).toBe('https://x.org/roadmap');
    expect(linkBase(withPath, 'http://y.org')).toBe('https://y.org/roadmap');
    expect(linkBase(withPath, 'https://user:pw@evil.org')).toBe('https://x.org/roadmap');
    // Without PUBLIC_URL: an allowed host with the scheme the operator wrote (https unless loopback).
    const noPublic = {
      publicUrl: undefined,
      allowedHosts: ['a.example.org', 'http://b.example.org', 'localhost:5173'],
      port: 3,
    };
    expect(linkBase(noPublic, 'http://a.example.org')).toBe('https://a.example.org');
    expect(linkBase(noPublic, 'https://b.example.org')).toBe('http://b.example.org');
    expect(linkBase(noPublic, 'https://localhost:5173')).toBe('http://localhost:5173');
    expect(linkBase(noPublic, 'https://c.example.org')).toBe('http://localhost:3');
  });
});
