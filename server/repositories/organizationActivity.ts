import { AssessmentType, LookupType } from '../../domain/codes.js';
import type { OverviewActivity } from '../../domain/schemas/organizationOverviewView.js';
import type { Executor } from '../db/database.js';

// The organization overview's latest activity and roadmap stages (docs/decisions.md#organizations-overview).
// Only what counts in the figures is listed: active invites of the current and future state, neither the
// invite nor the person marked Exclude From Report (as the portfolio counts them).

const counted = [AssessmentType.CurrentState, AssessmentType.FutureState];

/** The included invites of one organization, with their assessment and person. */
function includedInvites(db: Executor, organizationId: number) {
  return db
    .selectFrom('assessmentInvites as i')
    .innerJoin('assessments as a', 'a.id', 'i.assessmentId')
    .innerJoin('users as u', 'u.id', 'i.respondentId')
    .where('i.organizationId', '=', organizationId)
    .where('i.isActive', '=', 1)
    .where('i.excludeFromReport', '=', 0)
    .where('u.excludeFromReport', '=', 0)
    .where('a.assessmentType', 'in', counted);
}

export const organizationActivity = {
  /** The newest `limit` events of each kind (the rule keeps the newest of them all). */
  async eventsOf(db: Executor, organizationId: number, limit: number): Promise<OverviewActivity[]> {
    const [completed, invited, rounds, status] = await Promise.all([
      includedInvites(db, organizationId)
        .innerJoin('assessmentResults as r', 'r.assessmentInviteId', 'i.id')
        .select(['r.completionDateTime as on', 'a.assessmentType', 'u.fullName'])
        .orderBy('r.completionDateTime', 'desc')
        .limit(limit)
        .execute(),
      includedInvites(db, organizationId)
        .where('i.invitedAt', 'is not', null)
        .select(['i.invitedAt as on', 'a.assessmentType', 'u.fullName'])
        .orderBy('i.invitedAt', 'desc')
        .limit(limit)
        .execute(),
      db
        .selectFrom('progressRounds')
        .where('organizationId', '=', organizationId)
        .select('closedAt as on')
        .orderBy('closedAt', 'desc')
        .limit(limit)
        .execute(),
      db
        .selectFrom('roadmaps as rm')
        .innerJoin('lookupItems as rs', 'rs.id', 'rm.statusId')
        .where('rm.organizationId', '=', organizationId)
        .where('rm.statusChangedAt', 'is not', null)
        .select(['rm.statusChangedAt as on', 'rs.code'])
        .executeTakeFirst(),
    ]);
    const none = { assessmentType: null, person: null, status: null };
    return [
      ...completed.map((r) => ({
        ...none,
        on: String(r.on),
        kind: 'completed' as const,
        assessmentType: r.assessmentType,
        person: r.fullName,
      })),
      ...invited.map((r) => ({
        ...none,
        on: String(r.on),
        kind: 'invited' as const,
        assessmentType: r.assessmentType,
        person: r.fullName,
      })),
      ...rounds.map((r) => ({ ...none, on: String(r.on), kind: 'round' as const })),
      ...(status?.on
        ? [{ ...none, on: String(status.on), kind: 'status' as const, status: status.code }]
        : []),
    ];
  },

  /** The roadmap's stages: the active RoadmapStatus lookup items in their display order. */
  stages(db: Executor): Promise<{ code: string; name: string }[]> {
    return db
      .selectFrom('lookupItems')
      .where('lookupType', '=', LookupType.RoadmapStatus)
      .where('isActive', '=', 1)
      .where('code', 'is not', null)
      .select(['code', 'name'])
      .orderBy('displayOrder')
      .orderBy('id')
      .execute() as Promise<{ code: string; name: string }[]>;
  },
};
