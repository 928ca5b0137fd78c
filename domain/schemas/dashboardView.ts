import { z } from 'zod';
import { roadmapStatusCodes } from '../codes.js';
import { championNextSteps } from '../rules/dashboard.js';
import { attentionReasonTexts } from '../rules/portfolio.js';

// What GET /api/dashboard answers (docs/decisions.md#dashboard-figures): the figures of the caller's
// role on the home page. Every figure is a count that the list it links to shows, decided by the same
// repository query; none names a person.

const count = z.number().int().nonnegative();

/** Invites listed and, of them, those with a result. */
const completionSchema = z.object({ total: count, completed: count });

/** The manufacturers that need attention (domain/rules/portfolio.ts): how many, and the first few. */
const attentionSchema = z.object({
  count,
  manufacturers: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      reasons: z.array(z.enum(Object.values(attentionReasonTexts))),
    }),
  ),
});

export const adminDashboardSchema = z.object({
  role: z.literal('admin'),
  /** Self sign-ups awaiting approval: the user list of status pending. */
  pendingSignUps: count,
  /** Active invites without a result, as the invite list's Pending views count them. */
  openInvites: z.object({ current: count, future: count }),
  needingAttention: attentionSchema,
  /** E-mail given up after the last retry. */
  mailFailures: count,
});

export const consultantDashboardSchema = z.object({
  role: z.literal('consultant'),
  /** The manufacturers the consultant's firm works with (the portfolio's rows). */
  clients: count,
  needingAttention: attentionSchema,
  /** The portfolio's invites (current and future state), as its rows count them. */
  invites: completionSchema,
});

export const championDashboardSchema = z.object({
  role: z.literal('manufacturer-champion'),
  organizationId: z.number().int().nullable(),
  /** The roadmap status's code and name, null without a roadmap. */
  roadmapStatus: z.object({ code: z.enum(roadmapStatusCodes), name: z.string() }).nullable(),
  /** The organization's invite tabs: active invites of each assessment, with a result or not. */
  invites: z.object({ current: completionSchema, future: completionSchema }),
  nextStep: z.enum(Object.keys(championNextSteps) as [keyof typeof championNextSteps]),
});

export const dashboardViewSchema = z.discriminatedUnion('role', [
  adminDashboardSchema,
  consultantDashboardSchema,
  championDashboardSchema,
]);
export type DashboardView = z.output<typeof dashboardViewSchema>;
export type AdminDashboard = z.output<typeof adminDashboardSchema>;
export type ConsultantDashboard = z.output<typeof consultantDashboardSchema>;
export type ChampionDashboard = z.output<typeof championDashboardSchema>;
export type Completion = z.output<typeof completionSchema>;
