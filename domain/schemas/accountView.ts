import { z } from 'zod';
import { envelopeOf } from './answers.js';
import { lookupRefSchema } from './lookup.js';
import { userViewSchema } from './user.js';

// What the account calls answer (docs/product.md#calls): the signed-in user's profile, a reset link's
// account, and the organization pickers of the sign-up and user forms.

/**
 * The signed-in user (auth/profile, auth/profile/update, the user of a session): the same view as the
 * admin user calls answer. The person sees their own last login (and a consultant their
 * certification); an administrator also sees the admin-only fields, absent for everyone else.
 */
export const profileView = userViewSchema;
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
