import type { Role } from '../rules/roles.js';
import type { LookupRef } from './lookup.js';

/** A user as the API presents it (SPEC.md section 3 'User'); admin-only fields are absent for others. */
export type UserView = {
  id: number;
  userName: string;
  fullName: string;
  email: string | null;
  phoneNumber: string | null;
  group: { id: number; name: string; code: string; enumValue: number };
  role: Role;
  functionalRole: LookupRef | null;
  state: LookupRef | null;
  division: LookupRef | null;
  organization: {
    id: number;
    name: string;
    code: string | null;
    type: { enumValue: number; name: string };
    businessType: LookupRef | null;
  } | null;
  department: string | null;
  isActive: boolean;
  requireChangePassword: boolean;
  /** Admin-only (SPEC.md section 6); also the person's own. */
  lastLogin?: string | null;
  createdDateTime: string;
  status: { enumValue: number; name: string };
  registrationComplete: string | null;
  approvalInviteDate: string | null;
  // Admin-only and consultant certification fields:
  lastCertificationDate?: string | null;
  certificateNumber?: string | null;
  isSuspended?: boolean;
  additionalInfo?: string | null;
  excludeFromReport?: boolean;
  referredBy?: { id: number; name: string } | null;
  referredByOther?: string | null;
  /**
   * Admin-only: the person signed up on their own (nobody added them), so they await approval until
   * an invite goes out; the user screen offers a one-time passcode by it (issue 22).
   */
  selfSignUp?: boolean;
};

/**
 * What admin/user/copy and admin/user/init answer: a user not saved yet (id null), with the fields a
 * new user starts with; the admin form edits it and saves it with admin/user/visitor/add.
 */
export type UserDraftView = Omit<UserView, 'id' | 'group' | 'role' | 'status' | 'createdDateTime'> & {
  id: null;
  group: UserView['group'] | null;
  role: Role | null;
  status: UserView['status'] | null;
  createdDateTime: string | null;
};
