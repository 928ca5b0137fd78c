import { describe, expect, it } from 'vitest';
import { roleFromGroupCodes, roleOfGroup } from './roles.js';

describe('role from group codes (docs/product.md#permissions precedence)', () => {
  it('picks the highest role a user holds', () => {
    expect(roleFromGroupCodes(['visitor', 'manufacturer'])).toBe('manufacturer');
    expect(roleFromGroupCodes(['manufacturer', 'manufacturer-champion'])).toBe('manufacturer-champion');
    expect(roleFromGroupCodes(['manufacturer-champion', 'consultant', 'visitor'])).toBe('consultant');
    expect(roleFromGroupCodes(['visitor', 'ADMIN'])).toBe('admin');
  });
  it('has no role without a known group', () => {
    expect(roleFromGroupCodes([])).toBeUndefined();
    expect(roleFromGroupCodes(['guest'])).toBeUndefined();
  });
  it('maps each group enum value to its code', () => {
    expect([1, 2, 3, 4, 5].map((g) => roleOfGroup(g as 1))).toEqual([
      'admin',
      'consultant',
      'manufacturer-champion',
      'manufacturer',
      'visitor',
    ]);
  });
});
