import { EXTEND_HEADER } from '../auth/guard.js';
import type { PasswordChangeOutcome } from '../commands/passwordChange.js';
import { fail, ok } from '../http/envelope.js';

/**
 * The answer of every call that changes a password. The change ended the caller's sessions, the one
 * the guard has just renewed included, so the fresh session also goes out in the authorization-extend
 * header: a client that takes its token from there keeps working.
 */
export function answerPasswordChange(
  reply: { header(name: string, value: string): unknown },
  outcome: PasswordChangeOutcome,
  message: string,
) {
  if (!outcome.ok) return fail(outcome.message);
  reply.header(EXTEND_HEADER, outcome.data.token);
  return ok(outcome.data, message);
}
