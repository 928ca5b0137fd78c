import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { messages } from '../messages.js';
import { contextualPasswordProblem, passwordProblem } from './passwords.js';

describe('password rules (docs/product.md#rules-validation)', () => {
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

describe('context-specific passwords (docs/decisions.md#sign-in-passwords)', () => {
  const person = {
    userName: 'jdoe42',
    fullName: 'Jane van Doe',
    email: 'jane.doe@acme.example',
    organizationName: 'Acme Tooling Inc',
  };

  it("refuses the product's names, the organization's, the user name, the person's name and e-mail", () => {
    for (const password of [
      'SMRoadmap#2024',
      'Sm-Road.Map!1',
      'MyRoadmap!9',
      'Acme#Tool1ng9',
      'AcmeTooling!1',
      'Tooling#2024',
      'Jdoe42!Secret',
      'Jane.Doe#2024',
      'JaneVanDoe!1',
    ])
      expect(contextualPasswordProblem(password, person), password).toBe(messages.signIn.passwordContextual);
    // Whatever case and separators.
    expect(contextualPasswordProblem('xxR-O-A-D-M-A-P!1', {})).toBe(messages.signIn.passwordContextual);
  });

  it('accepts passwords that hold none of them, and ignores words shorter than four characters', () => {
    expect(contextualPasswordProblem('Str0ng!Passw0rd', person)).toBeUndefined();
    // 'van', 'Inc' and 'Jane'... only 4+ character words count: 'van' and 'inc' do not.
    expect(contextualPasswordProblem('Vanilla#Inc9', person)).toBeUndefined();
    expect(
      contextualPasswordProblem('Str0ng!Passw0rd', { userName: null, fullName: '', email: null }),
    ).toBeUndefined();
  });
});
