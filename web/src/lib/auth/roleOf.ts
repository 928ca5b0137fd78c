import { isRole, type Role, roleFromGroupCodes } from '@domain/rules/roles';
import type { UserView } from '@domain/schemas/user';

/** The user's role: the server's `role`, or derived from the group code for older tickets. */
export function roleOf(user: UserView | null): Role | null {
  if (!user) return null;
  if (isRole(user.role)) return user.role;
  return roleFromGroupCodes(user.group?.code ? [user.group.code] : []) ?? null;
}
