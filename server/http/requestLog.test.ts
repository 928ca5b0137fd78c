import type { FastifyReply, FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { clientReport } from '../routes/system.js';
import { OneLineRequestLog, redactSecrets } from './requestLog.js';

// docs/decisions.md#sign-in-sessions (low): reset and invite tokens must not reach the logs.
describe('the request log', () => {
  const logLine = (url: string) => {
    const lines: Record<string, unknown>[] = [];
    const request = {
      method: 'GET',
      url,
      actor: null,
      log: { info: (fields: Record<string, unknown>) => lines.push(fields) },
    } as unknown as FastifyRequest;
    const reply = { statusCode: 200, elapsedTime: 3.2 } as unknown as FastifyReply;
    new OneLineRequestLog().requestCompleted(null, request, reply);
    return lines;
  };

  it.each([
    ['/invite/AbC123-secret_token', '/invite/[redacted]'],
    ['/Invite/AbC123-secret_token?x=1', '/Invite/[redacted]?x=1'],
    ['/resetpassword/s3cr3t.tok/', '/resetpassword/[redacted]/'],
    ['/api/auth/reset?token=s3cr3t&page=2', '/api/auth/reset?token=[redacted]&page=2'],
    ['/x?resetToken=abc&password=pw', '/x?resetToken=[redacted]&password=[redacted]'],
    // docs/decisions.md#trust-share-links: shared roadmap links, the call and the web page.
    ['/api/shared/s3cr3tShareToken', '/api/shared/[redacted]'],
    ['/api/Shared/s3cr3tShareToken?x=1', '/api/Shared/[redacted]?x=1'],
    ['/shared/s3cr3tShareToken', '/shared/[redacted]'],
  ])('writes %s as %s', (url, logged) => {
    const lines = logLine(url);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ method: 'GET', url: logged, statusCode: 200, ms: 3 });
    expect(JSON.stringify(lines)).not.toMatch(/secret|s3cr3t|=abc|=pw/);
  });

  it('leaves other addresses alone', () => {
    expect(logLine('/assessment/current-state/strategy?page=2')[0]?.url).toBe(
      '/assessment/current-state/strategy?page=2',
    );
  });

  it('redacts links inside free text too (client error reports)', () => {
    expect(redactSecrets('Failed at https://app.example.org/resetpassword/tok123 (line 4)')).toBe(
      'Failed at https://app.example.org/resetpassword/[redacted] (line 4)',
    );
  });

  it('redacts the client error reports it logs', () => {
    expect(
      clientReport({ message: 'at /invite/tok123', url: 'https://a.example.org/resetpassword/tok456' }),
    ).toEqual({
      message: 'at /invite/[redacted]',
      url: 'https://a.example.org/resetpassword/[redacted]',
    });
  });
});
