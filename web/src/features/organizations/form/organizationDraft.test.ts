import { AssessmentType, OrganizationType, UserGroup } from '@domain/codes';
import { messages } from '@domain/messages';
import { describe, expect, it } from 'vitest';
import {
  addInvite,
  addUser,
  inviteCandidates,
  invitesOfType,
  markInviteSent,
  nextNewId,
  removeInvite,
  removeUser,
  respondentOf,
  setChampion,
  setType,
  updateInvite,
  updateUser,
} from './draftRows';
import {
  activeUserCount,
  draftFrom,
  isInviteModified,
  isUserModified,
  reminderText,
  selfRow,
  setAlias,
  shownUsers,
  toggled,
  updateDemographic,
  updateOrganization,
} from './organizationDraft';
import {
  blankManufacturer,
  consultingFirm,
  invite,
  lookup,
  organizationLookups,
  orgUser,
  savedManufacturer,
} from './organizationFixtures';
import { enablesOtherIndustry, saveProblems, showsHqState, toSaveBody, userProblems } from './saveBody';

const { CurrentState, FutureState } = AssessmentType;
const m = messages.organization;
const host = 'https://smr.example.org';

const ann = orgUser(31, 'Ann Lee');
const bob = orgUser(32, 'Bob Ray', {
  group: { id: 3, name: 'Champion', enumValue: UserGroup.ManufacturerChampion },
});
const self = orgUser(33, 'Sam Self');

function savedDraft() {
  return draftFrom({
    organization: savedManufacturer(),
    users: [ann, bob, self, orgUser(34, 'Gone Away', { isActive: false })],
    invites: [
      invite(71, ann, CurrentState, { updatedDateTime: '2024-03-02T10:00:00Z' }),
      invite(72, ann, FutureState),
      invite(73, bob, CurrentState, {
        assessmentResult: { id: 5, completionDateTime: '2024-04-01T10:00:00Z' },
      }),
    ],
    selfId: self.id,
  });
}

const blankDraft = () => draftFrom({ organization: blankManufacturer(), users: [], invites: [], selfId: 1 });

describe('the draft as loaded', () => {
  it('keeps active users, edits all but the signed-in user, and counts every active one', () => {
    const draft = savedDraft();
    expect(draft.users.map((u) => u.id)).toEqual([31, 32, 33]);
    expect(shownUsers(draft).map((u) => u.id)).toEqual([31, 32]);
    expect(selfRow(draft)?.id).toBe(33);
    // The signed-in user belongs here too (docs/decisions.md#organizations-own-row).
    expect(activeUserCount(draft)).toBe(3);
    expect(draft.assessments.map((a) => [a.id, a.assessmentType])).toEqual([
      [1, CurrentState],
      [2, FutureState],
    ]);
  });

  it('reads the invites: invited-on date, result, and nothing modified', () => {
    const draft = savedDraft();
    const [first, , third] = draft.invites;
    expect(first).toMatchObject({ invitedOn: '2024-03-02T10:00:00Z', hasResult: false });
    expect(third).toMatchObject({ completedOn: '2024-04-01T10:00:00Z', hasResult: true });
    expect(draft.invites.some(isInviteModified)).toBe(false);
    expect(draft.users.some(isUserModified)).toBe(false);
    expect(reminderText(draft)).toBeNull();
  });

  it('starts with no type when the administrator chooses it', () => {
    const draft = draftFrom({
      organization: blankManufacturer(),
      users: [],
      invites: [],
      selfId: null,
      choosesType: true,
    });
    expect(draft.organization.type).toBeNull();
  });

  it("selects 'other' as Referred By when only the free text was saved", () => {
    const draft = draftFrom({
      organization: savedManufacturer({ referredByOther: 'A trade show' }),
      users: [],
      invites: [],
      selfId: null,
    });
    expect(draft.organization.referredBy).toBe('other');
  });
});

describe('adding and removing users', () => {
  it('adds rows with -1, -2 in the default group, each with a current- and a future-state invite', () => {
    const draft = addUser(addUser(blankDraft()));
    expect(draft.users.map((u) => [u.id, u.group])).toEqual([
      [-1, UserGroup.Manufacturer],
      [-2, UserGroup.Manufacturer],
    ]);
    expect(draft.invites.map((i) => [i.id, i.respondent.id, i.assessment.id, i.sendInvite])).toEqual([
      [-1, -1, 1, false],
      [-2, -1, 2, false],
      [-3, -2, 1, false],
      [-4, -2, 2, false],
    ]);
    expect(reminderText(draft)).toBe(`${m.rememberUsers}${m.rememberInvites}`);
  });

  it('adds no invites for a consulting firm, and uses its group', () => {
    const draft = addUser(
      draftFrom({ organization: consultingFirm(), users: [], invites: [], selfId: null }),
    );
    expect(draft.users[0]?.group).toBe(UserGroup.Consultant);
    expect(draft.invites).toEqual([]);
  });

  it('drops a new row with its invites', () => {
    const draft = removeUser(addUser(addUser(blankDraft())), -1);
    expect(draft.users.map((u) => u.id)).toEqual([-2]);
    expect(draft.invites.map((i) => i.respondent.id)).toEqual([-2, -2]);
  });

  it('marks a saved row inactive with its open invites; invites with a result stay', () => {
    let draft = removeUser(savedDraft(), 31);
    expect(draft.users.find((u) => u.id === 31)?.isActive).toBe(false);
    expect(draft.invites.filter((i) => i.respondent.id === 31).map((i) => i.isActive)).toEqual([
      false,
      false,
    ]);
    expect(reminderText(draft)).toBe(`${m.rememberUsers}${m.rememberInvites}`);
    draft = removeUser(draft, 32);
    expect(draft.invites.find((i) => i.id === 73)?.isActive).toBe(true);
  });

  it('ticks Champion by switching the group, and tells a changed row from an unchanged one', () => {
    let draft = setChampion(savedDraft(), 31, true);
    expect(draft.users[0]?.group).toBe(UserGroup.ManufacturerChampion);
    expect(isUserModified(draft.users[0]!)).toBe(true);
    draft = setChampion(draft, 31, false);
    expect(isUserModified(draft.users[0]!)).toBe(false);
    draft = updateUser(draft, 31, { department: 'Quality Office' });
    expect(isUserModified(draft.users[0]!)).toBe(true);
    expect(reminderText(draft)).toBe(m.rememberUsers);
  });

  it("names a new user's invite after the row as typed", () => {
    let draft = addUser(blankDraft());
    draft = updateUser(draft, -1, { fullName: 'Cy New', userName: 'cy' });
    expect(respondentOf(draft, draft.invites[0]!)).toEqual({ fullName: 'Cy New', userName: 'cy' });
  });
});

describe('choosing the type of a new organization', () => {
  it('moves new users to the default group and gives or takes their invites', () => {
    let draft = draftFrom({
      organization: blankManufacturer(),
      users: [],
      invites: [],
      selfId: null,
      choosesType: true,
    });
    draft = setType(draft, OrganizationType.Manufacturer);
    draft = addUser(draft);
    expect(draft.invites).toHaveLength(2);
    draft = setType(draft, OrganizationType.Consultant);
    expect(draft.users[0]?.group).toBe(UserGroup.Consultant);
    expect(draft.invites).toEqual([]);
    draft = setType(draft, OrganizationType.Manufacturer);
    expect(draft.users[0]?.group).toBe(UserGroup.Manufacturer);
    expect(draft.invites.map((i) => [i.respondent.id, i.assessment.assessmentType])).toEqual([
      [-1, CurrentState],
      [-1, FutureState],
    ]);
  });
});

describe('invites', () => {
  it('offers active users without an active invite to the assessment, and adds one', () => {
    let draft = savedDraft();
    expect(inviteCandidates(draft, CurrentState).map((u) => u.id)).toEqual([33]);
    expect(inviteCandidates(draft, FutureState).map((u) => u.id)).toEqual([32, 33]);
    draft = addInvite(draft, 32, FutureState);
    expect(invitesOfType(draft, FutureState).map((i) => [i.id, i.respondent.id])).toEqual([
      [72, 31],
      [-1, 32],
    ]);
    expect(addInvite(draft, 32, FutureState)).toBe(draft);
  });

  it('deletes a new invite outright and turns a saved one inactive; never one with a result', () => {
    let draft = addInvite(savedDraft(), 32, FutureState);
    draft = removeInvite(draft, -1);
    expect(draft.invites.some((i) => i.id === -1)).toBe(false);
    draft = removeInvite(draft, 72);
    expect(draft.invites.find((i) => i.id === 72)?.isActive).toBe(false);
    expect(removeInvite(draft, 73)).toBe(draft);
    // Deleting frees the user for a new invite to that assessment.
    expect(inviteCandidates(draft, FutureState).map((u) => u.id)).toContain(31);
    expect(reminderText(draft)).toBe(m.rememberInvites.trim());
  });

  it('ticks Invite and Exclude From Report; a resend leaves nothing to send', () => {
    let draft = updateInvite(savedDraft(), 72, { sendInvite: true, excludeFromReport: true });
    expect(draft.invites[1]).toMatchObject({ sendInvite: true, excludeFromReport: true });
    expect(isInviteModified(draft.invites[1]!)).toBe(true);
    draft = markInviteSent(draft, 72, '2024-05-01T00:00:00Z');
    expect(draft.invites[1]).toMatchObject({ invitedOn: '2024-05-01T00:00:00Z', sendInvite: false });
  });

  it('numbers new rows below every id in use', () => {
    expect(nextNewId([])).toBe(-1);
    expect(nextNewId([{ id: 7 }, { id: -3 }])).toBe(-4);
  });
});

describe('the save body', () => {
  it('sends the organization, its users without the signed-in one, and its invites', () => {
    let draft = savedDraft();
    draft = setAlias(draft, lookup('Quality').id, 'Quality Team');
    draft = updateDemographic(draft, { supplyChainRoleIds: toggled([], lookup('Supplier').id, true) });
    const body = toSaveBody(draft, organizationLookups, host);
    expect(body.organization).toEqual({
      id: 12,
      name: 'Acme Precision Parts',
      type: { enumValue: OrganizationType.Manufacturer },
      businessType: { id: lookup('Discrete Manufacturing').id },
      state: null,
      demographic: {
        companyMaturity: { id: lookup('Established').id },
        numberOfEmployees: { id: lookup('50-99').id },
        numberOfFacilities: { id: lookup('1-2').id },
        hqRegion: { id: lookup('Europe').id },
        industries: [{ id: lookup('Automotive').id }],
        supplyChainRoles: [{ id: lookup('Supplier').id }],
        otherIndustry: null,
      },
      consultingFirm: { id: 51 },
      referredBy: null,
      referredByOther: '',
      excludeFromBenchmark: false,
      anonymizeResults: false,
      remindersEnabled: false,
      reminderEveryDays: 7,
      maxReminders: 3,
      functionalRoleAliases: [
        { id: lookup('Engineering').id, alias: '' },
        { id: lookup('Quality').id, alias: 'Quality Team' },
      ],
      roadmap: { status: { id: lookup('Pre-Assessment').id } },
    });
    expect((body.users as { id: number }[]).map((u) => u.id)).toEqual([31, 32]);
    expect((body.assessmentInvites as { id: number }[]).map((i) => i.id)).toEqual([71, 72, 73]);
    expect(body.host).toBe(host);
    expect(saveProblems(body)).toEqual([]);
  });

  it('sends the HQ State only for North America and Other Industry only with Other ticked', () => {
    let draft = updateOrganization(savedDraft(), { stateId: lookup('Ohio').id });
    draft = updateDemographic(draft, { otherIndustry: 'Boats' });
    expect(showsHqState(draft, organizationLookups)).toBe(false);
    expect(toSaveBody(draft, organizationLookups, host).organization).toMatchObject({ state: null });
    draft = updateDemographic(draft, {
      hqRegionId: lookup('North America').id,
      industryIds: [lookup('Other').id],
    });
    expect(showsHqState(draft, organizationLookups)).toBe(true);
    expect(enablesOtherIndustry(draft, organizationLookups)).toBe(true);
    expect(toSaveBody(draft, organizationLookups, host).organization).toMatchObject({
      state: { id: lookup('Ohio').id },
      demographic: { otherIndustry: 'Boats' },
    });
  });

  it('sends Referred By as a firm, or the free text without one', () => {
    let draft = updateOrganization(savedDraft(), { referredBy: 52, referredByOther: 'stale' });
    expect(toSaveBody(draft, organizationLookups, host).organization).toMatchObject({
      referredBy: { id: 52 },
      referredByOther: null,
    });
    draft = updateOrganization(draft, { referredBy: 'other', referredByOther: 'A trade show' });
    expect(toSaveBody(draft, organizationLookups, host).organization).toMatchObject({
      referredBy: null,
      referredByOther: 'A trade show',
    });
  });

  it("leaves a consulting firm's manufacturer parts out", () => {
    const draft = draftFrom({ organization: consultingFirm(), users: [], invites: [], selfId: null });
    const body = toSaveBody(draft, organizationLookups, host);
    expect(body.organization).toMatchObject({
      state: { id: lookup('Ohio').id },
      demographic: null,
      consultingFirm: null,
      roadmap: null,
      functionalRoleAliases: [],
    });
    expect(body.assessmentInvites).toEqual([]);
  });

  it('lists the problems of docs/product.md#rules-validation in order', () => {
    let draft = addUser(blankDraft());
    draft = updateOrganization(draft, { statusId: null });
    expect(saveProblems(toSaveBody(draft, organizationLookups, host))).toEqual([
      m.nameRequired,
      m.businessAreaRequired,
      m.roadmapStatusRequired,
      m.demographicMissing,
      m.userDataMissing,
    ]);
    draft = updateOrganization(draft, { type: null });
    expect(saveProblems(toSaveBody(draft, organizationLookups, host))).toContain(m.typeRequired);
  });

  it('tells each field of an invalid user row', () => {
    const draft = addUser(blankDraft());
    const row = draft.users[0]!;
    expect(userProblems(row, OrganizationType.Manufacturer)).toEqual({
      fullName: 'Required',
      userName: 'Required',
      functionalRole: 'Required',
    });
    expect(userProblems({ ...row, email: 'nope' }, OrganizationType.Consultant)).toMatchObject({
      email: 'Invalid email format',
    });
    expect(userProblems(row, null)).toEqual({});
  });
});
