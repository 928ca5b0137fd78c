import { ApiError } from '@web/api/client';
import { describe, expect, it } from 'vitest';
import { loginFailureMessage } from './loginFailureMessage';

const apiError = (status: number | null, body: unknown = null) => new ApiError(status, body, 'failed');

describe('loginFailureMessage (docs/product.md#messages, Login)', () => {
  it("shows the server's refusal", () => {
    expect(
      loginFailureMessage({ envelope: { isSuccess: false, message: 'Invalid user name or password.' } }),
    ).toBe('Invalid user name or password.');
  });

  it('falls back when the refusal has no message', () => {
    expect(loginFailureMessage({ envelope: { isSuccess: false, message: '' } })).toBe(
      'An error occurred. Please try again.',
    );
  });

  it('shows the message of a 429 answer', () => {
    const body = { isSuccess: false, message: 'Too many login attempts. Please wait.', statusCode: 429 };
    expect(loginFailureMessage({ error: apiError(429, body) })).toBe('Too many login attempts. Please wait.');
    expect(loginFailureMessage({ error: apiError(429) })).toBe(
      'Too many login attempts. Please wait a few minutes and try again.',
    );
  });

  it('shows a readable 4xx answer, else the try-again text', () => {
    expect(loginFailureMessage({ error: apiError(400, { message: 'Invalid request.' }) })).toBe(
      'Invalid request.',
    );
    expect(loginFailureMessage({ error: apiError(401) })).toBe('An error occurred. Please try again.');
  });

  it('any other failure asks to contact the administrator', () => {
    const text = 'An error occurred. Please contact your system administrator.';
    expect(loginFailureMessage({ error: apiError(500, { message: 'internal' }) })).toBe(text);
    expect(loginFailureMessage({ error: apiError(null) })).toBe(text);
    expect(loginFailureMessage({ error: new Error('boom') })).toBe(text);
  });
});
