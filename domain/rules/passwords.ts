import { messages } from '../messages.js';

export const MIN_PASSWORD_LENGTH = 8;

/** The password rules of SPEC.md section 5; returns the first broken rule's message, or undefined. */
export function passwordProblem(password: string): string | undefined {
  if (password.length < MIN_PASSWORD_LENGTH) return messages.validation.passwordLength;
  if (!/[A-Z]/.test(password) || !/[a-z]/.test(password) || !/[0-9]/.test(password)) {
    return messages.validation.passwordCharacters;
  }
  if (!/[^A-Za-z0-9]/.test(password)) return messages.validation.passwordSpecial;
  return undefined;
}
