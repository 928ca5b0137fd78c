import { isValidScore } from '@domain/rules/content';
import { describe, expect, it } from 'vitest';
import { digitsOnly, scoreCharacters } from './filterAsTyped';

describe('typing filters', () => {
  it('keeps digits only for display orders', () => {
    expect(digitsOnly('12')).toBe('12');
    expect(digitsOnly('1a2 -3.4')).toBe('1234');
    expect(digitsOnly('')).toBe('');
  });

  it('keeps an optional leading sign, digits and one decimal point for scores', () => {
    expect(scoreCharacters('-1.5')).toBe('-1.5');
    expect(scoreCharacters('+3')).toBe('+3');
    expect(scoreCharacters('1-2')).toBe('12');
    expect(scoreCharacters('1.2.3')).toBe('1.23');
    expect(scoreCharacters('--4')).toBe('-4');
    expect(scoreCharacters('abc')).toBe('');
    expect(scoreCharacters('.5')).toBe('.5');
  });

  it('lets through only what can become a valid score', () => {
    for (const typed of ['-1.5', '+3', '42', '.5', '7.'])
      expect(isValidScore(scoreCharacters(typed))).toBe(true);
  });
});
