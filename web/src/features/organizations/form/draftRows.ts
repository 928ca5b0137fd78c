import { OrganizationType } from '@domain/codes';
import { canDeleteInvite, defaultGroupFor, groupForChampion, isNewRow } from '@domain/rules/organizations';
import {
  type InviteFields,
  type InviteRow,
  isManufacturer,
  type OrganizationDraft,
  type RoadmapAssessment,
  type UserFields,
  type UserRow,
} from './organizationDraft';

// The row edits of the Manage Users and invite tabs (docs/product.md#rules): new rows take the next
// negative id; removing a new row drops it, removing a saved one marks it inactive until the save.

/** -1, then -2...: below every id in use. */
export function nextNewId(rows: readonly { id: number }[]): number {
  return rows.reduce((min, row) => Math.min(min, row.id), 0) - 1;
}

function newInvite(
  draft: OrganizationDraft,
  respondent: InviteRow['respondent'],
  assessment: RoadmapAssessment,
): InviteRow {
  return {
    id: nextNewId(draft.invites),
    respondent,
    assessment,
    excludeFromReport: false,
    sendInvite: false,
    isActive: true,
    invitedOn: null,
    completedOn: null,
    hasResult: false,
    resultId: null,
    saved: null,
  };
}

/** Invites the user to each roadmap assessment (a manufacturer's new user: current and future state). */
function withInvitesFor(draft: OrganizationDraft, user: UserRow): OrganizationDraft {
  let next = draft;
  for (const assessment of draft.assessments) {
    const respondent = { id: user.id, fullName: user.fullName, userName: user.userName };
    next = { ...next, invites: [...next.invites, newInvite(next, respondent, assessment)] };
  }
  return next;
}

/** A blank row in the organization type's default group; a manufacturer's comes with its two invites. */
export function addUser(draft: OrganizationDraft): OrganizationDraft {
  const type = draft.organization.type ?? OrganizationType.Manufacturer;
  const user: UserRow = {
    id: nextNewId(draft.users),
    fullName: '',
    userName: '',
    email: '',
    functionalRoleId: null,
    divisionId: null,
    department: '',
    group: defaultGroupFor(type),
    isActive: true,
    phoneNumber: null,
    displayOrder: null,
    saved: null,
    registered: false,
  };
  const next = { ...draft, users: [...draft.users, user] };
  return isManufacturer(draft) ? withInvitesFor(next, user) : next;
}

export function updateUser(draft: OrganizationDraft, id: number, patch: Partial<UserFields>) {
  return { ...draft, users: draft.users.map((u) => (u.id === id ? { ...u, ...patch } : u)) };
}

/** The Champion checkbox: manufacturer champion or plain manufacturer (docs/product.md#permissions). */
export function setChampion(draft: OrganizationDraft, id: number, isChampion: boolean) {
  return updateUser(draft, id, { group: groupForChampion(isChampion) });
}

/**
 * A new row goes, with its new invites; a saved one turns inactive, and so do its active invites
 * without a result (the save deactivates them with the user). Its new invites go.
 */
export function removeUser(draft: OrganizationDraft, id: number): OrganizationDraft {
  const invites = draft.invites
    .filter((i) => !(i.respondent.id === id && isNewRow(i.id)))
    .map((i) => (i.respondent.id === id && canDeleteInvite(i) ? { ...i, isActive: false } : i));
  if (isNewRow(id)) return { ...draft, users: draft.users.filter((u) => u.id !== id), invites };
  return { ...updateUser(draft, id, { isActive: false }), invites };
}

/**
 * The type chosen on /admin/organization/new: new users take its default group, and their invites
 * follow (a manufacturer's users are invited, other organizations have no invites).
 */
export function setType(draft: OrganizationDraft, type: number | null): OrganizationDraft {
  let next: OrganizationDraft = {
    ...draft,
    organization: { ...draft.organization, type },
    users: draft.users.map((u) =>
      isNewRow(u.id) ? { ...u, group: defaultGroupFor(type ?? OrganizationType.Manufacturer) } : u,
    ),
    invites: draft.invites.filter((i) => !(isNewRow(i.id) && isNewRow(i.respondent.id))),
  };
  if (isManufacturer(next)) {
    for (const user of next.users.filter((u) => isNewRow(u.id) && u.isActive)) {
      next = withInvitesFor(next, user);
    }
  }
  return next;
}

export function invitesOfType(draft: OrganizationDraft, assessmentType: number): InviteRow[] {
  return draft.invites.filter((i) => i.assessment.assessmentType === assessmentType);
}

/** The invitee as shown: a user's row as edited (a new user's name is typed after the invite exists). */
export function respondentOf(draft: OrganizationDraft, invite: InviteRow) {
  const user = draft.users.find((u) => u.id === invite.respondent.id);
  return user ? { fullName: user.fullName, userName: user.userName } : invite.respondent;
}

/** Active users without an active invite to this assessment: whom 'Add Invite' offers. */
export function inviteCandidates(draft: OrganizationDraft, assessmentType: number): UserRow[] {
  const invited = new Set(
    invitesOfType(draft, assessmentType)
      .filter((i) => i.isActive)
      .map((i) => i.respondent.id),
  );
  return draft.users.filter((u) => u.isActive && !invited.has(u.id));
}

export function addInvite(draft: OrganizationDraft, userId: number, assessmentType: number) {
  const user = draft.users.find((u) => u.id === userId);
  const assessment = draft.assessments.find((a) => a.assessmentType === assessmentType);
  if (!user || !assessment || !inviteCandidates(draft, assessmentType).includes(user)) return draft;
  const respondent = { id: user.id, fullName: user.fullName, userName: user.userName };
  return { ...draft, invites: [...draft.invites, newInvite(draft, respondent, assessment)] };
}

export function updateInvite(
  draft: OrganizationDraft,
  id: number,
  patch: Partial<Pick<InviteFields, 'excludeFromReport' | 'sendInvite'>>,
) {
  return { ...draft, invites: draft.invites.map((i) => (i.id === id ? { ...i, ...patch } : i)) };
}

/** Only active invites without a result: a new one goes, a saved one turns inactive until the save. */
export function removeInvite(draft: OrganizationDraft, id: number): OrganizationDraft {
  const invite = draft.invites.find((i) => i.id === id);
  if (!invite || !canDeleteInvite(invite)) return draft;
  if (isNewRow(id)) return { ...draft, invites: draft.invites.filter((i) => i.id !== id) };
  return { ...draft, invites: draft.invites.map((i) => (i.id === id ? { ...i, isActive: false } : i)) };
}

/** Resend Invite went out: the row shows its new Invited On date and has nothing left to send. */
export function markInviteSent(draft: OrganizationDraft, id: number, when: string): OrganizationDraft {
  const invites = draft.invites.map((i) =>
    i.id === id
      ? { ...i, invitedOn: when, sendInvite: false, saved: i.saved && { ...i.saved, sendInvite: false } }
      : i,
  );
  return { ...draft, invites };
}
