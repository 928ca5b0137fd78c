import { z } from 'zod';
import { groupCodes } from '../codes.js';
import type { Role } from '../rules/roles.js';
import { envelopeOf, pageOf } from './answers.js';
import { lookupRefSchema } from './lookup.js';

// A user as the API presents it (docs/product.md#codes-entities): the routes declare these as their
// answers, server/presenters/user.ts builds them, the web reads them.

const roleSchema = z.enum(Object.values(groupCodes) as [Role, ...Role[]]);
const groupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  enumValue: z.number().int(),
});
const statusSchema = z.object({ enumValue: z.number().int(), name: z.string() });

/** The fields every caller who may see the user sees. */
const userFields = {
  userName: z.string(),
  fullName: z.string(),
  email: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  functionalRole: lookupRefSchema.nullable(),
  state: lookupRefSchema.nullable(),
  division: lookupRefSchema.nullable(),
  organization: z
    .object({
      id: z.number().int(),
      name: z.string(),
      code: z.string().nullable(),
      type: z.object({ enumValue: z.number().int(), name: z.string() }),
      businessType: lookupRefSchema.nullable(),
    })
    .nullable(),
  department: z.string().nullable(),
  isActive: z.boolean(),
  requireChangePassword: z.boolean(),
  /** Admin-only (docs/product.md#permissions); also the person's own. */
  lastLogin: z.string().nullish(),
  registrationComplete: z.string().nullable(),
  approvalInviteDate: z.string().nullable(),
  // Admin-only and consultant certification fields:
  lastCertificationDate: z.string().nullish(),
  certificateNumber: z.string().nullish(),
  isSuspended: z.boolean().optional(),
  additionalInfo: z.string().nullish(),
  excludeFromReport: z.boolean().optional(),
  referredBy: z.object({ id: z.number().int(), name: z.string() }).nullish(),
  referredByOther: z.string().nullish(),
  /**
   * Admin-only: the person signed up on their own (nobody added them), so they await approval until
   * an invite goes out; the user screen offers a one-time passcode by it (docs/decisions.md#sign-in-passcodes).
   */
  selfSignUp: z.boolean().optional(),
};

/** A user; admin-only fields are absent for others. */
export const userViewSchema = z.object({
  id: z.number().int(),
  ...userFields,
  group: groupSchema,
  role: roleSchema,
  createdDateTime: z.string(),
  status: statusSchema,
});
export type UserView = z.output<typeof userViewSchema>;

/**
 * What admin/user/copy and admin/user/init answer: a user not saved yet (id null), with the fields a
 * new user starts with; the admin form edits it and saves it with admin/user/visitor/add.
 */
export const userDraftViewSchema = z.object({
  id: z.null(),
  ...userFields,
  group: groupSchema.nullable(),
  role: roleSchema.nullable(),
  createdDateTime: z.string().nullable(),
  status: statusSchema.nullable(),
});
export type UserDraftView = z.output<typeof userDraftViewSchema>;

// The answers of the admin user calls, as the routes declare them and the web reads them.

export const userPageSchema = pageOf(userViewSchema);
/** What visitor/add and visitor/update answer: the saved user's id. */
export const userSavedSchema = envelopeOf(z.object({ id: z.number().int() }));
/** What visitor/convert answers: the organization the visitor joined. */
export const userConvertedSchema = envelopeOf(z.object({ organizationId: z.number().int() }));
/** What onetimepasscode answers: the passcode itself. */
export const oneTimePasscodeAnswerSchema = envelopeOf(z.string());
