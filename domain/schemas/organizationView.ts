import { z } from 'zod';
import { type RoadmapStatusCode, roadmapStatusCodes } from '../codes.js';
import { envelopeOf, pageOf } from './answers.js';

// What the organization calls answer (docs/product.md#codes-entities, 'User in an organization',
// 'Assessment invite (admin)'): the routes declare these as their answers, the presenters build them
// and the web reads them.

export const refSchema = z.object({ id: z.number().int(), name: z.string(), code: z.string().nullish() });
export type Ref = z.output<typeof refSchema>;

/**
 * A roadmap status's code. Typed as the seeded codes, but any text passes: an administrator may add a
 * roadmap status lookup with a code of their own, and its organizations must still load.
 */
export const roadmapStatusCodeSchema = z
  .string()
  .describe(`One of ${roadmapStatusCodes.join(', ')}`) as unknown as z.ZodType<RoadmapStatusCode>;

export const roadmapStatusSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  code: roadmapStatusCodeSchema,
});

const organizationTypeSchema = z.object({ enumValue: z.number().int(), name: z.string() });
const namedSchema = z.object({ id: z.number().int(), name: z.string() });
const assessmentRefSchema = z.object({ id: z.number().int(), name: z.string(), code: z.string() });

export const demographicViewSchema = z.object({
  companyMaturity: refSchema.nullable(),
  numberOfEmployees: refSchema.nullable(),
  numberOfFacilities: refSchema.nullable(),
  hqRegion: refSchema.nullable(),
  industries: z.array(refSchema),
  supplyChainRoles: z.array(refSchema),
  otherIndustry: z.string().nullable(),
});
export type DemographicView = z.output<typeof demographicViewSchema>;

export const organizationViewSchema = z.object({
  /** null for a blank (init) or copied organization that is not saved yet. */
  id: z.number().int().nullable(),
  name: z.string(),
  originalName: z.string().nullable(),
  type: organizationTypeSchema,
  businessType: refSchema.nullable(),
  state: refSchema.nullable(),
  demographic: demographicViewSchema.nullable(),
  consultingFirm: namedSchema.extend({ state: refSchema.nullable() }).nullable(),
  referredBy: refSchema.nullable(),
  referredByOther: z.string().nullable(),
  excludeFromBenchmark: z.boolean(),
  anonymizeResults: z.boolean(),
  /** Reminder settings (docs/decisions.md#insights-reminders). */
  remindersEnabled: z.boolean(),
  reminderEveryDays: z.number().int(),
  maxReminders: z.number().int(),
  /** Every active functional role with this organization's alias for it (blank = the role's name). */
  functionalRoleAliases: z.array(namedSchema.extend({ alias: z.string().nullable() })),
  roadmap: z
    .object({
      status: roadmapStatusSchema.nullable(),
      benchmark: z.object({ id: z.number().int() }).nullable(),
      currentStateAssessment: assessmentRefSchema.nullable(),
      futureStateAssessment: assessmentRefSchema.nullable(),
    })
    .nullable(),
  isActive: z.boolean(),
  legacyId: z.string().nullable(),
  /** Counts the list shows; absent on single organizations. */
  activeUserCount: z.number().int().optional(),
});
export type OrganizationView = z.output<typeof organizationViewSchema>;

/** A row of the organization lists (docs/product.md#screens-organization-list). */
export const organizationListRowSchema = z.object({
  id: z.number().int(),
  /** The name with its suffix: the state for consulting firms, the state or HQ region for manufacturers. */
  displayName: z.string(),
  name: z.string(),
  type: organizationTypeSchema,
  businessType: refSchema.nullable(),
  state: refSchema.nullable(),
  hqRegion: refSchema.nullable(),
  consultingFirm: namedSchema.nullable(),
  roadmapStatus: roadmapStatusSchema.nullable(),
  benchmarkCreated: z.boolean(),
  isActive: z.boolean(),
});
export type OrganizationListRow = z.output<typeof organizationListRowSchema>;

/** A row of the Manage Users tab. */
export const organizationUserViewSchema = z.object({
  id: z.number().int(),
  fullName: z.string(),
  userName: z.string(),
  email: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  displayOrder: z.number().nullable(),
  isActive: z.boolean(),
  organization: namedSchema,
  functionalRole: refSchema.nullable(),
  department: z.string().nullable(),
  division: refSchema.nullable(),
  group: z.object({ id: z.number().int(), name: z.string(), enumValue: z.number().int() }),
  /** When the person set their password; null until they accept an invite. */
  registrationComplete: z.string().nullable(),
  createdDateTime: z.string(),
  modifiedDateTime: z.string(),
});
export type OrganizationUserView = z.output<typeof organizationUserViewSchema>;

/** A row of an invite tab or of the admin invite list. */
export const assessmentInviteViewSchema = z.object({
  id: z.number().int(),
  respondent: z.object({
    id: z.number().int(),
    fullName: z.string(),
    userName: z.string(),
    organization: namedSchema.nullable(),
  }),
  assessment: z.object({
    id: z.number().int(),
    name: z.string(),
    code: z.string(),
    assessmentType: z.number().int(),
  }),
  consultingFirm: namedSchema.nullable(),
  createdDateTime: z.string(),
  /** Invited On: when the invite mail last went; null until then. */
  updatedDateTime: z.string().nullable(),
  /**
   * Null until completed. Under Anonymize Results, for a viewer other than an admin and the invitee,
   * without the id: the row says whether and when, not which result (docs/product.md#rules-anonymity).
   */
  assessmentResult: z.object({ id: z.number().int().optional(), completionDateTime: z.string() }).nullable(),
  excludeFromReport: z.boolean(),
  sendInvite: z.boolean(),
  isActive: z.boolean(),
  /** Reminders sent of this invite, and the day the last went (docs/decisions.md#insights-reminders). */
  remindersSent: z.number().int(),
  lastReminderOn: z.string().nullable(),
});
export type AssessmentInviteView = z.output<typeof assessmentInviteViewSchema>;

/** A row of the admin invite list (docs/product.md#screens-invites): the invite with more context. */
export const adminAssessmentInviteViewSchema = assessmentInviteViewSchema.extend({
  respondent: assessmentInviteViewSchema.shape.respondent.extend({ email: z.string().nullable() }),
  organizationType: organizationTypeSchema.nullable(),
  roadmapStatus: roadmapStatusSchema.nullable(),
});
export type AdminAssessmentInviteView = z.output<typeof adminAssessmentInviteViewSchema>;

// The answers of the organization calls, as the routes declare them and the web reads them.

export const organizationPageSchema = pageOf(organizationListRowSchema);
export const organizationUserPageSchema = pageOf(organizationUserViewSchema);
export const assessmentInvitePageSchema = pageOf(assessmentInviteViewSchema);
export const adminAssessmentInvitePageSchema = pageOf(adminAssessmentInviteViewSchema);
/** What a save answers: the saved organization's id. */
export const organizationSavedSchema = envelopeOf(z.object({ id: z.number().int() }));
export type OrganizationSaved = z.output<typeof organizationSavedSchema>;
