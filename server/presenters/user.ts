import {
  groupCodes,
  groupNames,
  type OrganizationType,
  organizationTypeNames,
  type UserGroup,
  UserStatus,
} from '../../domain/codes.js';
import type { UserView } from '../../domain/schemas/user.js';
import type { UserDetailRow } from '../repositories/users.js';
import { bool, lookupRef } from './common.js';

const statusNames: Record<number, string> = Object.fromEntries(
  Object.entries(UserStatus).map(([name, value]) => [value, name]),
);

/**
 * A user as a caller may see them. Admin-only fields (certification, suspension, additional info,
 * referral) go out only with `admin: true`; consultants also see their own certification fields.
 */
export function presentUser(row: UserDetailRow, options: { admin?: boolean; self?: boolean } = {}): UserView {
  const group = row.userGroup as UserGroup;
  const view: UserView = {
    id: row.id,
    userName: row.userName,
    fullName: row.fullName,
    email: row.email,
    phoneNumber: row.phoneNumber,
    group: {
      id: row.groupId ?? group,
      name: row.groupName ?? groupNames[group],
      code: groupCodes[group],
      enumValue: group,
    },
    role: groupCodes[group],
    functionalRole: lookupRef(row.functionalRoleId, row.functionalRoleName, row.functionalRoleCode),
    state: lookupRef(row.stateId, row.stateName, row.stateCode),
    division: lookupRef(row.divisionId, row.divisionName, row.divisionCode),
    organization:
      row.organizationId != null && row.organizationName != null
        ? {
            id: row.organizationId,
            name: row.organizationName,
            code: row.organizationCode,
            type: {
              enumValue: row.organizationType ?? 0,
              name: organizationTypeNames[row.organizationType as Exclude<OrganizationType, 99>] ?? '',
            },
            businessType: lookupRef(row.businessTypeId, row.businessTypeName, row.businessTypeCode),
          }
        : null,
    department: row.department,
    isActive: bool(row.isActive),
    requireChangePassword: bool(row.requireChangePassword),
    lastLogin: row.lastLogin,
    createdDateTime: row.createdAt,
    status: { enumValue: row.status, name: statusNames[row.status] ?? '' },
    registrationComplete: row.registrationComplete,
    approvalInviteDate: row.approvalInviteDate,
  };
  if (options.admin || (options.self && group === 2)) {
    view.lastCertificationDate = row.lastCertificationDate;
    view.certificateNumber = row.certificateNumber;
  }
  if (options.admin) {
    view.isSuspended = bool(row.isSuspended);
    view.additionalInfo = row.additionalInfo;
    view.excludeFromReport = bool(row.excludeFromReport);
    view.referredBy =
      row.referredById != null && row.referredByName != null
        ? { id: row.referredById, name: row.referredByName }
        : null;
    view.referredByOther = row.referredByOther;
  }
  return view;
}
