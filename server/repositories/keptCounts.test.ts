import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { AssessmentType, UserGroup, UserStatus } from '../../domain/codes.js';
import { buildApp } from '../app.js';
import { nowIso } from '../db/clock.js';
import type { Executor } from '../db/database.js';
import { unique } from '../test/factories.js';
import { ADMIN, buildTestApp, login, testDialects } from '../test/helpers.js';
import { buildFirm } from '../test/organizations.js';
import { addRespondent, bareManufacturer, submitBySection } from '../test/reports.js';
import { auditRepository } from './audit.js';
import { type InviteListFilter, inviteSearchRepository } from './inviteSearch.js';
import { shareLinksRepository } from './shareLinks.js';
import { type UserListFilter, userSearchRepository } from './userSearch.js';

// The user and invite lists' kept counts (keptCounts.ts, migration 014) against the same counts read
// afresh (in a transaction of its own, which keeps nothing), after each kind of write that changes
// them, in the process that wrote and in a second process on the same database: the next read sees it.

describe.each(testDialects())('kept list counts on %s', (dialect) => {
  const firstPromise = buildTestApp(dialect);
  const secondPromise = firstPromise.then((first) => buildApp(first.deps.config));
  afterAll(async () => (await secondPromise).close());

  it('match the counts read afresh after each kind of write, in both processes', async () => {
    const first = await firstPromise;
    const second = await secondPromise;
    const db = first.deps.db;
    const admin = await login(first, ADMIN.userName, ADMIN.password);
    const firm = await buildFirm(first, admin);
    const tag = unique('Kept');
    const maker = await bareManufacturer(first, 'CurrentState');
    const other = await bareManufacturer(first, 'CurrentState');
    await db
      .updateTable('organizations')
      .set({ name: `${tag} maker` })
      .where('id', '=', maker)
      .execute();
    const ann = await addRespondent(first, maker, { fullName: `${tag} Ann`, role: 'engineering' });
    const ben = await addRespondent(first, other, { fullName: `${tag} Ben`, role: 'engineering' });

    const userFilters: UserListFilter[] = [
      { query: tag },
      { query: tag, status: UserStatus.Pending },
      { query: tag, group: UserGroup.Manufacturer },
      { query: tag, inactive: true },
      { query: tag, suspended: true },
      { query: tag, consultingFirmId: firm.firmId },
      { query: `${tag} maker` },
    ];
    const inviteFilters: InviteListFilter[] = [
      { query: tag },
      { query: tag, isComplete: true },
      { query: tag, isComplete: false },
      { query: tag, assessmentType: AssessmentType.CurrentState },
      { query: tag, unassigned: true },
    ];
    const counts = async (on: Executor) => ({
      users: await Promise.all(userFilters.map((f) => userSearchRepository.count(on, f))),
      invites: await Promise.all(inviteFilters.map((f) => inviteSearchRepository.count(on, f))),
    });
    const afresh = () => db.transaction().execute((trx) => counts(trx));
    /** Both processes' kept counts equal the fresh ones; answers those. */
    const check = async () => {
      const fresh = await afresh();
      expect(await counts(db)).toEqual(fresh);
      expect(await counts(second.deps.db)).toEqual(fresh);
      return fresh;
    };

    let now = await check();
    expect(now.users).toEqual([2, 0, 2, 0, 0, 0, 1]);
    expect(now.invites).toEqual([4, 0, 4, 2, 4]);

    // Insert: a person (and in the second process, so the first must see the other's write).
    const cal = await addRespondent(second, maker, { fullName: `${tag} Cal`, role: 'engineering' });
    now = await check();
    expect(now.users[0]).toBe(3);
    expect(now.invites[0]).toBe(6);

    // The fields the filters read.
    await db.updateTable('users').set({ status: UserStatus.Pending }).where('id', '=', ann.id).execute();
    await db.updateTable('users').set({ isSuspended: 1 }).where('id', '=', ben.id).execute();
    await second.deps.db.updateTable('users').set({ isActive: 0 }).where('id', '=', cal.id).execute();
    now = await check();
    expect(now.users.slice(1, 5)).toEqual([1, 3, 1, 1]);
    await db.updateTable('users').set({ fullName: 'Renamed' }).where('id', '=', ben.id).execute();
    now = await check();
    expect(now.users[0]).toBe(2);
    expect(now.invites[0]).toBe(4);
    await db
      .updateTable('organizations')
      .set({ consultingFirmId: firm.firmId })
      .where('id', '=', maker)
      .execute();
    now = await check();
    expect(now.users[5]).toBe(2);
    expect(now.invites[4]).toBe(0);
    await db.updateTable('organizations').set({ name: 'Renamed maker' }).where('id', '=', maker).execute();
    now = await check();
    expect(now.users[6]).toBe(0);

    // A result completes an invite; deleting it makes the invite pending again.
    await submitBySection(first, ann.token, 'current-state', () => 3);
    now = await check();
    expect(now.invites.slice(1, 3)).toEqual([1, 3]);
    await second.deps.db.deleteFrom('assessmentResults').where('respondentId', '=', ann.id).execute();
    now = await check();
    expect(now.invites.slice(1, 3)).toEqual([0, 4]);

    // An invite deactivated, then deleted; a person deleted.
    await db
      .updateTable('assessmentInvites')
      .set({ isActive: 0 })
      .where('respondentId', '=', cal.id)
      .execute();
    now = await check();
    expect(now.invites[0]).toBe(2);
    await db.deleteFrom('assessmentInvites').where('respondentId', '=', ann.id).execute();
    now = await check();
    expect(now.invites[0]).toBe(0);
    await second.deps.db.deleteFrom('users').where('id', '=', cal.id).execute();
    now = await check();
    expect(now.users[0]).toBe(1);

    // A sign-in changes no count: the kept counts stay (the change counts do not move).
    const before = await db.selectFrom('cacheVersions').select(['name', 'version']).orderBy('name').execute();
    await db.updateTable('users').set({ lastLogin: nowIso() }).where('id', '=', ann.id).execute();
    const after = await db.selectFrom('cacheVersions').select(['name', 'version']).orderBy('name').execute();
    expect(after.filter((r) => /^(people|invites):/.test(r.name))).toEqual(
      before.filter((r) => /^(people|invites):/.test(r.name)),
    );
  });

  it('of the audit trail and the share links match the counts read afresh after each kind of write', async () => {
    const first = await firstPromise;
    const second = await secondPromise;
    const db = first.deps.db;
    const tag = unique('Trail');
    const maker = await bareManufacturer(first, 'CurrentState');
    const ann = await addRespondent(first, maker, { fullName: 'Ann Able', role: 'engineering' });
    const counts = async (on: Executor) => ({
      audit: (await auditRepository.search(on, { query: tag, take: 1 })).count,
      links: (await shareLinksRepository.search(on, { query: tag, take: 1 })).count,
    });
    const check = async () => {
      const fresh = await db.transaction().execute((trx) => counts(trx));
      expect(await counts(db)).toEqual(fresh);
      expect(await counts(second.deps.db)).toEqual(fresh);
      return fresh;
    };
    expect(await check()).toEqual({ audit: 0, links: 0 });

    await auditRepository.record(second.deps.db, { actorId: null, action: tag, entity: 'x', entityId: null });
    expect(await check()).toEqual({ audit: 1, links: 0 });
    await auditRepository.record(db, { actorId: ann.id, action: 'other', entity: 'x', entityId: null });
    expect(await check()).toEqual({ audit: 1, links: 0 });
    // The actor's name is matched too.
    await db
      .updateTable('users')
      .set({ fullName: `${tag} Ann` })
      .where('id', '=', ann.id)
      .execute();
    expect(await check()).toEqual({ audit: 2, links: 0 });
    await second.deps.db.deleteFrom('auditLog').where('action', '=', tag).execute();
    expect(await check()).toEqual({ audit: 1, links: 0 });

    const link = await shareLinksRepository.insert(db, {
      organizationId: maker,
      tokenHash: unique('hash'),
      createdAt: nowIso(),
      expiresAt: nowIso(),
      createdBy: ann.id,
    });
    expect(await check()).toEqual({ audit: 1, links: 0 });
    await second.deps.db
      .updateTable('organizations')
      .set({ name: `${tag} maker` })
      .where('id', '=', maker)
      .execute();
    expect(await check()).toEqual({ audit: 1, links: 1 });
    await db.deleteFrom('shareLinks').where('id', '=', link).execute();
    expect(await check()).toEqual({ audit: 1, links: 0 });
  });

  it.runIf(dialect === 'postgres')(
    'count changes made by a client whose search path lacks the schema',
    async () => {
      const first = await firstPromise;
      const db = first.deps.db;
      const schema = first.deps.config.databaseSchema;
      const tag = unique('Path');
      await auditRepository.record(db, { actorId: null, action: tag, entity: 'x', entityId: null });
      const count = async () => (await auditRepository.search(db, { query: tag, take: 1 })).count;
      expect(await count()).toBe(1);
      const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await client.connect();
      try {
        // Only tables whose triggers are migration 014's alone.
        await client.query('set search_path to pg_catalog');
        await client.query(`delete from "${schema}".audit_log where action = $1`, [tag]);
        await client.query(`delete from "${schema}".share_links where id < 0`);
      } finally {
        await client.end();
      }
      expect(await count()).toBe(0);
    },
  );
});
