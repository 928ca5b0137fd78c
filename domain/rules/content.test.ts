import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InputType } from '../codes.js';
import {
  codeFromName,
  isNewChoiceId,
  isReservedSectionCode,
  isValidDisplayOrder,
  isValidScore,
  needsChoices,
  sectionCodePattern,
} from './content.js';

describe('content editor rules (docs/product.md#rules-validation)', () => {
  it('accepts every positive whole number written in digits as a display order', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        (n) => isValidDisplayOrder(String(n)) && isValidDisplayOrder(n),
      ),
    );
  });

  it('refuses display orders that are not digits-only positive numbers', () => {
    for (const bad of ['0', '-1', '+1', '1.5', '1e3', 'abc', '', ' ', '١٢'])
      expect(isValidDisplayOrder(bad), bad).toBe(false);
    fc.assert(
      fc.property(
        fc.string().filter((s) => /\D/.test(s.trim()) || s.trim() === ''),
        (s) => !isValidDisplayOrder(s),
      ),
    );
  });

  it('accepts scores with an optional sign, digits and a decimal point', () => {
    fc.assert(
      fc.property(fc.double({ min: -1000, max: 1000, noNaN: true, noDefaultInfinity: true }), (n) =>
        isValidScore(n.toFixed(3)),
      ),
    );
    for (const ok of ['1', '+2', '-3', '2.5', '.5', '5.']) expect(isValidScore(ok), ok).toBe(true);
    for (const bad of ['', '+', '1.2.3', '1,5', 'abc', '--1', '1e2'])
      expect(isValidScore(bad), bad).toBe(false);
  });

  it('asks choices of single select, multi select and drop-down questions only', () => {
    expect([InputType.RadioButton, InputType.CheckboxList, InputType.DropDownList].every(needsChoices)).toBe(
      true,
    );
    expect([InputType.Textbox, InputType.Email, InputType.TextArea].some(needsChoices)).toBe(false);
    expect(needsChoices(null)).toBe(false);
  });

  it('tells new choices by their negative ids, and makes codes that navigate', () => {
    expect(isNewChoiceId('-1')).toBe(true);
    expect(isNewChoiceId('12')).toBe(false);
    expect(codeFromName('Tier 1 Supplier')).toBe('tier-1-supplier');
    fc.assert(
      fc.property(
        fc.string({ minLength: 1 }).filter((s) => /[a-z0-9]/i.test(s)),
        (name) => {
          const code = codeFromName(name);
          return code === '' || sectionCodePattern.test(code);
        },
      ),
    );
  });

  it("keeps the assessment pages' own step codes from sections", () => {
    expect(isReservedSectionCode('results')).toBe(true);
    expect(isReservedSectionCode(' Demographics ')).toBe(true);
    expect(isReservedSectionCode('strategy')).toBe(false);
  });
});
