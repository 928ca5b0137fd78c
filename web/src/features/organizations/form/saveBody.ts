import { OrganizationType } from '@domain/codes';
import { messages } from '@domain/messages';
import { reminderTexts } from '@domain/rules/reminders';
import { asksForOtherIndustry, asksForState } from '@domain/schemas/organization';
import {
  organizationProblems,
  organizationSaveSchema,
  organizationUserInputSchema,
  organizationUserProblems,
} from '@domain/schemas/organizationForm';
import type { LookupItem } from '@web/api/lookups';
import type { OrganizationSaveBody } from '@web/api/organizationForm';
import type { Id, InviteRow, OrganizationDraft, UserRow } from './organizationDraft';
import { reminderInput } from './reminderFields';

// The body of admin/organization/add and update, built from the draft, and the checks of docs/product.md#rules-validation
// that run on it before anything is sent.

const ref = (id: Id) => (id !== null && id > 0 ? { id } : null);

type Codes = (id: Id) => string | null;
const codesFrom =
  (lookups: readonly LookupItem[] | undefined): Codes =>
  (id) =>
    lookups?.find((item) => item.id === id)?.code ?? null;

/** Whether the manufacturer's HQ State is asked: only for a North American headquarters. */
export function showsHqState(draft: OrganizationDraft, lookups: readonly LookupItem[] | undefined) {
  return asksForState(codesFrom(lookups)(draft.organization.demographic.hqRegionId));
}

/** Whether the Other Industry box is enabled: only with the 'other' industry ticked. */
export function enablesOtherIndustry(draft: OrganizationDraft, lookups: readonly LookupItem[] | undefined) {
  return asksForOtherIndustry(draft.organization.demographic.industryIds.map(codesFrom(lookups)));
}

function userInput(row: UserRow) {
  return {
    id: row.id,
    fullName: row.fullName,
    userName: row.userName,
    email: row.email,
    phoneNumber: row.phoneNumber,
    functionalRole: ref(row.functionalRoleId),
    division: ref(row.divisionId),
    department: row.department,
    group: { enumValue: row.group },
    displayOrder: row.displayOrder,
    isActive: row.isActive,
  };
}

function inviteInput(row: InviteRow) {
  return {
    id: row.id,
    respondent: { id: row.respondent.id },
    assessment: { id: row.assessment.id },
    excludeFromReport: row.excludeFromReport,
    sendInvite: row.sendInvite,
    isActive: row.isActive,
  };
}

/**
 * The save body: what the screen shows, in organizationSaveSchema's input shape. The manufacturer's
 * parts (demographics, consulting firm, roadmap, aliases, invites) go only for manufacturers; a hidden
 * HQ State or a disabled Other Industry box is not sent; the signed-in user's own row is not sent.
 */
export function toSaveBody(
  draft: OrganizationDraft,
  lookups: readonly LookupItem[] | undefined,
  host: string,
): OrganizationSaveBody {
  const org = draft.organization;
  const d = org.demographic;
  const manufacturer = org.type === OrganizationType.Manufacturer;
  const firm = typeof org.referredBy === 'number' ? org.referredBy : null;
  return {
    organization: {
      id: org.id,
      name: org.name,
      type: org.type === null ? null : { enumValue: org.type },
      businessType: ref(org.businessTypeId),
      state: manufacturer && !showsHqState(draft, lookups) ? null : ref(org.stateId),
      demographic: manufacturer
        ? {
            companyMaturity: ref(d.companyMaturityId),
            numberOfEmployees: ref(d.numberOfEmployeesId),
            numberOfFacilities: ref(d.numberOfFacilitiesId),
            hqRegion: ref(d.hqRegionId),
            industries: d.industryIds.map((id) => ({ id })),
            supplyChainRoles: d.supplyChainRoleIds.map((id) => ({ id })),
            otherIndustry: enablesOtherIndustry(draft, lookups) ? d.otherIndustry : null,
          }
        : null,
      consultingFirm: manufacturer ? ref(org.consultingFirmId) : null,
      referredBy: ref(firm),
      // The free text stands only while no firm is chosen.
      referredByOther: firm === null ? org.referredByOther : null,
      excludeFromBenchmark: org.excludeFromBenchmark,
      anonymizeResults: org.anonymizeResults,
      // Only a manufacturer has invites to remind; left out, the saved settings stay.
      ...(manufacturer ? reminderInput(org.reminders) : {}),
      functionalRoleAliases: manufacturer ? org.aliases.map((a) => ({ id: a.id, alias: a.alias })) : [],
      roadmap: manufacturer ? { status: ref(org.statusId) } : null,
    },
    users: draft.users.filter((u) => u.id !== draft.selfId).map(userInput),
    assessmentInvites: manufacturer ? draft.invites.map(inviteInput) : [],
    host,
  };
}

/** The messages that block the save (docs/product.md#rules-validation-organization), in order; none = send it. */
export function saveProblems(body: OrganizationSaveBody): string[] {
  const parsed = organizationSaveSchema.safeParse(body);
  if (!parsed.success) return [...new Set(parsed.error.issues.map((issue) => issue.message))];
  return organizationProblems(parsed.data);
}

/** The organization's own fields that a blocking message names, with that message under each. */
export type FieldProblems = Partial<
  Record<'name' | 'type' | 'businessType' | 'status' | 'reminderEveryDays' | 'maxReminders', string>
>;

export function fieldProblemsOf(problems: readonly string[]): FieldProblems {
  const m = messages.organization;
  const named = (message: string) => (problems.includes(message) ? message : undefined);
  return {
    name: named(m.nameRequired),
    type: named(m.typeRequired),
    businessType: named(m.businessAreaRequired),
    status: named(m.roadmapStatusRequired),
    reminderEveryDays: named(reminderTexts.everyDaysRange),
    maxReminders: named(reminderTexts.maxRange),
  };
}

export type UserProblems = ReturnType<typeof organizationUserProblems>;

/** What is wrong with one user row, field by field (shown in the row once a save was tried). */
export function userProblems(row: UserRow, organizationType: number | null): UserProblems {
  if (organizationType === null) return {};
  const parsed = organizationUserInputSchema.safeParse(userInput(row));
  if (!parsed.success) {
    const problems: Record<string, string> = {};
    for (const issue of parsed.error.issues) problems[String(issue.path[0])] ??= issue.message;
    return problems as UserProblems;
  }
  return organizationUserProblems(parsed.data, organizationType);
}

export const hasProblems = (problems: UserProblems) => Object.keys(problems).length > 0;
