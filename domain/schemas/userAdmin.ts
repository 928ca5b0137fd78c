import { z } from 'zod';
import { inviteSortColumns, userSortColumns } from '../rules/userLists.js';
import { hostField, userFormSchema, userInputSchema } from './account.js';
import { listSearchSchema, listSortSchemaOf, refInput } from './common.js';

// Bodies of the admin user and admin invite calls of docs/product.md#calls ('Admin users', 'Admin
// organizations, invites'). The server validates requests with them; the web builds them.

/** A free-form flag: true/false, 'true'/'false', 1/0; blank or 'null' means not given. */
const optionalFlag = z.preprocess((v) => {
  if (v === '' || v === 'null') return null;
  if (typeof v === 'string') return /^(true|1)$/i.test(v) ? true : /^(false|0)$/i.test(v) ? false : v;
  return typeof v === 'number' ? v !== 0 : v;
}, z.boolean().nullish());
const enumValue = (max: number) =>
  z.preprocess(
    (v) => (v && typeof v === 'object' && 'enumValue' in v ? (v as { enumValue: unknown }).enumValue : v),
    z.coerce.number().int().min(1).max(max).nullish(),
  );

/** admin/user/search[/{status}], search/inactive, search/suspended, consultant/expiredcertification. */
/** The optional order of a user list: a column of userSortColumns and a direction. */
export const userSortSchema = listSortSchemaOf(userSortColumns);

export const userSearchSchema = listSearchSchema.extend({
  /** The order; by full name, A to Z, without it. */
  sort: userSortSchema.nullish(),
  /** A group's enum value (docs/product.md#codes); search/bygroup needs it, the others may narrow by it. */
  userGroup: enumValue(5),
});
export type UserSearch = z.infer<typeof userSearchSchema>;

/** admin/user/search/bygroup: userGroup is required. */
export const userGroupSearchSchema = userSearchSchema.extend({
  userGroup: z.preprocess(
    (v) => (v && typeof v === 'object' && 'enumValue' in v ? (v as { enumValue: unknown }).enumValue : v),
    z.coerce.number({ error: 'userGroup is required.' }).int().min(1).max(5),
  ),
});

/** admin/assessmentinvite/search and download. */
export const inviteSearchSchema = listSearchSchema.extend({
  isComplete: optionalFlag,
  /** 1 current state, 2 future state, 3 trial. */
  assessmentType: enumValue(3),
  /** Only invites of manufacturers that no consulting firm works with. */
  unassigned: optionalFlag,
  /** The order; newest invite first without it. */
  sort: listSortSchemaOf(inviteSortColumns).nullish(),
});
export type InviteSearch = z.infer<typeof inviteSearchSchema>;

/** A body that is the user itself or `{ user }` (clients send either for visitor/update). */
const userOrWrapped = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => {
    if (v && typeof v === 'object' && 'user' in v && typeof (v as { user: unknown }).user === 'object')
      return (v as { user: unknown }).user;
    return v;
  }, schema);

/** The admin user form's fields plus the status switches only administrators set. */
export const adminUserSchema = userFormSchema('admin').and(z.object({ isActive: z.boolean().nullish() }));
export type AdminUserInput = z.infer<typeof adminUserSchema>;

/**
 * admin/user/visitor/add: a new user of any group (the admin 'Add User' screen), optionally invited
 * to an assessment, and e-mailed the invite to set a password when sendInvite is true (the Invite button).
 */
export const adminUserAddSchema = z.object({
  user: adminUserSchema,
  assessment: z
    .object({ id: z.coerce.number().int().positive().nullish(), code: z.string().max(100).nullish() })
    .nullish(),
  sendInvite: z.boolean().nullish(),
  host: hostField,
});

/** admin/user/visitor/update: the user (bare or as `{ user }`). */
export const adminUserUpdateSchema = userOrWrapped(
  adminUserSchema.and(z.object({ id: z.coerce.number().int().positive() })),
);

/**
 * admin/user/visitor/convert: id, functionalRole, organization, email, referredBy, consultingFirm,
 * referredByOther, host (docs/product.md#rules-conversion). The organization's type decides what the
 * visitor becomes: a consulting firm makes a consultant, a manufacturer a manufacturer user.
 */
export const conversionSchema = z.object({
  id: z.coerce.number().int().positive(),
  organization: z.preprocess(
    (v) => (v && typeof v === 'object' && Number((v as { id?: unknown }).id) > 0 ? v : undefined),
    z.object({ id: z.coerce.number().int().positive() }, { error: 'Choose the organization.' }),
  ),
  functionalRole: refInput.optional(),
  email: z
    .string()
    .trim()
    .max(254)
    .nullish()
    .transform((v) => v || null),
  referredBy: refInput.optional(),
  referredByOther: z
    .string()
    .trim()
    .max(200)
    .nullish()
    .transform((v) => v || null),
  /** Manufacturers only: the firm that will work with the manufacturer. */
  consultingFirm: refInput.optional(),
  host: hostField,
});
export type ConversionInput = z.infer<typeof conversionSchema>;

/** admin/user/onetimepasscode: the user. */
export const oneTimePasscodeSchema = z.object({
  user: z.object({ id: z.coerce.number().int().positive() }),
});

export { userInputSchema };
