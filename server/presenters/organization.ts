import {
  groupNames,
  OrganizationType,
  organizationTypeNames,
  type RoadmapStatusCode,
  type UserGroup,
} from '../../domain/codes.js';
import { type ResultViewer, resultsHiddenFrom } from '../../domain/policies/results.js';
import type {
  AdminAssessmentInviteView,
  AssessmentInviteView,
  DemographicView,
  OrganizationListRow,
  OrganizationUserView,
  OrganizationView,
  Ref,
} from '../../domain/schemas/organizationView.js';
import type {
  AdminInviteRow,
  AssessmentInviteRow,
  OrganizationDetailRow,
  UserDetailRow,
} from '../db/rows.js';
import { bool, lookupRef } from './common.js';

const typeOf = (type: number) => ({
  enumValue: type,
  name: organizationTypeNames[type as Exclude<OrganizationType, 99>] ?? '',
});

type RoadmapAssessment = { id: number; name: string; code: string } | null;

/** The roadmap status of a detail row, or null without one. */
const statusOf = (row: OrganizationDetailRow) =>
  row.roadmapStatusId != null && row.roadmapStatusName != null
    ? {
        id: row.roadmapStatusId,
        name: row.roadmapStatusName,
        code: row.roadmapStatusCode as RoadmapStatusCode,
      }
    : null;

/** The consulting firm a detail row names, or null. */
const firmOf = (row: OrganizationDetailRow) =>
  row.consultingFirmId != null && row.consultingFirmName != null
    ? { id: row.consultingFirmId, name: row.consultingFirmName }
    : null;

/** A single organization as its form shows it (docs/product.md#codes-entities). */
export function presentOrganization(
  row: OrganizationDetailRow,
  extra: {
    demographic: DemographicView | null;
    aliases: { id: number; name: string; alias: string | null }[];
    assessments: { current: RoadmapAssessment; future: RoadmapAssessment };
  },
): OrganizationView {
  const pick = (a: RoadmapAssessment) => (a ? { id: a.id, name: a.name, code: a.code } : null);
  const firm = firmOf(row);
  return {
    id: row.id,
    name: row.name,
    originalName: row.originalName,
    type: typeOf(row.type),
    businessType: lookupRef(row.businessTypeId, row.businessTypeName, row.businessTypeCode),
    state: lookupRef(row.stateId, row.stateName, row.stateCode),
    demographic: extra.demographic,
    consultingFirm: firm
      ? {
          ...firm,
          state: lookupRef(
            row.consultingFirmStateId,
            row.consultingFirmStateName,
            row.consultingFirmStateCode,
          ),
        }
      : null,
    referredBy: lookupRef(row.referredById, row.referredByName),
    referredByOther: row.referredByOther,
    excludeFromBenchmark: bool(row.excludeFromBenchmark),
    anonymizeResults: bool(row.anonymizeResults),
    remindersEnabled: bool(row.remindersEnabled),
    reminderEveryDays: row.reminderEveryDays,
    maxReminders: row.maxReminders,
    functionalRoleAliases: extra.aliases,
    roadmap:
      row.roadmapId == null
        ? null
        : {
            status: statusOf(row),
            benchmark: row.benchmarkId != null ? { id: row.benchmarkId } : null,
            currentStateAssessment: pick(extra.assessments.current),
            futureStateAssessment: pick(extra.assessments.future),
          },
    isActive: bool(row.isActive),
    legacyId: row.legacyId,
  };
}

/**
 * A row of the organization lists. Consulting firms' names carry their state, manufacturers' their
 * state or else their HQ region (docs/product.md#screens-organization-list).
 */
export function presentOrganizationListRow(row: OrganizationDetailRow): OrganizationListRow {
  const suffix =
    row.type === OrganizationType.Consultant
      ? row.stateName
      : row.type === OrganizationType.Manufacturer
        ? (row.stateName ?? row.hqRegionName)
        : null;
  return {
    id: row.id,
    displayName: suffix ? `${row.name} (${suffix})` : row.name,
    name: row.name,
    type: typeOf(row.type),
    businessType: lookupRef(row.businessTypeId, row.businessTypeName, row.businessTypeCode),
    state: lookupRef(row.stateId, row.stateName, row.stateCode),
    hqRegion: lookupRef(row.hqRegionId, row.hqRegionName, row.hqRegionCode),
    consultingFirm: firmOf(row),
    roadmapStatus: statusOf(row),
    benchmarkCreated: row.benchmarkId != null,
    isActive: bool(row.isActive),
  };
}

/** A row of the Manage Users tab (docs/product.md#codes-entities). */
export function presentOrganizationUser(row: UserDetailRow): OrganizationUserView {
  const group = row.userGroup as UserGroup;
  return {
    id: row.id,
    fullName: row.fullName,
    userName: row.userName,
    email: row.email,
    phoneNumber: row.phoneNumber,
    displayOrder: row.displayOrder,
    isActive: bool(row.isActive),
    organization: { id: row.organizationId ?? 0, name: row.organizationName ?? '' },
    functionalRole: lookupRef(row.functionalRoleId, row.functionalRoleName, row.functionalRoleCode),
    department: row.department,
    division: lookupRef(row.divisionId, row.divisionName, row.divisionCode),
    group: { id: row.groupId ?? group, name: row.groupName ?? groupNames[group], enumValue: group },
    registrationComplete: row.registrationComplete,
    createdDateTime: row.createdAt,
    modifiedDateTime: row.updatedAt,
  };
}

/**
 * A row of an invite tab (docs/product.md#codes-entities). Under Anonymize Results a
 * viewer other than an admin and the invitee learns whether the invite was completed and when, never
 * which result it is (domain/policies/results.ts resultsHiddenFrom): the row names the invitee.
 */
export function presentAssessmentInvite(
  row: AssessmentInviteRow,
  viewer: ResultViewer,
): AssessmentInviteView {
  const hidden = resultsHiddenFrom(viewer, {
    userId: row.respondentId,
    anonymized: row.organizationAnonymized === 1,
  });
  const firm: Ref | null =
    row.consultingFirmId != null && row.consultingFirmName != null
      ? { id: row.consultingFirmId, name: row.consultingFirmName }
      : null;
  return {
    id: row.id,
    respondent: {
      id: row.respondentId,
      fullName: row.respondentFullName,
      userName: row.respondentUserName,
      organization:
        row.organizationId != null && row.organizationName != null
          ? { id: row.organizationId, name: row.organizationName }
          : null,
    },
    assessment: {
      id: row.assessmentId,
      name: row.assessmentName,
      code: row.assessmentCode,
      assessmentType: row.assessmentType,
    },
    consultingFirm: firm ? { id: firm.id, name: firm.name } : null,
    createdDateTime: row.createdAt,
    updatedDateTime: row.invitedAt,
    assessmentResult:
      row.resultId == null || row.completionDateTime == null
        ? null
        : hidden
          ? { completionDateTime: row.completionDateTime }
          : { id: row.resultId, completionDateTime: row.completionDateTime },
    excludeFromReport: bool(row.excludeFromReport),
    sendInvite: false,
    isActive: bool(row.isActive),
    remindersSent: Number(row.remindersSent),
    lastReminderOn: row.lastReminderAt === null ? null : row.lastReminderAt.slice(0, 10),
  };
}

/** A row of the admin invite list: the invite, the respondent's e-mail and the roadmap's status. */
export function presentAdminInvite(row: AdminInviteRow, viewer: ResultViewer): AdminAssessmentInviteView {
  const invite = presentAssessmentInvite(row, viewer);
  return {
    ...invite,
    respondent: { ...invite.respondent, email: row.respondentEmail },
    organizationType: row.organizationType != null ? typeOf(row.organizationType) : null,
    roadmapStatus:
      row.roadmapStatusId != null && row.roadmapStatusName != null
        ? {
            id: row.roadmapStatusId,
            name: row.roadmapStatusName,
            code: row.roadmapStatusCode as RoadmapStatusCode,
          }
        : null,
  };
}
