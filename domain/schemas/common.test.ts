import { describe, expect, it } from 'vitest';
import { userInputSchema } from './account.js';
import { isCleanName, isValidEmail } from './common.js';
import { organizationInputSchema, organizationUserInputSchema } from './organizationForm.js';

describe('email format (docs/product.md#rules-validation)', () => {
  it('accepts local@dotted.domain, a bracketed IP, and empty', () => {
    for (const ok of ['a@b.co', 'first.last+tag@mail.example.org', 'x@[10.0.0.1]', 'admin@localhost', ''])
      expect(isValidEmail(ok), ok).toBe(true);
  });
  it('refuses what is not an address', () => {
    for (const bad of ['plain', 'a@b', 'a@.com', '@b.com', 'a b@c.com', 'a@b..com', 'a@[1.2.3]']) {
      expect(isValidEmail(bad), bad).toBe(false);
    }
  });
});

describe('names (docs/decisions.md#sign-in-names: no control characters, no leading =)', () => {
  it('accepts ordinary names, accents and inner =', () => {
    for (const ok of ['Acme Fabrication', 'Müller & Söhne GmbH', 'A=B Corp', "O'Neil", '', undefined])
      expect(isCleanName(ok), String(ok)).toBe(true);
  });
  it('refuses line breaks, tabs, NUL, bidi overrides and a leading =', () => {
    for (const bad of ['Line\nbreak', 'Tab\there', 'Nul\u0000', 'x\u2028y', 'Rtl\u202Egnp', '=1+1', ' =cmd'])
      expect(isCleanName(bad), JSON.stringify(bad)).toBe(false);
  });
  it('applies to the user form, the organization form and its user rows', () => {
    const user = userInputSchema.safeParse({ userName: 'pat', fullName: 'Pat\r\nEvil', email: '' });
    expect(user.success).toBe(false);
    const userName = userInputSchema.safeParse({ userName: '=pat', fullName: 'Pat', email: '' });
    expect(userName.success).toBe(false);
    const orgName = userInputSchema.safeParse({
      userName: 'pat',
      fullName: 'Pat',
      organization: { name: 'Acme\nInc' },
    });
    expect(orgName.success).toBe(false);
    expect(organizationInputSchema.safeParse({ name: '=HYPERLINK("x")' }).success).toBe(false);
    expect(organizationUserInputSchema.safeParse({ id: -1, fullName: 'A\u0007B' }).success).toBe(false);
    expect(organizationInputSchema.safeParse({ name: 'Acme' }).success).toBe(true);
  });
});
