import { z } from 'zod';

// The organization page's overview (docs/decisions.md#organizations-overview): one answer with the
// figures the page opens on. The server builds it (domain/rules/organizationOverview.ts), the web reads it.

export const overviewBodySchema = z.object({
  id: z.coerce.number().int().describe("The organization's id"),
});

const byState = z.object({ sent: z.number().int(), completed: z.number().int() });

/** One stage of the roadmap: a RoadmapStatus lookup item, in the lookup's display order. */
export const overviewStageSchema = z.object({ code: z.string(), name: z.string() });

export const overviewActivityKinds = ['completed', 'invited', 'status', 'round'] as const;
export type OverviewActivityKind = (typeof overviewActivityKinds)[number];

/** Something that happened: a result completed, an invite sent, the status set, a progress round closed. */
export const overviewActivitySchema = z.object({
  /** ISO moment. */
  on: z.string(),
  kind: z.enum(overviewActivityKinds),
  /** 1 current state, 2 future state; null for status changes and rounds. */
  assessmentType: z.number().int().nullable(),
  /** Who completed or was invited; null under Anonymize Results for callers other than admins. */
  person: z.string().nullable(),
  /** The status set (kind 'status'): its code. */
  status: z.string().nullable(),
});

export const organizationOverviewSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.number().int(),
  /** A manufacturer's roadmap figures; null for other organizations. */
  roadmap: z
    .object({
      /** The current status's code, null without one. */
      status: z.string().nullable(),
      stages: z.array(overviewStageSchema),
      currentScore: z.number().nullable(),
      futureScore: z.number().nullable(),
      gap: z.number().nullable(),
      invites: z.object({ current: byState, future: byState }),
      lastActivityOn: z.string().nullable(),
    })
    .nullable(),
  /** The latest activity, newest first (at most 5). */
  activity: z.array(overviewActivitySchema),
});
export type OrganizationOverview = z.output<typeof organizationOverviewSchema>;
export type OverviewActivity = z.output<typeof overviewActivitySchema>;
