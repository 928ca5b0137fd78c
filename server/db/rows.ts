import type { Selectable } from 'kysely';
import type { ResultScores } from '../../domain/rules/reportFigures.js';
import type {
  ChoicesTable,
  OrganizationsTable,
  QuestionsTable,
  SectionsTable,
  UsersTable,
} from './schema.js';

// The rows the repositories answer with, named once here so that presenters and reports can take
// them without importing a repository (presenters sit above repositories, not beside them). The
// repositories' queries are checked against these types where they answer with them.

/** An audit record with the name of who made the change. */
export type AuditEntryRow = {
  actorId: number | null;
  at: string;
  id: number;
  action: string;
  entity: string;
  entityId: number | null;
  details: string | null;
  actorUserName: string | null;
  actorFullName: string | null;
};

/** An assessment invite with its respondent, assessment, organization and result, as lists show it. */
export type AssessmentInviteRow = {
  respondentId: number;
  id: number;
  createdAt: string;
  organizationId: number | null;
  excludeFromReport: number;
  isActive: number;
  assessmentId: number;
  invitedAt: string | null;
  remindersSent: number;
  lastReminderAt: string | null;
  assessmentType: number;
  consultingFirmId: number | null;
  completionDateTime: string | null;
  respondentFullName: string;
  respondentUserName: string;
  respondentEmail: string | null;
  assessmentName: string;
  assessmentCode: string;
  organizationName: string | null;
  organizationAnonymized: number | null;
  consultingFirmName: string | null;
  resultId: number | null;
};

/** An organization with the names of everything it refers to (firm, status, lookups, assessments). */
export type OrganizationDetailRow = Selectable<OrganizationsTable> & {
  consultingFirmName: string | null;
  roadmapStatusName: string | null;
  roadmapStatusCode: string | null;
  benchmarkId: number | null;
  currentStateAssessmentId: number | null;
  futureStateAssessmentId: number | null;
  businessTypeName: string | null;
  businessTypeCode: string | null;
  stateName: string | null;
  stateCode: string | null;
  consultingFirmStateId: number | null;
  consultingFirmStateName: string | null;
  consultingFirmStateCode: string | null;
  referredByName: string | null;
  roadmapId: number | null;
  roadmapStatusId: number | null;
  hqRegionId: number | null;
  hqRegionName: string | null;
  hqRegionCode: string | null;
};

/** A user with the names of their group, lookups and organization. */
export type UserDetailRow = Selectable<UsersTable> & {
  organizationName: string | null;
  organizationType: number | null;
  businessTypeName: string | null;
  businessTypeCode: string | null;
  stateName: string | null;
  stateCode: string | null;
  referredByName: string | null;
  groupId: number | null;
  groupName: string | null;
  functionalRoleName: string | null;
  functionalRoleCode: string | null;
  divisionName: string | null;
  divisionCode: string | null;
  organizationCode: string | null;
  organizationConsultingFirmId: number | null;
  businessTypeId: number | null;
};

/**
 * The columns a user's view reads (presenters/user.ts presentUser): a list selects these and no
 * more (repositories/userSearch.ts), a whole UserDetailRow fits too.
 */
export type UserViewRow = Pick<
  UserDetailRow,
  | 'id'
  | 'userName'
  | 'fullName'
  | 'email'
  | 'phoneNumber'
  | 'userGroup'
  | 'groupId'
  | 'groupName'
  | 'functionalRoleId'
  | 'functionalRoleName'
  | 'functionalRoleCode'
  | 'stateId'
  | 'stateName'
  | 'stateCode'
  | 'divisionId'
  | 'divisionName'
  | 'divisionCode'
  | 'organizationId'
  | 'organizationName'
  | 'organizationCode'
  | 'organizationType'
  | 'businessTypeId'
  | 'businessTypeName'
  | 'businessTypeCode'
  | 'department'
  | 'isActive'
  | 'requireChangePassword'
  | 'createdAt'
  | 'status'
  | 'registrationComplete'
  | 'approvalInviteDate'
  | 'lastLogin'
  | 'lastCertificationDate'
  | 'certificateNumber'
  | 'isSuspended'
  | 'additionalInfo'
  | 'excludeFromReport'
  | 'referredById'
  | 'referredByName'
  | 'referredByOther'
  | 'createdBy'
>;

/** A completed result with its respondent, assessment and organization. */
export type ResultRow = {
  assessmentType: number;
  assessmentInviteId: number | null;
  id: number;
  organizationId: number | null;
  respondentId: number;
  assessmentId: number;
  startDateTime: string | null;
  completionDateTime: string;
  respondentUserName: string;
  assessmentName: string;
  assessmentCode: string;
  organizationName: string | null;
  assessmentDescription: string | null;
  respondentName: string;
  roadmapStatus: string | null;
};

/** A benchmark as its CSV export lists it. */
export type BenchmarkCsvRow = {
  id: number;
  name: string;
  excludeFromBenchmark: number;
  updatedAt: string;
  data: string;
  consultingFirm: string | null;
};

/** A user as the user list's CSV export lists it. */
export type UserCsvRow = {
  id: number;
  createdAt: string;
  userName: string;
  fullName: string;
  email: string | null;
  phoneNumber: string | null;
  userGroup: number;
  lastCertificationDate: string | null;
  certificateNumber: string | null;
  isActive: number;
  isSuspended: number;
  lastLogin: string | null;
  status: number;
  organizationName: string | null;
};

/** The invite search's row: an invite with its organization's type and roadmap status. */
export type AdminInviteRow = AssessmentInviteRow & {
  organizationType: number | null;
  roadmapStatusId: number | null;
  roadmapStatusName: string | null;
  roadmapStatusCode: string | null;
};

/** An assessment's active content, in order: what a respondent is asked. */
export type AssessmentContent = {
  sections: Selectable<SectionsTable>[];
  questions: Selectable<QuestionsTable>[];
  choices: Selectable<ChoicesTable>[];
};

// What the Excel reports and the benchmark read (repositories/reportData.ts).

export type ReportContent = {
  sections: { id: number; code: string; caption: string }[];
  questions: { id: number; sectionId: number; caption: string; inputType: number; skipScore: number }[];
  choices: {
    id: number;
    questionId: number;
    caption: string;
    scoreValue: number | null;
    isOtherChoice: number;
  }[];
};

export type ReportAnswer = {
  questionId: number;
  choiceId: number | null;
  valueText: string | null;
  otherText: string | null;
};

export type ReportRespondent = {
  resultId: number;
  inviteId: number | null;
  respondentId: number;
  fullName: string;
  userName: string;
  email: string | null;
  /** The functional role's name, null when the person has none. */
  functionalRole: string | null;
  /** The organization's alias for the role, else the role's name (roleGroupName). */
  roleGroup: string;
  assessmentId: number;
  completionDateTime: string;
  answers: ReportAnswer[];
  scores: ResultScores;
};

export type OrganizationResults = {
  organizationId: number;
  assessmentType: number;
  /** The assessment most included results answered, else the active one of the type. */
  assessment: { id: number; name: string; code: string } | null;
  content: ReportContent;
  /** The results that count in the report (countsInReport), oldest completion first. */
  respondents: ReportRespondent[];
  /** Completed results left out because the invite or the person is marked Exclude From Report. */
  excluded: number;
};

/** A respondent of organizationScores: who counts where, and the result's scores, no answers. */
export type ScoredRespondent = {
  resultId: number;
  respondentId: number;
  /** The functional role's name, null when the person has none. */
  functionalRole: string | null;
  /** The organization's alias for the role, else the role's name (roleGroupName). */
  roleGroup: string;
  assessmentId: number;
  completionDateTime: string;
  /** Overall and per section; `questions` is empty (organizationResults has the question scores). */
  scores: ResultScores;
};
