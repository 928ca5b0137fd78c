import { z } from 'zod';
import { groupCodes } from '../codes.js';
import { envelopeOf } from './answers.js';
import { lookupRefSchema } from './lookup.js';

// What the account calls answer (docs/product.md#calls): the signed-in user's profile, a reset link's
// account, and the organization pickers of the sign-up and user forms.

/**
 * The signed-in user (auth/profile, auth/profile/update, the user of a session). The person sees their
 * own last login (and a consultant their certification); an administrator also sees the admin-only
 * fields (docs/product.md#permissions), absent for everyone else.
 */
export const profileView = z.object({
  id: z.number().int(),
  userName: z.string(),
  fullName: z.string(),
  email: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  group: z.object({ id: z.number().int(), name: z.string(), code: z.string(), enumValue: z.number().int() }),
  role: z.enum(groupCodes),
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
  lastLogin: z.string().nullable().optional(),
  createdDateTime: z.string(),
  status: z.object({ enumValue: z.number().int(), name: z.string() }),
  registrationComplete: z.string().nullable(),
  approvalInviteDate: z.string().nullable(),
  lastCertificationDate: z.string().nullable().optional(),
  certificateNumber: z.string().nullable().optional(),
  isSuspended: z.boolean().optional(),
  additionalInfo: z.string().nullable().optional(),
  excludeFromReport: z.boolean().optional(),
  referredBy: z.object({ id: z.number().int(), name: z.string() }).nullable().optional(),
  referredByOther: z.string().nullable().optional(),
  selfSignUp: z.boolean().optional(),
});
export type ProfileView = z.output<typeof profileView>;
/** What auth/profile/update answers: the saved profile. */
export const profileEnvelope = envelopeOf(profileView);

/** What auth/resetpassword/init answers for a good link: the account's user name. */
export const resetLinkEnvelope = envelopeOf(z.object({ userName: z.string() }));

/** A consulting firm as the public picker lists it (GET organization/consultingfirms). */
export const consultingFirmOptionView = z.object({
  id: z.number().int(),
  name: z.string(),
  state: lookupRefSchema.nullable(),
});
export type ConsultingFirmOption = z.output<typeof consultingFirmOptionView>;

/** An organization as the admin picker lists it (GET admin/organization/all). */
export const organizationOptionView = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.object({ enumValue: z.number().int(), name: z.string() }),
  isActive: z.boolean(),
});
export type OrganizationOption = z.output<typeof organizationOptionView>;
