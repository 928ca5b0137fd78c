import type { RoadmapStatusCode } from '../codes.js';

// What the organization calls answer (SPEC.md section 3 'Organization', 'User in an organization',
// 'Assessment invite (admin)'); the server's presenters build these and the web reads them.

export type Ref = { id: number; name: string; code?: string | null };

export type DemographicView = {
  companyMaturity: Ref | null;
  numberOfEmployees: Ref | null;
  numberOfFacilities: Ref | null;
  hqRegion: Ref | null;
  industries: Ref[];
  supplyChainRoles: Ref[];
  otherIndustry: string | null;
};

export type OrganizationView = {
  /** null for a blank (init) or copied organization that is not saved yet. */
  id: number | null;
  name: string;
  originalName: string | null;
  type: { enumValue: number; name: string };
  businessType: Ref | null;
  state: Ref | null;
  demographic: DemographicView | null;
  consultingFirm: { id: number; name: string; state: Ref | null } | null;
  referredBy: Ref | null;
  referredByOther: string | null;
  excludeFromBenchmark: boolean;
  anonymizeResults: boolean;
  /** Every active functional role with this organization's alias for it (blank = the role's name). */
  functionalRoleAliases: { id: number; name: string; alias: string | null }[];
  roadmap: {
    status: { id: number; name: string; code: RoadmapStatusCode } | null;
    benchmark: { id: number } | null;
    currentStateAssessment: { id: number; name: string; code: string } | null;
    futureStateAssessment: { id: number; name: string; code: string } | null;
  } | null;
  isActive: boolean;
  legacyId: string | null;
  /** Counts the list shows; absent on single organizations. */
  activeUserCount?: number;
};

/** A row of the organization lists (SPEC.md section 2 'Organization list'). */
export type OrganizationListRow = {
  id: number;
  /** The name with its suffix: the state for consulting firms, the state or HQ region for manufacturers. */
  displayName: string;
  name: string;
  type: { enumValue: number; name: string };
  businessType: Ref | null;
  state: Ref | null;
  hqRegion: Ref | null;
  consultingFirm: { id: number; name: string } | null;
  roadmapStatus: { id: number; name: string; code: RoadmapStatusCode } | null;
  benchmarkCreated: boolean;
  isActive: boolean;
};

/** A row of the Manage Users tab. */
export type OrganizationUserView = {
  id: number;
  fullName: string;
  userName: string;
  email: string | null;
  phoneNumber: string | null;
  displayOrder: number | null;
  isActive: boolean;
  organization: { id: number; name: string };
  functionalRole: Ref | null;
  department: string | null;
  division: Ref | null;
  group: { id: number; name: string; enumValue: number };
  /** When the person set their password; null until they accept an invite. */
  registrationComplete: string | null;
  createdDateTime: string;
  modifiedDateTime: string;
};

/** A row of an invite tab or of the admin invite list. */
export type AssessmentInviteView = {
  id: number;
  respondent: {
    id: number;
    fullName: string;
    userName: string;
    organization: { id: number; name: string } | null;
  };
  assessment: { id: number; name: string; code: string; assessmentType: number };
  consultingFirm: { id: number; name: string } | null;
  createdDateTime: string;
  /** Invited On: when the invite mail last went; null until then. */
  updatedDateTime: string | null;
  /**
   * Null until completed. Under Anonymize Results, for a viewer other than an admin and the invitee,
   * without the id: the row says whether and when, not which result (INTERFACES.md).
   */
  assessmentResult: { id?: number; completionDateTime: string } | null;
  excludeFromReport: boolean;
  sendInvite: boolean;
  isActive: boolean;
};

/** A row of the admin invite list (SPEC.md section 2 'Admin invite list'): the invite with more context. */
export type AdminAssessmentInviteView = AssessmentInviteView & {
  respondent: AssessmentInviteView['respondent'] & { email: string | null };
  organizationType: { enumValue: number; name: string } | null;
  roadmapStatus: { id: number; name: string; code: RoadmapStatusCode } | null;
};
