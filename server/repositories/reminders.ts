import { sql } from 'kysely';
import { AssessmentType, OrganizationType } from '../../domain/codes.js';
import { OPEN_ACTION_STATUSES } from '../../domain/rules/actions.js';
import { addDays, REMINDER_LIMITS, type ReminderKind } from '../../domain/rules/reminders.js';
import type { Executor } from '../db/database.js';

// Who reminders may go to (docs/decisions.md#insights-reminders), and the claims that send each once.
// The candidates are read in one query per kind; which of them are due is the command's
// (domain/rules/reminders.ts), since the schedule's arithmetic on dates is the same in JavaScript for
// both databases.

/**
 * The invites reminders may still go to: active, sent, without a result, of an active person with an
 * e-mail address and not suspended, of an active manufacturer with reminders on and of the assessment
 * type its roadmap is collecting, with fewer reminders than its maximum. `organizationId` narrows it
 * to one manufacturer (the preview, Send reminders now); `withFinished` keeps those that have had
 * their maximum (the preview lists them with no next reminder).
 */
function inviteCandidateQuery(db: Executor, organizationId?: number, withFinished = false) {
  const collecting = sql<boolean>`((${sql.ref('a.assessmentType')} = ${AssessmentType.CurrentState} and ${sql.ref('st.code')} in ('PreAssessment', 'CurrentState')) or (${sql.ref('a.assessmentType')} = ${AssessmentType.FutureState} and ${sql.ref('st.code')} = 'FutureState'))`;
  let query = db
    .selectFrom('assessmentInvites as i')
    .innerJoin('organizations as o', 'o.id', 'i.organizationId')
    .innerJoin('roadmaps as rm', 'rm.organizationId', 'o.id')
    .innerJoin('lookupItems as st', 'st.id', 'rm.statusId')
    .innerJoin('users as u', 'u.id', 'i.respondentId')
    .innerJoin('assessments as a', 'a.id', 'i.assessmentId')
    .leftJoin('assessmentResults as r', 'r.assessmentInviteId', 'i.id')
    .where('o.type', '=', OrganizationType.Manufacturer)
    .where('o.isActive', '=', 1)
    .where('o.remindersEnabled', '=', 1)
    .where('i.isActive', '=', 1)
    .where('i.invitedAt', 'is not', null)
    .where('r.id', 'is', null)
    .where('u.isActive', '=', 1)
    .where('u.isSuspended', '=', 0)
    .where('u.email', 'is not', null)
    .where(collecting);
  if (!withFinished) query = query.where((eb) => eb('i.remindersSent', '<', eb.ref('o.maxReminders')));
  if (organizationId !== undefined) query = query.where('o.id', '=', organizationId);
  return query.select([
    'i.id as inviteId',
    'i.invitedAt',
    'i.remindersSent',
    'i.lastReminderAt',
    'o.id as organizationId',
    'o.name as organizationName',
    'o.reminderEveryDays',
    'o.maxReminders',
    'u.id as personId',
    'u.fullName',
    'u.userName',
    'u.email',
    'u.status',
    'u.passwordHash',
    'u.registrationComplete',
    'a.id as assessmentId',
    'a.name as assessmentName',
    'a.code as assessmentCode',
  ]);
}

export type InviteCandidate = Awaited<ReturnType<typeof remindersRepository.inviteCandidates>>[number];
export type ActionCandidate = Awaited<ReturnType<typeof remindersRepository.actionCandidates>>[number];

export const remindersRepository = {
  async inviteCandidates(db: Executor, organizationId?: number, options: { withFinished?: boolean } = {}) {
    const rows = await inviteCandidateQuery(db, organizationId, options.withFinished)
      .orderBy('i.id')
      .execute();
    return rows.map((r) => ({ ...r, invitedAt: r.invitedAt as string, email: r.email as string }));
  },

  /**
   * Open actions with an owner (active, not suspended, with an e-mail address) of an active
   * manufacturer with reminders on, due within the week or overdue, as of `today`.
   */
  async actionCandidates(db: Executor, today: string) {
    const rows = await db
      .selectFrom('actions as ac')
      .innerJoin('organizations as o', 'o.id', 'ac.organizationId')
      .innerJoin('users as u', 'u.id', 'ac.ownerId')
      .innerJoin('sections as s', 's.id', 'ac.sectionId')
      .where('ac.status', 'in', [...OPEN_ACTION_STATUSES])
      .where('ac.dueOn', '<=', addDays(today, REMINDER_LIMITS.actionNoticeDays))
      .where('o.isActive', '=', 1)
      .where('o.remindersEnabled', '=', 1)
      .where('u.isActive', '=', 1)
      .where('u.isSuspended', '=', 0)
      .where('u.email', 'is not', null)
      .select([
        'ac.id as actionId',
        'ac.title',
        'ac.dueOn',
        's.caption as sectionName',
        'o.id as organizationId',
        'o.name as organizationName',
        'u.id as personId',
        'u.fullName',
        'u.email',
      ])
      .orderBy('ac.id')
      .execute();
    return rows.map((r) => ({ ...r, dueOn: r.dueOn as string, email: r.email as string }));
  },

  /** The ordinals already sent of some objects of a kind: `${objectId}:${personId}:${ordinal}`. */
  async sentKeys(db: Executor, kind: ReminderKind, objectIds: readonly number[]): Promise<Set<string>> {
    if (objectIds.length === 0) return new Set();
    const rows = await db
      .selectFrom('reminderSends')
      .select(['objectId', 'personId', 'ordinal'])
      .where('kind', '=', kind)
      .where('objectId', 'in', [...objectIds])
      .execute();
    return new Set(rows.map((r) => `${r.objectId}:${r.personId}:${r.ordinal}`));
  },

  /**
   * Claims reminders in the caller's transaction: inserts each one's row unless it was sent already
   * (by anyone: the unique key), and answers the keys of those this call inserted, the only ones its
   * transaction may send. Another transaction inserting the same row at the same moment makes this
   * one wait for its outcome (PostgreSQL's unique index), so a row is inserted, and sent, once.
   */
  async claim(
    trx: Executor,
    claims: readonly {
      kind: ReminderKind;
      objectId: number;
      personId: number;
      ordinal: number;
      organizationId: number;
    }[],
    sentAt: string,
  ): Promise<Set<string>> {
    if (claims.length === 0) return new Set();
    const rows = await trx
      .insertInto('reminderSends')
      .values(claims.map((c) => ({ ...c, sentAt })))
      .onConflict((oc) => oc.columns(['kind', 'objectId', 'personId', 'ordinal']).doNothing())
      .returning(['objectId', 'personId', 'ordinal'])
      .execute();
    return new Set(rows.map((r) => `${r.objectId}:${r.personId}:${r.ordinal}`));
  },

  /** Counts a reminder of each invite, sent `at`. */
  async markInvitesReminded(trx: Executor, inviteIds: readonly number[], at: string): Promise<void> {
    if (inviteIds.length === 0) return;
    await trx
      .updateTable('assessmentInvites')
      .set((eb) => ({ remindersSent: eb('remindersSent', '+', 1), lastReminderAt: at }))
      .where('id', 'in', [...inviteIds])
      .execute();
  },

  /** The saved drafts of some people's assessments, by `${userId}:${assessmentId}`. */
  async draftsOf(db: Executor, pairs: readonly { userId: number; assessmentId: number }[]) {
    const drafts = new Map<string, string>();
    if (pairs.length === 0) return drafts;
    const rows = await db
      .selectFrom('assessmentDrafts')
      .select(['userId', 'assessmentId', 'criteria'])
      .where('userId', 'in', [...new Set(pairs.map((p) => p.userId))])
      .execute();
    const wanted = new Set(pairs.map((p) => `${p.userId}:${p.assessmentId}`));
    for (const r of rows) {
      const key = `${r.userId}:${r.assessmentId}`;
      if (wanted.has(key)) drafts.set(key, r.criteria);
    }
    return drafts;
  },
};

export const claimKey = (c: { objectId: number; personId: number; ordinal: number }) =>
  `${c.objectId}:${c.personId}:${c.ordinal}`;
