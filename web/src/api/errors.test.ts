import { messages } from '@domain/messages';
import { describe, expect, it } from 'vitest';
import { bodyMessage, describeFailure, failureKind } from './errors';

const serverError = (statusCode: number, message: string) => ({ isSuccess: false, message, statusCode });

describe('describeFailure (docs/product.md#messages, Global)', () => {
  it('404 appends the not-found sentence to the supplied message and goes to /404', () => {
    const action = describeFailure({ status: 404, supplied: 'An error occurred retrieving this item.' });
    expect(action).toMatchObject({
      kind: 'not-found',
      message: 'An error occurred retrieving this item. The page was not found.',
      redirectTo: '/404',
    });
  });

  it('404 without a supplied message still says the page was not found', () => {
    expect(describeFailure({ status: 404, body: serverError(404, 'x') }).message).toBe(
      'The page was not found.',
    );
  });

  it('401 logs out, explains and goes home', () => {
    expect(describeFailure({ status: 401, body: serverError(401, 'Token expired') })).toEqual({
      kind: 'unauthorized',
      message: 'You must be logged in to view this area.',
      redirectTo: '/',
      logout: true,
    });
  });

  it('403 goes home with the action message and a timed area message', () => {
    expect(describeFailure({ status: 403 })).toEqual({
      kind: 'forbidden',
      message: 'You are not permitted to perform this action.',
      timedMessage: 'You are not permitted to access this area. Please contact your system administrator.',
      redirectTo: '/',
    });
  });

  it("400 shows the body's message", () => {
    const action = describeFailure({ status: 400, body: serverError(400, 'Name is required.') });
    expect(action).toEqual({ kind: 'bad-request', message: 'Name is required.' });
  });

  it('400 falls back to the generic text when the body has no message', () => {
    for (const body of [null, {}, { message: '   ' }, '', { isSuccess: false }]) {
      expect(describeFailure({ status: 400, body }).message).toBe(
        'An error occurred. Please contact your system administrator.',
      );
    }
  });

  it('400 with a plain-text body shows that text', () => {
    expect(describeFailure({ status: 400, body: 'Bad things' }).message).toBe('Bad things');
  });

  it('a failure without a status is a system error', () => {
    expect(describeFailure({ status: null })).toMatchObject({
      kind: 'network',
      message: 'A system error has occurred. Please contact your system administrator.',
      log: true,
    });
  });

  it('an aborted call says nothing and goes nowhere', () => {
    expect(describeFailure({ status: null, aborted: true })).toEqual({ kind: 'aborted', message: null });
  });

  it('other failures show the supplied message as a logged danger alert', () => {
    expect(describeFailure({ status: 500, supplied: 'An error occurred saving this item.' })).toEqual({
      kind: 'other',
      message: 'An error occurred saving this item.',
      log: true,
    });
  });

  it('a 5xx body is not shown to the user, a readable 4xx body is', () => {
    expect(describeFailure({ status: 500, body: serverError(500, 'stack trace here') }).message).toBe(
      messages.global.genericBadRequest,
    );
    expect(describeFailure({ status: 429, body: serverError(429, 'Slow down.') }).message).toBe('Slow down.');
  });
});

describe('failureKind', () => {
  it.each([
    [404, 'not-found'],
    [401, 'unauthorized'],
    [403, 'forbidden'],
    [400, 'bad-request'],
    [0, 'network'],
    [null, 'network'],
    [409, 'other'],
    [502, 'other'],
  ] as const)('%s is %s', (status, kind) => {
    expect(failureKind(status)).toBe(kind);
  });
});

describe('bodyMessage', () => {
  it('reads the message of a server error body', () => {
    expect(bodyMessage(serverError(400, 'Readable'))).toBe('Readable');
    expect(bodyMessage({ message: 42 })).toBeNull();
    expect(bodyMessage(undefined)).toBeNull();
  });
});
