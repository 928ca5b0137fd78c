import type { Generated } from 'kysely';

// Table types in camelCase; CamelCasePlugin maps them to the snake_case tables of the migrations.
// Booleans are 0/1 integers and times ISO-8601 UTC text on both databases, so SQLite and PostgreSQL
// answer with identical values.
type Bool = number;
type Time = string;
type Audit = { createdAt: Time; updatedAt: Time; createdBy: number | null; updatedBy: number | null };

export type AppSettingsTable = { key: string; value: string };
/** Changes counted per cached answer (migration 004): a cached copy older than its count is stale. */
export type CacheVersionsTable = { name: string; version: number };

export type LookupItemsTable = Audit & {
  id: Generated<number>;
  lookupType: number;
  name: string;
  code: string | null;
  displayOrder: number | null;
  enumValue: number | null;
  organizationType: number | null;
  isSystem: Bool;
  isActive: Bool;
};

export type OrganizationsTable = Audit & {
  id: Generated<number>;
  name: string;
  originalName: string | null;
  code: string | null;
  type: number;
  businessTypeId: number | null;
  stateId: number | null;
  consultingFirmId: number | null;
  referredById: number | null;
  referredByOther: string | null;
  excludeFromBenchmark: Bool;
  anonymizeResults: Bool;
  legacyId: string | null;
  isActive: Bool;
  /** Reminders of unanswered invites and due actions (migration 021). */
  remindersEnabled: Generated<Bool>;
  /** Days between an invite's reminders, 1 to 30. */
  reminderEveryDays: Generated<number>;
  /** Reminders an invite gets at most, 0 to 10. */
  maxReminders: Generated<number>;
};

export type DemographicsTable = {
  id: Generated<number>;
  organizationId: number;
  companyMaturityId: number | null;
  numberOfEmployeesId: number | null;
  numberOfFacilitiesId: number | null;
  hqRegionId: number | null;
  otherIndustry: string | null;
  createdAt: Time;
  updatedAt: Time;
};

export type DemographicLinkTable = { demographicId: number; lookupItemId: number };

export type FunctionalRoleAliasesTable = {
  id: Generated<number>;
  organizationId: number;
  functionalRoleId: number;
  alias: string | null;
};

export type UsersTable = Audit & {
  id: Generated<number>;
  userName: string;
  /** Lower-cased user name: user names are unique regardless of case. */
  userNameKey: string;
  fullName: string;
  email: string | null;
  /** An address someone else gave the user, waiting for its confirmation link (docs/decisions.md#users-email-change). */
  pendingEmail: string | null;
  phoneNumber: string | null;
  userGroup: number;
  functionalRoleId: number | null;
  stateId: number | null;
  divisionId: number | null;
  organizationId: number | null;
  department: string | null;
  lastCertificationDate: string | null;
  certificateNumber: string | null;
  referredById: number | null;
  referredByOther: string | null;
  excludeFromReport: Bool;
  additionalInfo: string | null;
  isActive: Bool;
  isSuspended: Bool;
  requireChangePassword: Bool;
  lastLogin: Time | null;
  approvalInviteDate: Time | null;
  registrationComplete: Time | null;
  status: number;
  passwordHash: string | null;
  /** Bumped when the password changes: tokens carrying an older version stop working. */
  tokenVersion: number;
  displayOrder: number | null;
};

export type AssessmentsTable = {
  id: Generated<number>;
  code: string;
  name: string;
  description: string | null;
  assessmentType: number;
  isActive: Bool;
  createdAt: Time;
  updatedAt: Time;
};

export type AssessmentSectionsTable = { assessmentId: number; sectionId: number };

export type RoadmapsTable = {
  id: Generated<number>;
  organizationId: number;
  statusId: number | null;
  benchmarkId: number | null;
  currentStateAssessmentId: number | null;
  futureStateAssessmentId: number | null;
  createdAt: Time;
  updatedAt: Time;
  /** When statusId last changed (migration 010); null before that migration: count from createdAt. */
  statusChangedAt: Generated<Time | null>;
};

export type SectionsTable = Audit & {
  id: Generated<number>;
  code: string;
  caption: string;
  captionPrevious: string | null;
  captionNext: string | null;
  displayOrder: number | null;
  description: string | null;
  helpContent: string | null;
  helpContentVideo: string | null;
  isActive: Bool;
};

export type QuestionsTable = Audit & {
  id: Generated<number>;
  sectionId: number;
  caption: string;
  description: string | null;
  displayOrder: number | null;
  inputType: number;
  skipScore: Bool;
  isRequired: Bool;
  includeOtherChoice: Bool;
  helpContent: string | null;
  validator: string | null;
  isActive: Bool;
};

export type ChoicesTable = Audit & {
  id: Generated<number>;
  questionId: number;
  caption: string;
  displayOrder: number | null;
  scoreValue: number | null;
  isOtherChoice: Bool;
  isActive: Bool;
};

export type AssessmentInvitesTable = Audit & {
  id: Generated<number>;
  respondentId: number;
  assessmentId: number;
  organizationId: number | null;
  consultingFirmId: number | null;
  excludeFromReport: Bool;
  isActive: Bool;
  /** When the invite mail was last sent ('Invited On'); null until then. */
  invitedAt: Time | null;
  /** Reminders sent of this invite, and when the last went (migration 021). */
  remindersSent: Generated<number>;
  lastReminderAt: Time | null;
};

export type AssessmentResultsTable = {
  id: Generated<number>;
  assessmentId: number;
  respondentId: number;
  organizationId: number | null;
  assessmentInviteId: number | null;
  startDateTime: Time | null;
  completionDateTime: Time;
  /** Makes a resubmission of the same answers a no-op instead of a second result. */
  submissionKey: string | null;
  createdAt: Time;
};

export type AnswersTable = {
  id: Generated<number>;
  assessmentResultId: number;
  questionId: number;
  choiceId: number | null;
  valueText: string | null;
  otherText: string | null;
};

export type BenchmarksTable = {
  id: Generated<number>;
  organizationId: number;
  data: string;
  createdAt: Time;
  updatedAt: Time;
  createdBy: number | null;
};

export type OneTimePasscodesTable = {
  id: Generated<number>;
  userId: number;
  codeHash: string;
  expiresAt: Time;
  usedAt: Time | null;
  /** Sign-in tries while the passcode was live (each counted before checking); at 5 it stops working. */
  attempts: Generated<number>;
  createdAt: Time;
  createdBy: number | null;
};

export type UserTokensTable = {
  id: Generated<number>;
  userId: number;
  purpose: string;
  tokenHash: string;
  expiresAt: Time;
  usedAt: Time | null;
  createdAt: Time;
};

export type AuditLogTable = {
  id: Generated<number>;
  at: Time;
  actorId: number | null;
  action: string;
  entity: string;
  entityId: number | null;
  details: string | null;
};

/** One e-mail of the mail queue (migration 006, server/stores/mailQueueStore.ts). */
export type MailQueueTable = {
  id: Generated<number>;
  createdAt: Time;
  /** JSON array of the envelope's recipients. */
  recipients: string;
  subject: string;
  /** The RFC 822 message as built when queued; emptied once sent. */
  message: string;
  status: Generated<'pending' | 'sending' | 'sent' | 'failed'>;
  attempts: Generated<number>;
  nextAttemptAt: Time;
  claimedBy: string | null;
  leaseUntil: Time | null;
  lastAttemptAt: Time | null;
  lastError: string | null;
  sentAt: Time | null;
};

/** A person's answers in progress on one assessment (migration 010); never counted anywhere. */
export type AssessmentDraftsTable = {
  id: Generated<number>;
  userId: number;
  assessmentId: number;
  /** JSON: the criteria shaped as for assessmentresult/add, partly answered. */
  criteria: string;
  savedAt: Time;
};

/** A closed round of progress against target (migration 010): a manufacturer's current state then. */
export type ProgressRoundsTable = {
  id: Generated<number>;
  organizationId: number;
  closedAt: Time;
  respondents: number;
  overall: number | null;
  /** JSON [{ id, name, average }]: the section averages, named as when the round closed. */
  sections: string;
  createdBy: number | null;
};

/** A shared roadmap link (migration 010): only the token's SHA-256 hex is kept. */
export type ShareLinksTable = {
  id: Generated<number>;
  organizationId: number;
  tokenHash: string;
  createdAt: Time;
  expiresAt: Time;
  revokedAt: Time | null;
  createdBy: number | null;
};

/** An action of a manufacturer's plan against one practice area (migration 020). */
export type ActionsTable = {
  id: Generated<number>;
  organizationId: number;
  sectionId: number;
  title: string;
  description: string;
  ownerId: number | null;
  /** ISO YYYY-MM-DD, or null: no due date. */
  dueOn: string | null;
  /** domain/rules/actions.ts ActionStatus. */
  status: string;
  rationale: string;
  createdAt: Time;
  updatedAt: Time;
  /** The moment it became Done; null while it is not Done. */
  completedAt: Time | null;
  createdBy: number | null;
};

/** A reminder sent, and the claim that it goes once (migration 021). */
export type ReminderSendsTable = {
  id: Generated<number>;
  /** 'invite' or 'action'. */
  kind: string;
  objectId: number;
  personId: number;
  ordinal: number;
  organizationId: number | null;
  sentAt: Time;
};

export type DB = {
  appSettings: AppSettingsTable;
  cacheVersions: CacheVersionsTable;
  lookupItems: LookupItemsTable;
  organizations: OrganizationsTable;
  demographics: DemographicsTable;
  demographicIndustries: DemographicLinkTable;
  demographicSupplyChainRoles: DemographicLinkTable;
  functionalRoleAliases: FunctionalRoleAliasesTable;
  users: UsersTable;
  assessments: AssessmentsTable;
  assessmentSections: AssessmentSectionsTable;
  roadmaps: RoadmapsTable;
  sections: SectionsTable;
  questions: QuestionsTable;
  choices: ChoicesTable;
  assessmentInvites: AssessmentInvitesTable;
  assessmentResults: AssessmentResultsTable;
  answers: AnswersTable;
  benchmarks: BenchmarksTable;
  oneTimePasscodes: OneTimePasscodesTable;
  userTokens: UserTokensTable;
  auditLog: AuditLogTable;
  mailQueue: MailQueueTable;
  assessmentDrafts: AssessmentDraftsTable;
  progressRounds: ProgressRoundsTable;
  shareLinks: ShareLinksTable;
  actions: ActionsTable;
  reminderSends: ReminderSendsTable;
};
