import { AssessmentType, OrganizationType, type RoadmapStatusCode, UserGroup } from '../codes.js';
import { messages } from '../messages.js';
import type { Role } from './roles.js';

// The gates of docs/product.md#rules that hang on a manufacturer's roadmap status, and the user-row rules
// of the organization form. The server enforces them on save; the form shows and hides with them.

type Status = RoadmapStatusCode | null | undefined;

/**
 * Only manufacturers have a roadmap, and with it results to compare: the insight views (role alignment,
 * progress, peers) and shared roadmap links exist for them alone.
 */
export function hasRoadmap(org: { type: number }): boolean {
  return org.type === OrganizationType.Manufacturer;
}

/** The assessments an organization form invites to: a tab each. */
export const invitedAssessmentTypes = [AssessmentType.CurrentState, AssessmentType.FutureState] as const;
export type InvitedAssessmentType = (typeof invitedAssessmentTypes)[number];

/**
 * Whether the invites of an assessment may be added, changed or deleted: current-state invites while
 * the roadmap is at pre-assessment or current state, future-state invites only at future state.
 */
export function invitesEditable(assessmentType: number, status: Status): boolean {
  if (assessmentType === AssessmentType.CurrentState)
    return status === 'PreAssessment' || status === 'CurrentState';
  if (assessmentType === AssessmentType.FutureState) return status === 'FutureState';
  return false;
}

/** What the invite tab says when its invites cannot be edited at this status. */
export function invitesLockedMessage(assessmentType: number): string {
  return assessmentType === AssessmentType.FutureState
    ? messages.organization.futureInvitesLocked
    : messages.organization.currentInvitesLocked;
}

/**
 * Whether an invite tab offers its Download Report button: the current-state report unless the roadmap
 * is at pre-assessment (or has no status), the future-state report unless it is at current state or
 * current-state reporting; never without results.
 */
export function showsReportDownload(assessmentType: number, status: Status, hasResults: boolean): boolean {
  if (!hasResults) return false;
  if (assessmentType === AssessmentType.CurrentState) return status != null && status !== 'PreAssessment';
  if (assessmentType === AssessmentType.FutureState)
    return status !== 'CurrentState' && status !== 'CurrentStateReporting';
  return false;
}

export type InviteState = {
  assessmentType: number;
  isActive: boolean;
  hasResult: boolean;
  excludeFromReport: boolean;
};

/**
 * Whether an invite's answers go into the organization's report of an assessment (and, for the current
 * state, into its benchmark): an active invite, completed, and not excluded from the report.
 */
export function countsInReport(invite: InviteState, assessmentType: number): boolean {
  return (
    invite.assessmentType === assessmentType &&
    invite.isActive &&
    invite.hasResult &&
    !invite.excludeFromReport
  );
}

const benchmarkStatuses: readonly RoadmapStatusCode[] = [
  'CurrentStateReporting',
  'FutureState',
  'FutureStateReporting',
];

/**
 * Whether Generate/Update Benchmark is offered: to admins, from current-state reporting on, once at
 * least one current-state invite has a result that is not excluded from the report.
 */
export function benchmarkAvailable(role: Role | undefined, status: Status, invites: readonly InviteState[]) {
  if (role !== 'admin' || status == null || !benchmarkStatuses.includes(status)) return false;
  return invites.some((i) => countsInReport(i, AssessmentType.CurrentState));
}

export function benchmarkLabel(hasBenchmark: boolean): string {
  return hasBenchmark ? 'Update Benchmark' : 'Generate Benchmark';
}

/** Only active invites without a result may be deleted (an unsaved one goes, a saved one turns inactive). */
export function canDeleteInvite(invite: { isActive: boolean; hasResult: boolean }): boolean {
  return invite.isActive && !invite.hasResult;
}

/** New, unsaved users and invites carry negative ids until the save gives them real ones. */
export function isNewRow(id: number): boolean {
  return id < 0;
}

/** The group a new user of an organization type starts in (docs/product.md#codes). */
export function defaultGroupFor(organizationType: number): UserGroup {
  if (organizationType === OrganizationType.Admin) return UserGroup.Admin;
  if (organizationType === OrganizationType.Consultant) return UserGroup.Consultant;
  return UserGroup.Manufacturer;
}

/** The champion checkbox of a manufacturer's user row switches between the two manufacturer groups. */
export function groupForChampion(isChampion: boolean): UserGroup {
  return isChampion ? UserGroup.ManufacturerChampion : UserGroup.Manufacturer;
}

/** The groups a user row of each organization type may hold. */
export function groupsAllowedIn(organizationType: number): readonly UserGroup[] {
  if (organizationType === OrganizationType.Manufacturer)
    return [UserGroup.Manufacturer, UserGroup.ManufacturerChampion];
  return [defaultGroupFor(organizationType)];
}

/**
 * Whether the role may handle the users of an organization of this type (docs/product.md#rules-validation):
 * manufacturers' and admin organizations' users, and consulting firms' users only for admins.
 */
export function canHandleUsersOf(role: Role | undefined, organizationType: number): boolean {
  if (organizationType === OrganizationType.Manufacturer || organizationType === OrganizationType.Admin)
    return true;
  return organizationType === OrganizationType.Consultant && role === 'admin';
}

/** 'Manage Roadmap' and the manufacturer form's Cancel lead home for a champion, else to the type's list. */
export function cancelTargetIsHome(role: Role | undefined): boolean {
  return role === 'manufacturer-champion';
}
