import { AssessmentType, OrganizationType } from '@domain/codes';
import { messages } from '@domain/messages';
import type {
  AssessmentInviteView,
  OrganizationUserView,
  OrganizationView,
} from '@domain/schemas/organizationView';
import { type ReminderFields, reminderFieldsFrom } from './reminderFields';

// The organization form's working copy (docs/product.md#screens to docs/product.md#rules-validation): the organization's fields, its user
// rows and its invite rows as edited, each row with what was loaded so changes can be told apart.
// Pure data and functions; the screen keeps one draft in state and replaces it on every edit.

/** What an id-valued select holds: a lookup or organization id, or null for '--Select One--'. */
export type Id = number | null;

export type DemographicFields = {
  companyMaturityId: Id;
  numberOfEmployeesId: Id;
  numberOfFacilitiesId: Id;
  hqRegionId: Id;
  industryIds: number[];
  supplyChainRoleIds: number[];
  otherIndustry: string;
};

/** The Referred By select: a consulting firm's id, 'other' (free text), or null. */
export type ReferredBy = number | 'other' | null;

export type OrganizationFields = {
  id: number | null;
  name: string;
  /** Null until the administrator picks a type on /admin/organization/new. */
  type: number | null;
  businessTypeId: Id;
  /** A consulting firm's HQ State, or a manufacturer's when its HQ region is North America. */
  stateId: Id;
  demographic: DemographicFields;
  consultingFirmId: Id;
  referredBy: ReferredBy;
  referredByOther: string;
  excludeFromBenchmark: boolean;
  anonymizeResults: boolean;
  /** One row per functional role; a blank alias means the role's own name. */
  aliases: { id: number; name: string; alias: string }[];
  statusId: Id;
  /** A manufacturer's reminder settings, in Report Settings. */
  reminders: ReminderFields;
};

export type UserFields = {
  fullName: string;
  userName: string;
  email: string;
  functionalRoleId: Id;
  divisionId: Id;
  department: string;
  /** The group's enum value. */
  group: number;
  /** False once removed: saved rows stay, greyed, until the save deactivates them. */
  isActive: boolean;
};

export type UserRow = UserFields & {
  /** Negative for a row added on this screen. */
  id: number;
  phoneNumber: string | null;
  displayOrder: number | null;
  /** The row as loaded; null for a new row. */
  saved: UserFields | null;
  /** Whether the person has an account (registered): their e-mail is then theirs or an admin's. */
  registered: boolean;
};

export type InviteFields = {
  excludeFromReport: boolean;
  /** Tick 'Invite': e-mail the invite when saving. */
  sendInvite: boolean;
  isActive: boolean;
};

export type RoadmapAssessment = { id: number; name: string; assessmentType: number };

export type InviteRow = InviteFields & {
  /** Negative for an invite added on this screen. */
  id: number;
  /** The invitee; a new user's negative id until the save. */
  respondent: { id: number; fullName: string; userName: string };
  assessment: RoadmapAssessment;
  /** Invited On: when the invite mail last went; null until then. */
  invitedOn: string | null;
  completedOn: string | null;
  hasResult: boolean;
  /** The result's id, for its report. */
  resultId: number | null;
  saved: InviteFields | null;
};

export type OrganizationDraft = {
  organization: OrganizationFields;
  users: UserRow[];
  invites: InviteRow[];
  /**
   * The signed-in user: their own row is kept (they may be invited) and counted, but never shown or
   * sent, since nobody deletes or edits themselves here (docs/decisions.md#organizations-own-row).
   */
  selfId: number | null;
  /** The roadmap's two assessments, which every new user of a manufacturer is invited to. */
  assessments: RoadmapAssessment[];
  /** The reminder settings as saved: the server's preview and Send reminders now follow these. */
  savedReminders: ReminderFields;
};

const idOf = (ref: { id: number } | null | undefined): Id => ref?.id ?? null;

function organizationFieldsFrom(org: OrganizationView, choosesType: boolean): OrganizationFields {
  const d = org.demographic;
  return {
    id: org.id,
    name: org.name ?? '',
    type: choosesType ? null : org.type.enumValue,
    businessTypeId: idOf(org.businessType),
    stateId: idOf(org.state),
    demographic: {
      companyMaturityId: idOf(d?.companyMaturity),
      numberOfEmployeesId: idOf(d?.numberOfEmployees),
      numberOfFacilitiesId: idOf(d?.numberOfFacilities),
      hqRegionId: idOf(d?.hqRegion),
      industryIds: (d?.industries ?? []).map((i) => i.id),
      supplyChainRoleIds: (d?.supplyChainRoles ?? []).map((i) => i.id),
      otherIndustry: d?.otherIndustry ?? '',
    },
    consultingFirmId: idOf(org.consultingFirm),
    referredBy: org.referredBy ? org.referredBy.id : org.referredByOther ? 'other' : null,
    referredByOther: org.referredByOther ?? '',
    excludeFromBenchmark: org.excludeFromBenchmark === true,
    anonymizeResults: org.anonymizeResults === true,
    aliases: (org.functionalRoleAliases ?? []).map((a) => ({ id: a.id, name: a.name, alias: a.alias ?? '' })),
    statusId: idOf(org.roadmap?.status),
    reminders: reminderFieldsFrom(org),
  };
}

function userRowFrom(user: OrganizationUserView): UserRow {
  const fields: UserFields = {
    fullName: user.fullName ?? '',
    userName: user.userName ?? '',
    email: user.email ?? '',
    functionalRoleId: idOf(user.functionalRole),
    divisionId: idOf(user.division),
    department: user.department ?? '',
    group: user.group.enumValue,
    isActive: user.isActive !== false,
  };
  return {
    ...fields,
    id: user.id,
    phoneNumber: user.phoneNumber,
    displayOrder: user.displayOrder,
    saved: fields,
    registered: !!user.registrationComplete,
  };
}

function inviteRowFrom(invite: AssessmentInviteView): InviteRow {
  const fields: InviteFields = {
    excludeFromReport: invite.excludeFromReport === true,
    sendInvite: invite.sendInvite === true,
    isActive: invite.isActive !== false,
  };
  return {
    ...fields,
    id: invite.id,
    respondent: {
      id: invite.respondent.id,
      fullName: invite.respondent.fullName,
      userName: invite.respondent.userName,
    },
    assessment: {
      id: invite.assessment.id,
      name: invite.assessment.name,
      assessmentType: invite.assessment.assessmentType,
    },
    invitedOn: invite.updatedDateTime,
    completedOn: invite.assessmentResult?.completionDateTime ?? null,
    hasResult: invite.assessmentResult != null,
    resultId: invite.assessmentResult?.id ?? null,
    saved: fields,
  };
}

function roadmapAssessmentsOf(org: OrganizationView): RoadmapAssessment[] {
  const { currentStateAssessment: current, futureStateAssessment: future } = org.roadmap ?? {};
  const assessments: RoadmapAssessment[] = [];
  if (current) assessments.push({ ...current, assessmentType: AssessmentType.CurrentState });
  if (future) assessments.push({ ...future, assessmentType: AssessmentType.FutureState });
  return assessments.map(({ id, name, assessmentType }) => ({ id, name, assessmentType }));
}

/**
 * The draft of what was loaded. Users already deactivated are gone for good and not shown; the
 * invite calls answer active invites only.
 */
export function draftFrom(loaded: {
  organization: OrganizationView;
  users: readonly OrganizationUserView[];
  invites: readonly AssessmentInviteView[];
  selfId: number | null;
  choosesType?: boolean;
}): OrganizationDraft {
  return {
    organization: organizationFieldsFrom(loaded.organization, loaded.choosesType === true),
    users: loaded.users.filter((u) => u.isActive !== false).map(userRowFrom),
    invites: loaded.invites.filter((i) => i.isActive !== false).map(inviteRowFrom),
    selfId: loaded.selfId,
    assessments: roadmapAssessmentsOf(loaded.organization),
    savedReminders: reminderFieldsFrom(loaded.organization),
  };
}

export function updateOrganization(draft: OrganizationDraft, patch: Partial<OrganizationFields>) {
  return { ...draft, organization: { ...draft.organization, ...patch } };
}

export function updateDemographic(draft: OrganizationDraft, patch: Partial<DemographicFields>) {
  const { organization } = draft;
  return updateOrganization(draft, { demographic: { ...organization.demographic, ...patch } });
}

/** A checkbox list's ids with one id ticked or unticked. */
export function toggled(ids: readonly number[], id: number, on: boolean): number[] {
  const rest = ids.filter((i) => i !== id);
  return on ? [...rest, id] : rest;
}

export function setReminders(draft: OrganizationDraft, patch: Partial<ReminderFields>) {
  return updateOrganization(draft, { reminders: { ...draft.organization.reminders, ...patch } });
}

export function setAlias(draft: OrganizationDraft, roleId: number, alias: string) {
  const aliases = draft.organization.aliases.map((a) => (a.id === roleId ? { ...a, alias } : a));
  return updateOrganization(draft, { aliases });
}

export const isManufacturer = (draft: OrganizationDraft) =>
  draft.organization.type === OrganizationType.Manufacturer;

/** The rows the Manage Users tab shows and edits: everyone but the signed-in user. */
export function shownUsers(draft: OrganizationDraft): UserRow[] {
  return draft.users.filter((u) => u.id !== draft.selfId);
}

/** The signed-in user's own row when they belong here: counted, never shown or sent. */
export function selfRow(draft: OrganizationDraft): UserRow | undefined {
  return draft.selfId === null ? undefined : draft.users.find((u) => u.id === draft.selfId);
}

/** The tab's count: every active member, the signed-in user included (docs/decisions.md#organizations-own-row). */
export function activeUserCount(draft: OrganizationDraft): number {
  return draft.users.filter((u) => u.isActive).length;
}

const userFieldKeys: readonly (keyof UserFields)[] = [
  'fullName',
  'userName',
  'email',
  'functionalRoleId',
  'divisionId',
  'department',
  'group',
  'isActive',
];
const inviteFieldKeys: readonly (keyof InviteFields)[] = ['excludeFromReport', 'sendInvite', 'isActive'];

/** New, or changed since loaded (docs/product.md#rules: modified rows get a highlight). */
export function isUserModified(row: UserRow): boolean {
  const { saved } = row;
  return saved === null || userFieldKeys.some((key) => row[key] !== saved[key]);
}

export function isInviteModified(row: InviteRow): boolean {
  const { saved } = row;
  return saved === null || inviteFieldKeys.some((key) => row[key] !== saved[key]);
}

/** The banner of docs/product.md#screens: 'Remember to save user changes.' and ' Remember to save invite(s).' */
export function reminderText(draft: OrganizationDraft): string | null {
  const m = messages.organization;
  const users = shownUsers(draft).some(isUserModified) ? m.rememberUsers : '';
  const invites = draft.invites.some(isInviteModified) ? m.rememberInvites : '';
  return `${users}${invites}`.trim() || null;
}
