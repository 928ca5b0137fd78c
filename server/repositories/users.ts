import type { Insertable } from 'kysely';
import { LookupType } from '../../domain/codes.js';
import { nowIso } from '../db/clock.js';
import type { Executor } from '../db/database.js';
import { reusableQuery } from '../db/reusableQuery.js';
import type { UsersTable } from '../db/schema.js';
import { anyContains, countRows, pageOf } from './paging.js';

/** A user row with the names of everything it refers to, ready for the presenter. */
export function userDetailQuery(db: Executor) {
  return db
    .selectFrom('users as u')
    .leftJoin('lookupItems as grp', (j) =>
      j.onRef('grp.enumValue', '=', 'u.userGroup').on('grp.lookupType', '=', LookupType.UserGroup),
    )
    .leftJoin('lookupItems as fr', 'fr.id', 'u.functionalRoleId')
    .leftJoin('lookupItems as st', 'st.id', 'u.stateId')
    .leftJoin('lookupItems as dv', 'dv.id', 'u.divisionId')
    .leftJoin('organizations as o', 'o.id', 'u.organizationId')
    .leftJoin('lookupItems as bt', 'bt.id', 'o.businessTypeId')
    .leftJoin('organizations as rb', 'rb.id', 'u.referredById')
    .selectAll('u')
    .select([
      'grp.id as groupId',
      'grp.name as groupName',
      'fr.name as functionalRoleName',
      'fr.code as functionalRoleCode',
      'st.name as stateName',
      'st.code as stateCode',
      'dv.name as divisionName',
      'dv.code as divisionCode',
      'o.name as organizationName',
      'o.code as organizationCode',
      'o.type as organizationType',
      'o.consultingFirmId as organizationConsultingFirmId',
      'bt.id as businessTypeId',
      'bt.name as businessTypeName',
      'bt.code as businessTypeCode',
      'rb.name as referredByName',
    ]);
}

const sessionById = reusableQuery((db: Executor, id: number) =>
  db
    .selectFrom('users as u')
    .leftJoin('organizations as o', 'o.id', 'u.organizationId')
    .select([
      'u.id',
      'u.userGroup',
      'u.organizationId',
      'u.isActive',
      'u.isSuspended',
      'u.tokenVersion',
      'u.requireChangePassword',
      'u.userName',
      'o.type as organizationType',
      'o.isActive as organizationActive',
    ])
    .where('u.id', '=', id),
);

const detailById = reusableQuery((db: Executor, id: number) => userDetailQuery(db).where('u.id', '=', id));

export const usersRepository = {
  /** An organization's users (the Manage Users tab), active first, by display order and name. */
  async ofOrganization(
    db: Executor,
    organizationId: number,
    search: { query?: string | null; skip?: number | null; take?: number | null },
  ) {
    const { offset, limit } = pageOf(search);
    const filtered = userDetailQuery(db)
      .where('u.organizationId', '=', organizationId)
      .where(anyContains(db, search.query, ['u.fullName', 'u.userName']));
    const [rows, count] = await Promise.all([
      filtered
        .orderBy('u.isActive', 'desc')
        .orderBy('u.displayOrder')
        .orderBy('u.fullName')
        .offset(offset)
        .limit(limit)
        .execute(),
      countRows(db, filtered),
    ]);
    return { rows, count };
  },

  findByUserName(db: Executor, userName: string) {
    return db
      .selectFrom('users')
      .selectAll()
      .where('userNameKey', '=', userName.trim().toLowerCase())
      .executeTakeFirst();
  },

  findById(db: Executor, id: number) {
    return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  },

  /** The fields the request guard needs on every authenticated call; one indexed lookup. */
  /** What the request guard needs of the caller, with their organization's type and state. */
  /** What the guard checks on every authenticated call: a hot path, so compiled once. */
  async findSessionById(db: Executor, id: number) {
    return (await sessionById(db, id))[0];
  },

  findDetailById(db: Executor, id: number) {
    return detailById(db, id).then((rows) => rows[0]);
  },

  count(db: Executor) {
    return db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow()
      .then((r) => Number(r.n));
  },

  async insert(
    db: Executor,
    values: Omit<Insertable<UsersTable>, 'userNameKey' | 'createdAt' | 'updatedAt'>,
  ) {
    const now = nowIso();
    const row = await db
      .insertInto('users')
      .values({
        ...values,
        userNameKey: values.userName.trim().toLowerCase(),
        createdAt: now,
        updatedAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  },

  recordLogin(db: Executor, id: number) {
    return db.updateTable('users').set({ lastLogin: nowIso() }).where('id', '=', id).execute();
  },

  /** The person must choose a new password before anything else (after signing in with a passcode). */
  requirePasswordChange(db: Executor, id: number) {
    return db.updateTable('users').set({ requireChangePassword: 1 }).where('id', '=', id).execute();
  },

  /**
   * A new password ends every session issued before it (the token version moves on). Callers use
   * commands/setPassword.ts, which also voids the user's e-mailed links.
   */
  setPassword(db: Executor, id: number, passwordHash: string, requireChangePassword: boolean) {
    return db
      .updateTable('users')
      .set((eb) => ({
        passwordHash,
        requireChangePassword: requireChangePassword ? 1 : 0,
        tokenVersion: eb('tokenVersion', '+', 1),
        updatedAt: nowIso(),
        updatedBy: id,
      }))
      .where('id', '=', id)
      .execute();
  },
};
