import { z } from 'zod';
import { UserGroup } from '../codes.js';
import { messages } from '../messages.js';
import { MIN_CERTIFICATION_YEAR, parseDateInput } from '../rules/dates.js';
import { newPasswordSchema } from './auth.js';
import { cleanName, emailPattern, refInput, requiredName, requiredText } from './common.js';

// The user form of docs/product.md#rules-validation and docs/product.md#permissions in its three modes, and the bodies of the account calls
// of section 7. The web validates its forms with these schemas and the server its requests.

export type UserFormMode = 'signup' | 'admin' | 'profile';

const ref = refInput;

const optionalText = (max = 256) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters.`)
    .nullish()
    .transform((v) => (v ? v : null));

/** Host the client names for links in e-mails; the server uses it only when the operator allows it. */
export const hostField = z.string().max(500).nullish();

/** User names never hold spaces: they are stripped as typed (docs/product.md#rules-validation). */
export const stripSpaces = (value: string) => value.replace(/\s+/g, '');

export const userInputSchema = z.object({
  id: z.coerce.number().int().nullish(),
  userName: z
    .string({ error: messages.validation.required })
    .transform(stripSpaces)
    .pipe(
      z
        .string()
        .min(1, messages.validation.required)
        .max(100, 'Must be at most 100 characters.')
        .refine(...cleanName),
    ),
  fullName: requiredName(200),
  email: z
    .string()
    .trim()
    .max(254)
    .nullish()
    .transform((v) => v ?? '')
    .refine((v) => v === '' || emailPattern.test(v), messages.validation.invalidEmail),
  phoneNumber: optionalText(50).refine(...cleanName),
  group: z.object({ enumValue: z.coerce.number().int().min(1).max(5) }).nullish(),
  functionalRole: ref.optional(),
  state: ref.optional(),
  division: ref.optional(),
  department: optionalText(200).refine(...cleanName),
  organization: z
    .object({
      id: z.coerce.number().int().nullish(),
      name: z
        .string()
        .trim()
        .max(200)
        .nullish()
        .refine(...cleanName),
      businessType: ref.optional(),
    })
    .nullish(),
  referredBy: ref.optional(),
  referredByOther: optionalText(200),
  lastCertificationDate: optionalText(30),
  certificateNumber: optionalText(100).refine(...cleanName),
  additionalInfo: optionalText(4000),
  isSuspended: z.boolean().nullish(),
  excludeFromReport: z.boolean().nullish(),
});
export type UserInput = z.infer<typeof userInputSchema>;

type Problem = { path: (string | number)[]; message: string };

const groupsWithWorkplaceFields: number[] = [
  UserGroup.ManufacturerChampion,
  UserGroup.Manufacturer,
  UserGroup.Visitor,
];

/** Whether the form shows department, functional role and division for this group (docs/product.md#permissions). */
export function showsWorkplaceFields(group: number | undefined): boolean {
  return group !== undefined && groupsWithWorkplaceFields.includes(group);
}

/** The certification date shows only for consultants, and only to admins in admin mode. */
export function showsCertificationDate(group: number | undefined, mode: UserFormMode): boolean {
  return mode === 'admin' && group === UserGroup.Consultant;
}

/** Groups a person may choose when signing up (docs/product.md#permissions). */
export const signupGroups: readonly number[] = [UserGroup.Consultant, UserGroup.ManufacturerChampion];

/** The rules of docs/product.md#rules-validation that depend on the form's mode and the user's group. */
export function userFormProblems(user: UserInput, mode: UserFormMode): Problem[] {
  const problems: Problem[] = [];
  const group = user.group?.enumValue;
  const required = (path: (string | number)[]) =>
    problems.push({ path, message: messages.validation.required });

  const emailRequired = mode !== 'profile' || group === UserGroup.Consultant || group === UserGroup.Admin;
  if (emailRequired && !user.email) required(['email']);
  if (mode === 'signup') {
    if (group === undefined) required(['group']);
    else if (!signupGroups.includes(group)) {
      problems.push({ path: ['group'], message: 'Choose Consultant or Manufacturer Champion.' });
    }
  }
  if (mode === 'admin' && group === undefined) required(['group']);
  if (mode !== 'profile') {
    if (!user.organization?.name && !user.organization?.id) required(['organization', 'name']);
    if (!user.organization?.businessType) required(['organization', 'businessType']);
  }
  if (showsWorkplaceFields(group) && !user.functionalRole) required(['functionalRole']);
  if (user.lastCertificationDate) {
    const iso = parseDateInput(user.lastCertificationDate);
    if (!iso) problems.push({ path: ['lastCertificationDate'], message: 'Invalid date.' });
    else if (Number(iso.slice(0, 4)) < MIN_CERTIFICATION_YEAR) {
      problems.push({
        path: ['lastCertificationDate'],
        message: `The date must be in ${MIN_CERTIFICATION_YEAR} or later.`,
      });
    }
  }
  return problems;
}

/** The user form's schema for one mode: the fields, then the rules of that mode. */
export function userFormSchema(mode: UserFormMode) {
  return userInputSchema.superRefine((user, ctx) => {
    for (const p of userFormProblems(user, mode))
      ctx.addIssue({ code: 'custom', path: p.path, message: p.message });
  });
}

/** POST auth/signup: the user plus the host for links. */
export const signupSchema = z.object({ user: userFormSchema('signup'), host: hostField });
export type SignupInput = z.infer<typeof signupSchema>;

/**
 * POST auth/profile/update: the signed-in user's own fields. The mode's rules depend on the user's
 * real group, which the server knows and the body must not decide, so it applies userFormProblems
 * itself with that group.
 */
export const profileUpdateSchema = userInputSchema.extend({
  /**
   * The signed-in user's current password: required when the e-mail address changes (ASVS 7.5.1),
   * ignored otherwise. A new address applies once the link mailed to it is confirmed.
   */
  currentPassword: z
    .string()
    .max(200)
    .nullish()
    .describe(
      'Required when email differs from the saved address: the current password (400 when missing or wrong). A new address waits for the link e-mailed to it; the old address is told.',
    ),
});

const passwordText = z.string().max(200).nullish();

/**
 * Register (invite) and reset bodies name the new password and its confirmation differently in
 * different clients (password, newPassword, confirmPassword): every one given must be the same, and
 * at least two must be given, so a typo cannot slip through.
 */
const settingPassword = z
  .object({
    token: requiredText(200),
    userName: z.string().transform(stripSpaces).nullish(),
    password: passwordText,
    newPassword: passwordText,
    confirmPassword: passwordText,
  })
  .superRefine((v, ctx) => {
    const given = [v.password, v.newPassword, v.confirmPassword].filter((p): p is string => !!p);
    if (given.length < 2) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: messages.validation.required });
      return;
    }
    if (given.some((p) => p !== given[0])) {
      ctx.addIssue({
        code: 'custom',
        path: ['confirmPassword'],
        message: messages.validation.passwordsDoNotMatch,
      });
      return;
    }
    const checked = newPasswordSchema.safeParse(given[0]);
    if (!checked.success) {
      ctx.addIssue({
        code: 'custom',
        path: ['password'],
        message: checked.error.issues[0]?.message ?? 'Invalid',
      });
    }
  })
  .transform((v) => ({
    token: v.token,
    userName: v.userName ?? null,
    password: (v.password || v.newPassword || v.confirmPassword) as string,
  }));

/** POST auth/register: accept an e-mailed invite by confirming the user name and setting a password. */
export const registerSchema = settingPassword.refine((v) => !!v.userName, {
  path: ['userName'],
  message: messages.validation.required,
});
/** POST auth/resetpassword: set a new password with an e-mailed reset token. */
export const resetPasswordSchema = settingPassword;
/** POST auth/resetpassword/init: check a reset token; answers with its user name. */
export const resetInitSchema = z.object({ token: requiredText(200) });
/** POST auth/register/check: is an invite token still good? The same body as a reset check. */
export const registerCheckSchema = resetInitSchema;

/** POST auth/changepassword: a signed-in user changes their password, proving the current one. */
export const changePasswordWithCurrentSchema = z
  .object({
    // Left out by a client, it is named (docs/decisions.md#trust); left empty in the form, it is 'Required' (docs/product.md#rules-validation).
    oldPassword: z
      .string({ error: messages.signIn.oldPasswordRequired })
      .min(1, messages.validation.required)
      .max(200)
      .describe('The current password: required, the change is refused without it.'),
    newPassword: newPasswordSchema,
    confirmPassword: z
      .string({ error: messages.validation.required })
      .min(1, messages.validation.required)
      .max(200),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ['confirmPassword'],
    message: messages.validation.passwordsDoNotMatch,
  });

const requiredEmail = z
  .string({ error: messages.validation.required })
  .trim()
  .min(1, messages.validation.required)
  .max(254)
  .regex(emailPattern, messages.validation.invalidEmail);

/** POST auth/forgotpassword. */
export const forgotPasswordSchema = z.object({
  userName: z
    .string({ error: messages.validation.required })
    .transform(stripSpaces)
    .pipe(z.string().min(1, messages.validation.required).max(100)),
  email: requiredEmail,
  host: hostField,
});
/** POST auth/forgotUsername. */
export const forgotUserNameSchema = z.object({ email: requiredEmail, host: hostField });

/** POST admin/user/resendinvite: (re)send the invite that lets a pending or visitor user register. */
export const resendInviteSchema = z.object({
  user: z.object({ id: z.coerce.number().int().positive() }),
  host: hostField,
});
