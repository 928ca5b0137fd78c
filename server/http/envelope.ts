import type { Envelope } from '../../domain/schemas/common.js';

/** The answer of a call that acts (docs/product.md#calls-conventions). */
export function ok<T>(data?: T, message = ''): Envelope<T> {
  return data === undefined ? { isSuccess: true, message } : { isSuccess: true, message, data };
}

export function fail(message: string): Envelope<never> {
  return { isSuccess: false, message };
}

/** An error with an HTTP status and a message fit to show a user. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: 400 | 401 | 403 | 404 | 409 | 429,
    message: string,
  ) {
    super(message);
  }
}

/** The content type of an answer sent as JSON text already serialized (a cached answer). */
export const JSON_TYPE = 'application/json; charset=utf-8';

export const badRequest = (message: string) => new HttpError(400, message);
export const notFound = (message = 'The requested item was not found.') => new HttpError(404, message);
export const forbidden = (message = 'You are not permitted to perform this action.') =>
  new HttpError(403, message);
export const unauthorized = (message = 'You must be logged in to view this area.') =>
  new HttpError(401, message);
