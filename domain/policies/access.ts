import type { Role } from '../rules/roles.js';

/**
 * Who may call a route, declared on every route: anyone, any signed-in user, or the listed roles.
 * Ownership (a consultant's own manufacturers, a champion's own organization) is checked further by
 * the entity policies; this is the first gate.
 */
export type Access = 'public' | 'authenticated' | readonly Role[];

export function canAccess(role: Role | undefined, access: Access): boolean {
  if (access === 'public') return true;
  if (role === undefined) return false;
  if (access === 'authenticated') return true;
  return access.includes(role);
}
