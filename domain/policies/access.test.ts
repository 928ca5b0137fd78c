import { describe, expect, it } from 'vitest';
import { rolePrecedence } from '../rules/roles.js';
import { canAccess } from './access.js';

describe('route access', () => {
  it('lets anyone through public routes, signed-in users through authenticated ones', () => {
    expect(canAccess(undefined, 'public')).toBe(true);
    expect(canAccess(undefined, 'authenticated')).toBe(false);
    for (const role of rolePrecedence) expect(canAccess(role, 'authenticated')).toBe(true);
  });
  it('lets only the listed roles through a role list', () => {
    for (const role of rolePrecedence) {
      expect(canAccess(role, ['admin', 'consultant'])).toBe(role === 'admin' || role === 'consultant');
    }
    expect(canAccess(undefined, ['admin'])).toBe(false);
  });
});
