import type { QueryCreator, Updateable } from 'kysely';
import { AssessmentType } from '../../domain/codes.js';
import { nowIso } from '../db/clock.js';
import type { Executor } from '../db/database.js';
import type { AssessmentInvitesTable, DB } from '../db/schema.js';
import { anyContains, countRows, pageOf } from './paging.js';

/** What a new invite is made of; the rest (active, times, who) is stamped as it is written. */
export type NewInvite = {
  respondentId: number;
  assessmentId: number;
  organizationId: number | null;
  consultingFirmId: number | null;
  excludeFromReport: number;
  invitedAt?: string | null;
  actorId: number;
};

/** Invite rows per INSERT: 11 values each, within SQLite's and PostgreSQL's bound-variable limits. */
const INVITES_PER_INSERT = 1_000;

/** Invites with their respondent, assessment, consulting firm and result, for the invite tables. */
export function inviteQuery(db: QueryCreator<DB>) {
  return db
    .selectFrom('assessmentInvites as i')
    .innerJoin('users as u', 'u.id', 'i.respondentId')
    .innerJoin('assessments as a', 'a.id', 'i.assessmentId')
    .leftJoin('organizations as o', 'o.id', 'i.organizationId')
    .leftJoin('organizations as cf', 'cf.id', 'o.consultingFirmId')
    .leftJoin('assessmentResults as r', 'r.assessmentInviteId', 'i.id')
    .select([
      'i.id',
      'i.respondentId',
      'i.assessmentId',
      'i.organizationId',
      'i.excludeFromReport',
      'i.isActive',
      'i.invitedAt',
      'i.remindersSent',
      'i.lastReminderAt',
      'i.createdAt',
      'u.fullName as respondentFullName',
      'u.userName as respondentUserName',
      'u.email as respondentEmail',
      'a.name as assessmentName',
      'a.code as assessmentCode',
      'a.assessmentType',
      'o.name as organizationName',
      'o.consultingFirmId',
      // Anonymize Results: whether a viewer may see the invite's result (server/presenters/organization.ts).
      'o.anonymizeResults as organizationAnonymized',
      'cf.name as consultingFirmName',
      'r.id as resultId',
      'r.completionDateTime',
    ]);
}

/** The invites an organization's invite tabs list: its active ones. */
function tabInvites(db: Executor, organizationId: number) {
  return inviteQuery(db).where('i.organizationId', '=', organizationId).where('i.isActive', '=', 1);
}

/** The stored row of a new invite: active, not yet mailed unless said, created and updated by the actor. */
function newInviteRow({ actorId, ...invite }: NewInvite, now: string) {
  return {
    ...invite,
    invitedAt: invite.invitedAt ?? null,
    isActive: 1,
    createdAt: now,
    updatedAt: now,
    createdBy: actorId,
    updatedBy: actorId,
  };
}

export const assessmentInvitesRepository = {
  findById(db: Executor, id: number) {
    return inviteQuery(db).where('i.id', '=', id).executeTakeFirst();
  },

  /** An organization's active invites (the invite tabs), optionally filtered by respondent name. */
  async ofOrganization(
    db: Executor,
    organizationId: number,
    search: { query?: string | null; skip?: number | null; take?: number | null },
  ) {
    const { offset, limit } = pageOf(search);
    const filtered = tabInvites(db, organizationId).where(
      anyContains(db, search.query, ['u.fullName', 'u.userName']),
    );
    const [rows, count] = await Promise.all([
      filtered
        .orderBy('a.assessmentType')
        .orderBy('u.fullName')
        .orderBy('i.id')
        .offset(offset)
        .limit(limit)
        .execute(),
      countRows(db, filtered),
    ]);
    return { rows, count };
  },

  /**
   * Per assessment type, how many invites the organization's tabs list and how many of them have a
   * result (the champion's dashboard figures, counted over the tabs' own rows).
   */
  async completionOf(db: Executor, organizationId: number) {
    const rows = await db
      .selectFrom(tabInvites(db, organizationId).as('t'))
      .select((eb) => [
        't.assessmentType',
        eb.fn.countAll<number | string>().as('total'),
        eb.fn.count<number | string>('t.resultId').as('completed'),
      ])
      .groupBy('t.assessmentType')
      .execute();
    const of = (type: number) => {
      const row = rows.find((r) => r.assessmentType === type);
      return { total: Number(row?.total ?? 0), completed: Number(row?.completed ?? 0) };
    };
    return { current: of(AssessmentType.CurrentState), future: of(AssessmentType.FutureState) };
  },

  /** The rows a save may touch: every invite of the organization, with whether it has a result. */
  allOfOrganization(db: Executor, organizationId: number) {
    return db
      .selectFrom('assessmentInvites as i')
      .leftJoin('assessmentResults as r', 'r.assessmentInviteId', 'i.id')
      .select([
        'i.id',
        'i.respondentId',
        'i.assessmentId',
        'i.excludeFromReport',
        'i.isActive',
        'i.invitedAt',
        'r.id as resultId',
      ])
      .where('i.organizationId', '=', organizationId)
      .execute();
  },

  /** Whether the person already has an active invite to the assessment. */
  async hasOpen(db: Executor, respondentId: number, assessmentId: number) {
    const row = await db
      .selectFrom('assessmentInvites')
      .select('id')
      .where('respondentId', '=', respondentId)
      .where('assessmentId', '=', assessmentId)
      .where('isActive', '=', 1)
      .executeTakeFirst();
    return row !== undefined;
  },

  /** A new active invite; `invitedAt` stays null until its mail goes (or is set when nothing is left to send). */
  async insert(db: Executor, values: NewInvite): Promise<number> {
    const row = await db
      .insertInto('assessmentInvites')
      .values(newInviteRow(values, nowIso()))
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  },

  /**
   * New active invites, as insert() makes them, in as few statements as the bound-variable limits
   * allow; answers their ids in the order given. No two may share a respondent and an assessment.
   */
  async insertMany(db: Executor, rows: readonly NewInvite[]): Promise<number[]> {
    const now = nowIso();
    const ids: number[] = [];
    for (let i = 0; i < rows.length; i += INVITES_PER_INSERT) {
      const chunk = rows.slice(i, i + INVITES_PER_INSERT).map((row) => newInviteRow(row, now));
      const inserted = await db
        .insertInto('assessmentInvites')
        .values(chunk)
        .returning(['id', 'respondentId', 'assessmentId'])
        .execute();
      // SQLite leaves the order of RETURNING rows open: each id is found by its respondent and assessment.
      const idOf = new Map(inserted.map((row) => [`${row.respondentId}:${row.assessmentId}`, row.id]));
      for (const row of chunk) ids.push(idOf.get(`${row.respondentId}:${row.assessmentId}`) as number);
    }
    return ids;
  },

  markInvited(db: Executor, id: number) {
    const now = nowIso();
    return db
      .updateTable('assessmentInvites')
      .set({ invitedAt: now, updatedAt: now })
      .where('id', '=', id)
      .execute();
  },

  /** Writes the given columns of one invite; callers stamp updatedAt and updatedBy. */
  update(db: Executor, id: number, values: Updateable<AssessmentInvitesTable>) {
    return db.updateTable('assessmentInvites').set(values).where('id', '=', id).execute();
  },

  /** A respondent's latest active invite to an assessment in an organization, with its result if any. */
  latestActive(db: Executor, o: { respondentId: number; organizationId: number; assessmentId: number }) {
    return db
      .selectFrom('assessmentInvites as i')
      .leftJoin('assessmentResults as r', 'r.assessmentInviteId', 'i.id')
      .select(['i.id', 'r.id as resultId'])
      .where('i.respondentId', '=', o.respondentId)
      .where('i.organizationId', '=', o.organizationId)
      .where('i.assessmentId', '=', o.assessmentId)
      .where('i.isActive', '=', 1)
      .orderBy('i.id', 'desc')
      .executeTakeFirst();
  },

  /** Removes a respondent's invites; answers how many. */
  async removeAllOf(db: Executor, respondentId: number) {
    const removed = await db
      .deleteFrom('assessmentInvites')
      .where('respondentId', '=', respondentId)
      .executeTakeFirst();
    return Number(removed.numDeletedRows);
  },

  deactivate(db: Executor, id: number, actorId: number) {
    return db
      .updateTable('assessmentInvites')
      .set({ isActive: 0, updatedAt: nowIso(), updatedBy: actorId })
      .where('id', '=', id)
      .execute();
  },

  /** Deactivates a user's active invites that have no result (the user was removed). */
  async deactivateOpenOf(db: Executor, respondentId: number, actorId: number) {
    const open = await db
      .selectFrom('assessmentInvites as i')
      .leftJoin('assessmentResults as r', 'r.assessmentInviteId', 'i.id')
      .select('i.id')
      .where('i.respondentId', '=', respondentId)
      .where('i.isActive', '=', 1)
      .where('r.id', 'is', null)
      .execute();
    if (open.length === 0) return;
    await db
      .updateTable('assessmentInvites')
      .set({ isActive: 0, updatedAt: nowIso(), updatedBy: actorId })
      .where(
        'id',
        'in',
        open.map((o) => o.id),
      )
      .execute();
  },
};
