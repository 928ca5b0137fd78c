import { z } from 'zod';
import { OrganizationType, type UserGroup } from '../codes.js';
import { messages } from '../messages.js';
import { groupsAllowedIn } from '../rules/organizations.js';
import { REMINDER_LIMITS, reminderTexts } from '../rules/reminders.js';
import { hostField, stripSpaces } from './account.js';
import { cleanName, emailPattern, refInput } from './common.js';

// The organization form's save (POST admin/organization/add and update, docs/product.md#calls): the
// organization, its users and its assessment invites in one body, and the rules of docs/product.md#rules-validation
// 'Organization' that decide whether it may be saved. The form checks them before saving and the
// server again on every save.

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters.`)
    .nullish()
    .transform((v) => v || null);

const demographicDraftSchema = z.object({
  companyMaturity: refInput.optional(),
  numberOfEmployees: refInput.optional(),
  numberOfFacilities: refInput.optional(),
  hqRegion: refInput.optional(),
  industries: z
    .array(refInput)
    .max(50)
    .nullish()
    .transform((v) => (v ?? []).filter((r): r is { id: number } => r !== null)),
  supplyChainRoles: z
    .array(refInput)
    .max(50)
    .nullish()
    .transform((v) => (v ?? []).filter((r): r is { id: number } => r !== null)),
  otherIndustry: text(200),
});

export const organizationInputSchema = z.object({
  id: z.coerce.number().int().nullish(),
  name: z
    .string()
    .max(200, 'Must be at most 200 characters.')
    .nullish()
    .transform((v) => v?.trim() ?? '')
    .refine(...cleanName),
  type: z.object({ enumValue: z.coerce.number().int() }).nullish(),
  businessType: refInput.optional(),
  state: refInput.optional(),
  demographic: demographicDraftSchema.nullish(),
  consultingFirm: refInput.optional(),
  referredBy: refInput.optional(),
  referredByOther: text(200),
  excludeFromBenchmark: z.boolean().nullish(),
  anonymizeResults: z.boolean().nullish(),
  /** Reminder settings (docs/decisions.md#insights-reminders); left out, the saved values stay. */
  remindersEnabled: z.boolean().nullish(),
  reminderEveryDays: z.coerce
    .number({ error: reminderTexts.everyDaysRange })
    .int(reminderTexts.everyDaysRange)
    .min(REMINDER_LIMITS.everyDays.min, reminderTexts.everyDaysRange)
    .max(REMINDER_LIMITS.everyDays.max, reminderTexts.everyDaysRange)
    .nullish(),
  maxReminders: z.coerce
    .number({ error: reminderTexts.maxRange })
    .int(reminderTexts.maxRange)
    .min(REMINDER_LIMITS.maxReminders.min, reminderTexts.maxRange)
    .max(REMINDER_LIMITS.maxReminders.max, reminderTexts.maxRange)
    .nullish(),
  /**
   * One row per functional role: the role's lookup id and its alias (blank = the role's own name). An
   * alias is a group's name in the API and the report, so it is clean as a name (docs/decisions.md#users-field-policy).
   */
  functionalRoleAliases: z
    .array(z.object({ id: z.coerce.number().int().positive(), alias: text(100).refine(...cleanName) }))
    .max(200)
    .nullish()
    .transform((v) => v ?? []),
  roadmap: z.object({ status: refInput.optional() }).nullish(),
});
export type OrganizationInput = z.infer<typeof organizationInputSchema>;

/** A row of the Manage Users tab; new rows have negative ids. */
export const organizationUserInputSchema = z.object({
  id: z.coerce.number().int(),
  fullName: z
    .string()
    .max(200)
    .nullish()
    .transform((v) => v?.trim() ?? '')
    .refine(...cleanName),
  userName: z
    .string()
    .max(100)
    .nullish()
    .transform((v) => stripSpaces(v ?? ''))
    .refine(...cleanName),
  email: z
    .string()
    .max(254)
    .nullish()
    .transform((v) => v?.trim() ?? ''),
  phoneNumber: text(50).refine(...cleanName),
  functionalRole: refInput.optional(),
  division: refInput.optional(),
  department: text(200).refine(...cleanName),
  group: z.object({ enumValue: z.coerce.number().int() }).nullish(),
  displayOrder: z.coerce.number().int().min(0).max(1_000_000).nullish(),
  isActive: z
    .boolean()
    .nullish()
    .transform((v) => v !== false),
});
export type OrganizationUserInput = z.infer<typeof organizationUserInputSchema>;

/** A row of an invite tab; new rows have negative ids, and so may their respondent (a new user). */
export const assessmentInviteInputSchema = z.object({
  id: z.coerce.number().int(),
  respondent: z.object({ id: z.coerce.number().int() }),
  assessment: z.object({ id: z.coerce.number().int().positive() }),
  excludeFromReport: z
    .boolean()
    .nullish()
    .transform((v) => v === true),
  sendInvite: z
    .boolean()
    .nullish()
    .transform((v) => v === true),
  isActive: z
    .boolean()
    .nullish()
    .transform((v) => v !== false),
});
export type AssessmentInviteInput = z.infer<typeof assessmentInviteInputSchema>;

export const organizationSaveSchema = z.object({
  organization: organizationInputSchema,
  users: z
    .array(organizationUserInputSchema)
    .max(1000)
    .nullish()
    .transform((v) => v ?? []),
  assessmentInvites: z
    .array(assessmentInviteInputSchema)
    .max(2000)
    .nullish()
    .transform((v) => v ?? []),
  host: hostField,
});
export type OrganizationSave = z.infer<typeof organizationSaveSchema>;

type UserRowProblems = Partial<
  Record<'fullName' | 'userName' | 'email' | 'functionalRole' | 'group', string>
>;

/**
 * What is wrong with a user row (docs/product.md#rules-validation): name, user name and group always; e-mail except
 * in manufacturers, and a valid one whenever given; a functional role for manufacturers' users.
 */
export function organizationUserProblems(
  user: OrganizationUserInput,
  organizationType: number,
): UserRowProblems {
  const problems: UserRowProblems = {};
  const required = messages.validation.required;
  if (!user.fullName) problems.fullName = required;
  if (!user.userName) problems.userName = required;
  if (user.email && !emailPattern.test(user.email)) problems.email = messages.validation.invalidEmail;
  else if (!user.email && organizationType !== OrganizationType.Manufacturer) problems.email = required;
  const group = user.group?.enumValue;
  if (group === undefined || !groupsAllowedIn(organizationType).includes(group as UserGroup))
    problems.group = required;
  if (organizationType === OrganizationType.Manufacturer && !user.functionalRole)
    problems.functionalRole = required;
  return problems;
}

type Ref = { id: number };
type CompleteDemographic = NonNullable<OrganizationInput['demographic']> &
  Record<'companyMaturity' | 'numberOfEmployees' | 'numberOfFacilities' | 'hqRegion', Ref>;

/** The demographic fields a manufacturer must have (docs/product.md#rules-validation-organization). */
export function hasRequiredDemographics(d: OrganizationInput['demographic']): d is CompleteDemographic {
  return !!(d?.companyMaturity && d.numberOfEmployees && d.numberOfFacilities && d.hqRegion);
}

/**
 * The messages that block a save, in the order of docs/product.md#rules-validation-organization. Only active users
 * and invites count; removed ones are on their way out.
 */
export function organizationProblems(save: OrganizationSave): string[] {
  const { organization: org } = save;
  const type = org.type?.enumValue;
  const m = messages.organization;
  const problems: string[] = [];
  if (!org.name) problems.push(m.nameRequired);
  if (type === undefined || !(Object.values(OrganizationType) as number[]).includes(type) || type === 99)
    problems.push(m.typeRequired);
  if (!org.businessType) problems.push(m.businessAreaRequired);
  const manufacturer = type === OrganizationType.Manufacturer;
  if (manufacturer && !org.roadmap?.status) problems.push(m.roadmapStatusRequired);
  if (manufacturer && !hasRequiredDemographics(org.demographic)) problems.push(m.demographicMissing);
  const users = save.users.filter((u) => u.isActive);
  if (type !== undefined && users.some((u) => Object.keys(organizationUserProblems(u, type)).length > 0))
    problems.push(m.userDataMissing);
  if (manufacturer && users.length > 0 && !save.assessmentInvites.some((i) => i.isActive))
    problems.push(m.inviteDataMissing);
  return problems;
}
