// Kept apart from the zod schemas so that screens needing only the check (the assessment's answers)
// do not pull zod into their download.

/**
 * A standard local@domain check; the domain is a dotted name or a bracketed IP (docs/product.md#rules-validation),
 * or `localhost`, because docs/product.md#running-first-admin makes `admin@localhost` the first administrator's address.
 */
export const emailPattern =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@(?:(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}|localhost|\[(?:\d{1,3}\.){3}\d{1,3}\])$/i;

export function isValidEmail(value: string): boolean {
  return value === '' || emailPattern.test(value);
}
