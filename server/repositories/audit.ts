import type { ListSearch } from '../../domain/schemas/common.js';
import { nowIso } from '../db/clock.js';
import type { Executor } from '../db/database.js';
import { anyContains, countRows, pageOf } from './paging.js';

/** Entries with their actor's names; the actor may be gone (deleted users keep their entries). */
function entryQuery(db: Executor) {
  return db
    .selectFrom('auditLog as al')
    .leftJoin('users as u', 'u.id', 'al.actorId')
    .select([
      'al.id',
      'al.at',
      'al.actorId',
      'al.action',
      'al.entity',
      'al.entityId',
      'al.details',
      'u.userName as actorUserName',
      'u.fullName as actorFullName',
    ]);
}

/** The audit trail: who changed what. Written in the same transaction as the change it records. */
export const auditRepository = {
  record(
    db: Executor,
    entry: {
      actorId: number | null;
      action: string;
      entity: string;
      entityId: number | null;
      details?: unknown;
    },
  ) {
    return db
      .insertInto('auditLog')
      .values({
        at: nowIso(),
        actorId: entry.actorId,
        action: entry.action,
        entity: entry.entity,
        entityId: entry.entityId,
        details: entry.details === undefined ? null : JSON.stringify(entry.details),
      })
      .execute();
  },

  /** One page of the trail, newest first; the query matches the action, the entity and the actor's names. */
  async search(db: Executor, search: ListSearch) {
    const { offset, limit } = pageOf(search);
    const filtered = entryQuery(db).where(
      anyContains(db, search.query, ['al.action', 'al.entity', 'u.userName', 'u.fullName']),
    );
    const [rows, count] = await Promise.all([
      filtered.orderBy('al.id', 'desc').offset(offset).limit(limit).execute(),
      countRows(db, filtered),
    ]);
    return { rows, count };
  },
};
