import { describe, expect, it } from 'vitest';
import {
  AssessmentType,
  OrganizationType,
  type RoadmapStatusCode,
  roadmapStatusCodes,
  UserGroup,
} from '../codes.js';
import { messages } from '../messages.js';
import {
  benchmarkAvailable,
  benchmarkLabel,
  canDeleteInvite,
  canHandleUsersOf,
  defaultGroupFor,
  groupForChampion,
  hasRoadmap,
  invitesEditable,
  invitesLockedMessage,
  showsReportDownload,
} from './organizations.js';

const statuses: (RoadmapStatusCode | null)[] = [null, ...roadmapStatusCodes];
const { CurrentState: CURRENT, FutureState: FUTURE } = AssessmentType;

/** Each status with the expected answer for the current- and future-state tab: [current, future]. */
const table = (rows: Record<string, [boolean, boolean]>) =>
  statuses.map((status) => [status, ...rows[String(status)]!] as const);

describe('which organizations have a roadmap', () => {
  it('is manufacturers only: no insight view or shared link for anyone else', () => {
    expect(hasRoadmap({ type: OrganizationType.Manufacturer })).toBe(true);
    for (const type of [OrganizationType.Admin, OrganizationType.Consultant, OrganizationType.Visitor])
      expect(hasRoadmap({ type })).toBe(false);
  });
});

describe('roadmap-status gates of the organization form (docs/product.md#rules)', () => {
  it.each(
    table({
      null: [false, false],
      PreAssessment: [true, false],
      CurrentState: [true, false],
      CurrentStateReporting: [false, false],
      FutureState: [false, true],
      FutureStateReporting: [false, false],
    }),
  )('invites editable at %s: current %s, future %s', (status, current, future) => {
    expect(invitesEditable(CURRENT, status)).toBe(current);
    expect(invitesEditable(FUTURE, status)).toBe(future);
    expect(invitesEditable(AssessmentType.Trial, status)).toBe(false);
  });

  it('explains a locked tab per assessment', () => {
    expect(invitesLockedMessage(CURRENT)).toBe(messages.organization.currentInvitesLocked);
    expect(invitesLockedMessage(FUTURE)).toBe(messages.organization.futureInvitesLocked);
  });

  it.each(
    table({
      null: [false, true],
      PreAssessment: [false, true],
      CurrentState: [true, false],
      CurrentStateReporting: [true, false],
      FutureState: [true, true],
      FutureStateReporting: [true, true],
    }),
  )('report download with results at %s: current %s, future %s', (status, current, future) => {
    expect(showsReportDownload(CURRENT, status, true)).toBe(current);
    expect(showsReportDownload(FUTURE, status, true)).toBe(future);
    // Never without results.
    expect(showsReportDownload(CURRENT, status, false)).toBe(false);
    expect(showsReportDownload(FUTURE, status, false)).toBe(false);
  });

  const included = { assessmentType: CURRENT, isActive: true, hasResult: true, excludeFromReport: false };
  it.each(
    table({
      null: [false, false],
      PreAssessment: [false, false],
      CurrentState: [false, false],
      CurrentStateReporting: [true, false],
      FutureState: [true, false],
      FutureStateReporting: [true, false],
    }),
  )('benchmark at %s: for an admin %s, for a consultant %s', (status, forAdmin, forConsultant) => {
    expect(benchmarkAvailable('admin', status, [included])).toBe(forAdmin);
    expect(benchmarkAvailable('consultant', status, [included])).toBe(forConsultant);
    // Excluded, result-less, inactive or future-state invites do not count.
    for (const invite of [
      { ...included, excludeFromReport: true },
      { ...included, hasResult: false },
      { ...included, isActive: false },
      { ...included, assessmentType: FUTURE },
    ])
      expect(benchmarkAvailable('admin', status, [invite])).toBe(false);
  });

  it('labels the benchmark button by whether one exists', () => {
    expect(benchmarkLabel(false)).toBe('Generate Benchmark');
    expect(benchmarkLabel(true)).toBe('Update Benchmark');
  });

  it('deletes only active invites without a result', () => {
    expect(canDeleteInvite({ isActive: true, hasResult: false })).toBe(true);
    expect(canDeleteInvite({ isActive: true, hasResult: true })).toBe(false);
    expect(canDeleteInvite({ isActive: false, hasResult: false })).toBe(false);
  });
});

describe('user rows of the organization form (docs/product.md#codes and docs/product.md#rules-validation)', () => {
  it('starts new users in the default group of the organization type', () => {
    expect(defaultGroupFor(OrganizationType.Manufacturer)).toBe(UserGroup.Manufacturer);
    expect(defaultGroupFor(OrganizationType.Admin)).toBe(UserGroup.Admin);
    expect(defaultGroupFor(OrganizationType.Consultant)).toBe(UserGroup.Consultant);
    expect(groupForChampion(true)).toBe(UserGroup.ManufacturerChampion);
    expect(groupForChampion(false)).toBe(UserGroup.Manufacturer);
  });

  it("handles manufacturers' and admin organizations' users, and consulting firms' only for admins", () => {
    for (const role of ['admin', 'consultant', 'manufacturer-champion'] as const) {
      expect(canHandleUsersOf(role, OrganizationType.Manufacturer)).toBe(true);
      expect(canHandleUsersOf(role, OrganizationType.Admin)).toBe(true);
      expect(canHandleUsersOf(role, OrganizationType.Consultant)).toBe(role === 'admin');
    }
  });
});
