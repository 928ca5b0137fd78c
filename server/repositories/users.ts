import type { Insertable, QueryCreator, Updateable } from 'kysely';
import { LookupType, UserGroup } from '../../domain/codes.js';
import { nowIso } from '../db/clock.js';
import type { Executor } from '../db/database.js';
import { reusableQuery } from '../db/reusableQuery.js';
import type { DB, UsersTable } from '../db/schema.js';
import { anyContains, countRows, pageOf } from './paging.js';

/**
 * User rows per INSERT: about 30 values each, within SQLite's 32,766 bound variables and PostgreSQL's
 * 65,535 parameters.
 */
const USERS_PER_INSERT = 500;

/** The names a user's view shows beside the user's own columns (userWithNames' joins). */
export const userViewNames = [
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
  'bt.id as businessTypeId',
  'bt.name as businessTypeName',
  'bt.code as businessTypeCode',
  'rb.name as referredByName',
] as const;

/** A user row with the names of everything it refers to, ready for the presenter. */
export function userDetailQuery(db: Executor) {
  return userWithNames(db)
    .selectAll('u')
    .select([...userViewNames, 'o.consultingFirmId as organizationConsultingFirmId']);
}

/** Users joined to what their view names: group, lookups, organization, its business type, referrer. */
export function userWithNames(db: QueryCreator<DB>) {
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
    .leftJoin('organizations as rb', 'rb.id', 'u.referredById');
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

/** The caller's whole row with what the guard checks: the profile's one query (auth/guard.ts). */
const sessionDetailById = reusableQuery((db: Executor, id: number) =>
  userDetailQuery(db).select('o.isActive as organizationActive').where('u.id', '=', id),
);

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

  /**
   * What the request guard checks on every authenticated call (the caller, their organization's type
   * and state): a hot path, so compiled once.
   */
  async findSessionById(db: Executor, id: number) {
    return (await sessionById(db, id))[0];
  },

  /**
   * findSessionById's fields and the caller's whole row as findDetailById reads it, for a route that
   * answers with that row (auth/profile): one query instead of two.
   */
  async findSessionDetailById(db: Executor, id: number) {
    return (await sessionDetailById(db, id))[0];
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

  /**
   * New users, in as few statements as the bound-variable limits allow; answers their ids in the order
   * given (and the ids ascend in that order, as one insert after another would give them).
   */
  async insertMany(
    db: Executor,
    rows: readonly Omit<Insertable<UsersTable>, 'userNameKey' | 'createdAt' | 'updatedAt'>[],
  ): Promise<number[]> {
    const now = nowIso();
    const ids: number[] = [];
    for (let i = 0; i < rows.length; i += USERS_PER_INSERT) {
      const chunk = rows.slice(i, i + USERS_PER_INSERT).map((values) => ({
        ...values,
        userNameKey: values.userName.trim().toLowerCase(),
        createdAt: now,
        updatedAt: now,
      }));
      const inserted = await db.insertInto('users').values(chunk).returning(['id', 'userNameKey']).execute();
      // SQLite leaves the order of RETURNING rows open: each id is found by its (unique) user name.
      const idOf = new Map(inserted.map((row) => [row.userNameKey, row.id]));
      for (const row of chunk) ids.push(idOf.get(row.userNameKey) as number);
    }
    return ids;
  },

  /** The users holding any of the given user names (compared as stored: trimmed, lower-cased). */
  async holdersOfUserNames(db: Executor, userNames: readonly string[]) {
    const keys = [...new Set(userNames.map((name) => name.trim().toLowerCase()))];
    const holders: { id: number; userNameKey: string }[] = [];
    for (let i = 0; i < keys.length; i += 1_000)
      holders.push(
        ...(await db
          .selectFrom('users')
          .select(['id', 'userNameKey'])
          .where('userNameKey', 'in', keys.slice(i, i + 1_000))
          .execute()),
      );
    return holders;
  },

  /** Writes the given columns of one user; callers stamp updatedAt and updatedBy as their change needs. */
  update(db: Executor, id: number, values: Updateable<UsersTable>) {
    return db.updateTable('users').set(values).where('id', '=', id).execute();
  },

  /** The addresses of the active administrators who have one. */
  activeAdminEmails(db: Executor) {
    return db
      .selectFrom('users')
      .select('email')
      .where('userGroup', '=', UserGroup.Admin)
      .where('isActive', '=', 1)
      .where('email', 'is not', null)
      .execute();
  },

  /** The user's e-mailed links and one-time passcodes, removed with the user. */
  async removeCredentials(db: Executor, id: number) {
    await db.deleteFrom('userTokens').where('userId', '=', id).execute();
    await db.deleteFrom('oneTimePasscodes').where('userId', '=', id).execute();
  },

  remove(db: Executor, id: number) {
    return db.deleteFrom('users').where('id', '=', id).execute();
  },

  /** The ids of an organization's active people. */
  activeIdsOf(db: Executor, organizationId: number) {
    return db
      .selectFrom('users')
      .select('id')
      .where('organizationId', '=', organizationId)
      .where('isActive', '=', 1)
      .execute();
  },

  /** The active accounts that use an address, whatever its case, by user name. */
  activeByEmail(db: Executor, email: string) {
    return db
      .selectFrom('users')
      .select(['fullName', 'userName'])
      .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
      .where('isActive', '=', 1)
      .orderBy('userName')
      .execute();
  },

  /** Ends every session the user holds: tokens carry the version they were issued under. */
  endSessions(db: Executor, id: number) {
    return db
      .updateTable('users')
      .set((eb) => ({ tokenVersion: eb('tokenVersion', '+', 1) }))
      .where('id', '=', id)
      .execute();
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
