import { messages } from '../messages.js';

export const MIN_PASSWORD_LENGTH = 8;

let isCommon: ((password: string) => boolean) | undefined;

/**
 * Turns on the common-password rule (docs/decisions.md#sign-in-passwords). The server does so at start with
 * `isCommonPassword` of server/auth/commonPasswords.ts; the web does not (the list is too heavy for its bundle)
 * and shows the server's refusal instead.
 */
export function refuseCommonPasswords(check: (password: string) => boolean): void {
  isCommon = check;
}

/** The password rules of docs/product.md#rules-validation; returns the first broken rule's message, or undefined. */
export function passwordProblem(password: string): string | undefined {
  if (password.length < MIN_PASSWORD_LENGTH) return messages.validation.passwordLength;
  if (!/[A-Z]/.test(password) || !/[a-z]/.test(password) || !/[0-9]/.test(password)) {
    return messages.validation.passwordCharacters;
  }
  if (!/[^A-Za-z0-9]/.test(password)) return messages.validation.passwordSpecial;
  if (isCommon?.(password)) return messages.validation.passwordCommon;
  return undefined;
}

/** What a password must not be built on (docs/decisions.md#sign-in-passwords): the product's names and the person's own. */
export type PasswordContext = {
  userName?: string | null;
  fullName?: string | null;
  email?: string | null;
  organizationName?: string | null;
};

/** The product's names, always refused inside a password. */
export const PRODUCT_NAMES = ['SM Roadmap', 'smroadmap', 'roadmap'] as const;
/** Shorter words (Ann, Co, Inc) are too common to refuse inside a password: they would refuse good ones. */
const MIN_TERM_LENGTH = 4;

/** Letters and digits only, lower case, so 'S.M. Road-map' and 'smroadmap' meet. */
const squeeze = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

/** Each name whole and each of its words of four or more characters. */
function termsOf(context: PasswordContext): string[] {
  const local = context.email?.split('@')[0] ?? '';
  const names = [...PRODUCT_NAMES, context.userName, context.fullName, context.organizationName, local];
  const terms = new Set<string>();
  for (const name of names) {
    if (!name) continue;
    for (const part of [name, ...name.split(/[^\p{L}\p{N}]+/u)]) {
      const term = squeeze(part);
      if (term.length >= MIN_TERM_LENGTH) terms.add(term);
    }
  }
  return [...terms];
}

/**
 * Context-specific passwords (ASVS 2.1.7, docs/decisions.md#sign-in-passwords): a password holding the product's name, the
 * organization's name, the user name, the person's name or their e-mail's local part is the first
 * thing a guesser who knows the person tries. Returns the message, or undefined.
 */
export function contextualPasswordProblem(password: string, context: PasswordContext): string | undefined {
  const squeezed = squeeze(password);
  return termsOf(context).some((term) => squeezed.includes(term))
    ? messages.signIn.passwordContextual
    : undefined;
}
