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
});
