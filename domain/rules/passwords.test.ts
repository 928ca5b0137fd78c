import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { messages } from '../messages.js';
import { passwordProblem } from './passwords.js';

describe('password rules (SPEC.md section 5)', () => {
  it('names the first broken rule', () => {
    expect(passwordProblem('Ab1!')).toBe(messages.validation.passwordLength);
    expect(passwordProblem('abcdefgh1!')).toBe(messages.validation.passwordCharacters);
    expect(passwordProblem('ABCDEFGH1!')).toBe(messages.validation.passwordCharacters);
    expect(passwordProblem('Abcdefghi!')).toBe(messages.validation.passwordCharacters);
    expect(passwordProblem('Abcdefgh12')).toBe(messages.validation.passwordSpecial);
    expect(passwordProblem('Abcdefg1!')).toBeUndefined();
  });

  it('accepts every password of 8+ characters holding upper, lower, digit and special', () => {
    const part = (chars: string) =>
      fc.string({ unit: fc.constantFrom(...chars), minLength: 1, maxLength: 5 });
    fc.assert(
      fc.property(part('ABCXYZ'), part('abcxyz'), part('0123456789'), part('$@!%*?&#-_ '), (u, l, d, s) => {
        const pw = (u + l + d + s).padEnd(8, 'x');
        expect(passwordProblem(pw)).toBeUndefined();
      }),
    );
  });

  it('refuses every password shorter than 8', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 7 }),
        (pw) => passwordProblem(pw) === messages.validation.passwordLength,
      ),
    );
  });
});
