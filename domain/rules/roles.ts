import { type GroupCode, groupCodes, type UserGroup } from '../codes.js';

/** A role is a group code; the precedence of docs/product.md#permissions decides between several. */
export type Role = GroupCode;

export const rolePrecedence: readonly Role[] = [
  'admin',
  'consultant',
  'manufacturer-champion',
  'manufacturer',
  'visitor',
];

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (rolePrecedence as readonly string[]).includes(value);
}

/** The role of a user holding these group codes: the first in precedence order, or undefined. */
export function roleFromGroupCodes(codes: readonly string[]): Role | undefined {
  const lower = codes.map((c) => c.toLowerCase());
  return rolePrecedence.find((role) => lower.includes(role));
}

export function roleOfGroup(group: UserGroup): Role {
  return groupCodes[group];
}
