import { messages } from '@domain/messages';
import type { Envelope } from '@domain/schemas/common';
import { isApiError } from '@web/api/client';
import { bodyMessage } from '@web/api/errors';

/**
 * The text the login page shows (docs/product.md#messages-account): the server's refusal, or
 * 'An error occurred. Please try again.' when it gave none; anything else (no answer, a server
 * fault) is 'An error occurred. Please contact your system administrator.'
 */
export function loginFailureMessage(failure: { envelope: Envelope<unknown> } | { error: unknown }): string {
  if ('envelope' in failure) return failure.envelope.message?.trim() || messages.login.failure;
  const { error } = failure;
  if (!isApiError(error) || error.status === null) return messages.login.otherFailure;
  if (error.status === 429) return bodyMessage(error.body) ?? messages.login.tooManyAttempts;
  if (error.status >= 400 && error.status < 500) return bodyMessage(error.body) ?? messages.login.failure;
  return messages.login.otherFailure;
}
