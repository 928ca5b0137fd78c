import {
  groupCodes,
  groupNames,
  type OrganizationType,
  organizationTypeNames,
  UserGroup,
  UserStatus,
} from '../../domain/codes.js';
import type { UserDraftView, UserView } from '../../domain/schemas/user.js';
import type { UserDetailRow, UserViewRow } from '../db/rows.js';
import { bool, lookupRef } from './common.js';

const statusNames: Record<number, string> = Object.fromEntries(
  Object.entries(UserStatus).map(([name, value]) => [value, name]),
);

/**
 * A user as a caller may see them. Admin-only fields (certification, suspension, additional info,
 * referral, last login) go out only with `admin: true`; consultants also see their own certification fields.
 */
export function presentUser(row: UserViewRow, options: { admin?: boolean; self?: boolean } = {}): UserView {
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
    createdDateTime: row.createdAt,
    status: { enumValue: row.status, name: statusNames[row.status] ?? '' },
    registrationComplete: row.registrationComplete,
    approvalInviteDate: row.approvalInviteDate,
  };
  // Last login is one of the admin-only columns (docs/product.md#permissions); a person may see their own.
  if (options.admin || options.self) view.lastLogin = row.lastLogin;
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
    view.selfSignUp = row.createdBy == null;
  }
  return view;
}

/**
 * A new user not saved yet (admin/user/init and admin/user/copy): blank, or carrying a user's group,
 * organization, functional role, state, division, department and referral (the Copy action). It
 * starts active and Pending (Visitor for the visitor group), as admin/user/visitor/add will save it.
 */
export function presentUserDraft(
  from: UserDetailRow | null,
  options: { admin?: boolean } = {},
): UserDraftView {
  const source = from ? presentUser(from, { admin: options.admin }) : null;
  const status = source?.group.enumValue === UserGroup.Visitor ? UserStatus.Visitor : UserStatus.Pending;
  const draft: UserDraftView = {
    id: null,
    userName: '',
    fullName: '',
    email: '',
    phoneNumber: '',
    group: source?.group ?? null,
    role: source?.role ?? null,
    functionalRole: source?.functionalRole ?? null,
    state: source?.state ?? null,
    division: source?.division ?? null,
    organization: source?.organization ?? null,
    department: source?.department ?? null,
    isActive: true,
    requireChangePassword: false,
    ...(options.admin ? { lastLogin: null } : {}),
    createdDateTime: null,
    status: { enumValue: status, name: statusNames[status] ?? '' },
    registrationComplete: null,
    approvalInviteDate: null,
  };
  if (options.admin) {
    draft.lastCertificationDate = null;
    draft.certificateNumber = null;
    draft.isSuspended = false;
    draft.additionalInfo = null;
    draft.excludeFromReport = false;
    draft.referredBy = source?.referredBy ?? null;
    draft.referredByOther = source?.referredByOther ?? null;
  }
  return draft;
}
