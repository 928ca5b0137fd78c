import { createRequire } from 'node:module';
import type { dictionary as Dictionary } from '@zxcvbn-ts/language-common';

// Loaded on the first password check, not at start-up (~40 ms of the server's start).
const load = () =>
  (createRequire(import.meta.url)('@zxcvbn-ts/language-common') as { dictionary: typeof Dictionary })
    .dictionary;

/** How many of the most common passwords are refused (docs/decisions.md#sign-in-passwords). */
export const COMMON_PASSWORD_COUNT = 10_000;

let top: Set<string> | undefined;

/**
 * Whether a password is one of the 10,000 most common (the ranked list of @zxcvbn-ts/language-common,
 * MIT, shipped as data: no network), ignoring case, or one of them with digits and symbols only added
 * before or after ('Password1!', '!Qwerty2024'). Server side only: the list is ~380 kB, too heavy for
 * the web bundle, so the web shows the server's answer (docs/decisions-sec-accounts.draft.md).
 */
export function isCommonPassword(password: string): boolean {
  top ??= new Set(load()['passwords-common'].slice(0, COMMON_PASSWORD_COUNT));
  const lower = password.toLowerCase();
  const forms = [
    lower,
    lower.replace(/[^a-z0-9]+$/, ''),
    lower.replace(/[^a-z]+$/, ''),
    lower.replace(/^[^a-z]+/, '').replace(/[^a-z]+$/, ''),
  ];
  return forms.some((form) => form.length > 0 && top?.has(form));
}
