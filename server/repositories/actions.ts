import { sql } from 'kysely';
import { type ActionStatus, OPEN_ACTION_STATUSES } from '../../domain/rules/actions.js';
import type { ActionSearch } from '../../domain/schemas/actions.js';
import type { Executor } from '../db/database.js';
import type { ActionsTable } from '../db/schema.js';
import { countRows, pageOf } from './paging.js';

// Action plans (migration 020, docs/decisions.md#insights-actions). Every list is in the one order of
// domain/rules/actions.ts compareActions, due date with undated last, then id; written here as
// `due_on is null` first because SQLite puts nulls first and PostgreSQL last.

/** An action with its practice area's name and its owner's. */
const actionColumns = [
  'a.id',
  'a.organizationId',
  'a.sectionId',
  's.caption as sectionName',
  'a.title',
  'a.description',
  'a.ownerId',
  'u.fullName as ownerName',
  'a.dueOn',
  'a.status',
  'a.rationale',
  'a.createdAt',
  'a.updatedAt',
  'a.completedAt',
] as const;

const open = [...OPEN_ACTION_STATUSES];

function actionsOf(db: Executor) {
  return db
    .selectFrom('actions as a')
    .innerJoin('sections as s', 's.id', 'a.sectionId')
    .leftJoin('users as u', 'u.id', 'a.ownerId');
}

/** One page of some actions in the list order, and how many there are in all. */
async function pageOfActions(
  db: Executor,
  filtered: ReturnType<typeof actionsOf>,
  page: { skip?: number | null; take?: number | null },
) {
  const { offset, limit } = pageOf(page);
  const [rows, count] = await Promise.all([
    filtered
      .select(actionColumns)
      .orderBy(sql`a.due_on is null`)
      .orderBy('a.dueOn')
      .orderBy('a.id')
      .offset(offset)
      .limit(limit)
      .execute(),
    countRows(db, filtered.select('a.id')),
  ]);
  return { rows: rows.map((r) => ({ ...r, status: r.status as ActionStatus })), count };
}

type ActionWrite = Partial<
  Pick<
    ActionsTable,
    'sectionId' | 'title' | 'description' | 'ownerId' | 'dueOn' | 'status' | 'rationale' | 'completedAt'
  >
>;

export const actionsRepository = {
  async insert(
    db: Executor,
    action: Required<ActionWrite> & { organizationId: number; createdAt: string; createdBy: number },
  ): Promise<number> {
    const row = await db
      .insertInto('actions')
      .values({ ...action, updatedAt: action.createdAt })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  },

  async findById(db: Executor, id: number) {
    const row = await actionsOf(db).select(actionColumns).where('a.id', '=', id).executeTakeFirst();
    return row && { ...row, status: row.status as ActionStatus };
  },

  async update(db: Executor, id: number, change: ActionWrite & { updatedAt: string }): Promise<void> {
    await db.updateTable('actions').set(change).where('id', '=', id).execute();
  },

  async remove(db: Executor, id: number): Promise<void> {
    await db.deleteFrom('actions').where('id', '=', id).execute();
  },

  /** An organization's actions matching the filters, a page of them and how many match; `today` ISO. */
  search(db: Executor, search: ActionSearch, today: string) {
    let filtered = actionsOf(db).where('a.organizationId', '=', search.organizationId);
    if (search.status) filtered = filtered.where('a.status', '=', search.status);
    if (search.sectionId) filtered = filtered.where('a.sectionId', '=', search.sectionId);
    if (search.overdue === true)
      filtered = filtered.where('a.status', 'in', open).where('a.dueOn', '<', today);
    if (search.overdue === false)
      filtered = filtered.where((eb) =>
        eb.or([eb('a.status', 'not in', open), eb('a.dueOn', 'is', null), eb('a.dueOn', '>=', today)]),
      );
    return pageOfActions(db, filtered, search);
  },

  /** A person's open actions across organizations, a page of them and how many there are. */
  openOf(db: Executor, ownerId: number, page: { skip?: number | null; take?: number | null }) {
    return pageOfActions(
      db,
      actionsOf(db).where('a.ownerId', '=', ownerId).where('a.status', 'in', open),
      page,
    );
  },

  /** Every action of an organization, for its plan's counts and follow-through: one query. */
  planRowsOf(db: Executor, organizationId: number) {
    return db
      .selectFrom('actions')
      .select(['sectionId', 'status', 'dueOn', 'completedAt'])
      .where('organizationId', '=', organizationId)
      .execute();
  },

  /** Whether the person may own an action of the organization: an active user of it (any role). */
  async isActiveMember(db: Executor, organizationId: number, userId: number): Promise<boolean> {
    const row = await db
      .selectFrom('users')
      .select('id')
      .where('id', '=', userId)
      .where('organizationId', '=', organizationId)
      .where('isActive', '=', 1)
      .executeTakeFirst();
    return row !== undefined;
  },
};

export type ActionRow = NonNullable<Awaited<ReturnType<typeof actionsRepository.findById>>>;
