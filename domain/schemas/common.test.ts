import { describe, expect, it } from 'vitest';
import { isValidEmail } from './common.js';

describe('email format (SPEC.md section 5)', () => {
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
