import { messages } from '../messages.js';

export const MIN_PASSWORD_LENGTH = 8;

let isCommon: ((password: string) => boolean) | undefined;

/**
 * Turns on the common-password rule (issue 13). The server does so at start with
 * `isCommonPassword` of ./commonPasswords.ts; the web does not (the list is too heavy for its bundle)
 * and shows the server's refusal instead.
 */
export function refuseCommonPasswords(check: (password: string) => boolean): void {
  isCommon = check;
}

/** The password rules of SPEC.md section 5; returns the first broken rule's message, or undefined. */
export function passwordProblem(password: string): string | undefined {
  if (password.length < MIN_PASSWORD_LENGTH) return messages.validation.passwordLength;
  if (!/[A-Z]/.test(password) || !/[a-z]/.test(password) || !/[0-9]/.test(password)) {
    return messages.validation.passwordCharacters;
  }
  if (!/[^A-Za-z0-9]/.test(password)) return messages.validation.passwordSpecial;
  if (isCommon?.(password)) return messages.validation.passwordCommon;
  return undefined;
}
