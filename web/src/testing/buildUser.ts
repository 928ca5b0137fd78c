import { groupNames, type UserGroup } from '@domain/codes';
import { type Role, rolePrecedence } from '@domain/rules/roles';
import type { UserView } from '@domain/schemas/user';

/** A user as the API presents it, for the given role. */
export function buildUser(role: Role, overrides: Partial<UserView> = {}): UserView {
  const enumValue = (rolePrecedence.indexOf(role) + 1) as UserGroup;
  return {
    id: 100 + enumValue,
    userName: `${role}-user`,
    fullName: 'Jordan Avery Quinn',
    email: `${role}@example.com`,
    phoneNumber: null,
    group: { id: enumValue, name: groupNames[enumValue], code: role, enumValue },
    role,
    functionalRole: null,
    state: null,
    division: null,
    organization: {
      id: 1,
      name: 'Acme Precision Parts',
      code: null,
      type: { enumValue: 3, name: 'Manufacturer' },
      businessType: null,
    },
    department: null,
    isActive: true,
    requireChangePassword: false,
    lastLogin: null,
    createdDateTime: '2024-01-02T03:04:05Z',
    status: { enumValue: 2, name: 'Approved' },
    registrationComplete: null,
    approvalInviteDate: null,
    ...overrides,
  };
}
