import { describe, expect, it } from 'vitest';
import { AssessmentType, UserGroup } from '../../domain/codes.js';
import type { AuditEntryView } from '../../domain/schemas/auditView.js';
import { auditRepository } from '../repositories/audit.js';
import { unique } from '../test/factories.js';
import { ADMIN, api, buildTestApp, buildUser, login, testDialects } from '../test/helpers.js';
import { buildFirm, buildManufacturer } from '../test/organizations.js';

type Page = { data: AuditEntryView[]; count: number };

describe.each(testDialects())('audit trail on %s', (dialect) => {
  const appPromise = buildTestApp(dialect);
  const adminToken = appPromise.then((app) => login(app, ADMIN.userName, ADMIN.password));
  const post = async (url: string, payload: object, token?: string) =>
    api(await appPromise, {
      method: 'POST',
      url: `/api/${url}`,
      token: token ?? (await adminToken),
      payload,
    });
  const search = async (body: object, token?: string) => {
    const res = await post('admin/audit/search', { skip: 0, take: 100, ...body }, token);
    expect(res.statusCode).toBe(200);
    return res.json() as Page;
  };

  /** The admin adds a firm and a manufacturer (with two users and their invites), deletes an invite, deactivates the firm. */
  const scenario = (async () => {
    const app = await appPromise;
    const admin = await adminToken;
    const tag = unique('Aud');
    const firm = await buildFirm(app, admin);
    const maker = await buildManufacturer(app, admin, { name: `Maker ${tag}` });
    const invites = (
      await post('admin/assessmentinvite/search', { query: maker.userNames[0], skip: 0, take: 10 })
    ).json() as { data: { id: number; assessment: { assessmentType: number } }[] };
    const inviteId = invites.data.find(
      (i) => i.assessment.assessmentType === AssessmentType.CurrentState,
    )!.id;
    expect((await post('admin/assessmentinvite/delete', { id: inviteId })).json().isSuccess).toBe(true);
    expect((await post('admin/organization/delete', { id: firm.firmId })).json().isSuccess).toBe(true);
    const users = await app.deps.db
      .selectFrom('users')
      .select(['id', 'userName'])
      .where('userName', 'in', maker.userNames)
      .execute();
    return { firm, maker, inviteId, userIds: users.map((u) => u.id) };
  })();

  it('shows the admin who added, changed, deleted and deactivated what, newest first', async () => {
    const { firm, maker, inviteId, userIds } = await scenario;
    const all = await search({});
    const ids = all.data.map((e) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const find = (action: string, entity: string, entityId: number) =>
      all.data.find((e) => e.action === action && e.entity === entity && e.entityId === entityId);
    const deactivated = find('deactivate', 'organization', firm.firmId);
    expect(deactivated).toMatchObject({ actor: { userName: ADMIN.userName } });
    expect(deactivated!.actor!.fullName).toBeTruthy();
    expect(Number.isNaN(Date.parse(deactivated!.at))).toBe(false);
    expect(find('add', 'organization', firm.firmId)).toBeTruthy();
    expect(find('add', 'organization', maker.id)).toBeTruthy();
    expect(find('delete', 'assessment-invite', inviteId)).toBeTruthy();
    // The users the organization form adds are recorded one by one, with their organization.
    for (const id of userIds)
      expect(find('user-added', 'user', id)?.details).toEqual({ organizationId: maker.id });
    // The deactivation came last of these.
    expect(ids.indexOf(deactivated!.id)).toBeLessThan(
      ids.indexOf(find('add', 'organization', firm.firmId)!.id),
    );
  });

  it('pages with skip and take over the same count', async () => {
    await scenario;
    const all = await search({});
    expect(all.count).toBeGreaterThanOrEqual(6);
    const first = await search({ skip: 0, take: 2 });
    const second = await search({ skip: 2, take: 2 });
    expect(first.count).toBe(all.count);
    expect(second.count).toBe(all.count);
    expect(first.data.map((e) => e.id)).toEqual(all.data.slice(0, 2).map((e) => e.id));
    expect(second.data.map((e) => e.id)).toEqual(all.data.slice(2, 4).map((e) => e.id));
    expect((await search({ skip: all.count, take: 5 })).data).toEqual([]);
  });

  it('searches the action, the entity and the actor’s names', async () => {
    const { firm } = await scenario;
    const app = await appPromise;
    const consultant = await app.deps.db
      .selectFrom('users')
      .select(['id', 'userName', 'fullName'])
      .where('id', '=', firm.consultant.id)
      .executeTakeFirstOrThrow();
    await auditRepository.record(app.deps.db, {
      actorId: consultant.id,
      action: 'profile-updated',
      entity: 'user',
      entityId: consultant.id,
    });
    const byUserName = await search({ query: consultant.userName.toUpperCase() });
    expect(byUserName.count).toBe(1);
    expect(byUserName.data[0]).toMatchObject({
      action: 'profile-updated',
      actor: { id: consultant.id, userName: consultant.userName, fullName: consultant.fullName },
    });
    const byAction = await search({ query: 'deactivate' });
    expect(byAction.count).toBeGreaterThanOrEqual(1);
    expect(byAction.data.every((e) => `${e.action} ${e.entity}`.includes('deactivate'))).toBe(true);
    const byEntity = await search({ query: 'assessment-invite' });
    expect(byEntity.data.length).toBeGreaterThanOrEqual(1);
    expect(byEntity.data.every((e) => e.entity === 'assessment-invite')).toBe(true);
    // % and _ are taken literally.
    expect((await search({ query: '%' })).count).toBe(0);
  });

  it('sorts on the server by when, who and action, and refuses an unknown column', async () => {
    const app = await appPromise;
    const { db } = app.deps;
    const tag = unique('sortaud').toLowerCase();
    const zed = await buildUser(app, UserGroup.Visitor);
    await db
      .updateTable('users')
      .set({ fullName: `Zed ${tag}` })
      .where('id', '=', zed.id)
      .execute();
    const amy = await buildUser(app, UserGroup.Visitor);
    await db
      .updateTable('users')
      .set({ fullName: `amy ${tag}` })
      .where('id', '=', amy.id)
      .execute();
    // Recorded in an order none of the sorts gives back; the entity carries the tag the search finds.
    const entries = [
      { actorId: amy.id, action: 'b-saved', at: '2024-03-01T10:00:00.000Z' },
      { actorId: null, action: 'c-refused', at: '2024-01-01T10:00:00.000Z' },
      { actorId: zed.id, action: 'a-added', at: '2024-02-01T10:00:00.000Z' },
    ];
    for (const { actorId, action, at } of entries) {
      await auditRepository.record(db, { actorId, action, entity: tag, entityId: null });
      await db
        .updateTable('auditLog')
        .set({ at })
        .where('entity', '=', tag)
        .where('action', '=', action)
        .execute();
    }
    const actions = async (sort?: object, take = 100) =>
      (await search({ query: tag, sort, take })).data.map((e) => e.action);
    // No order asked: newest entry first (the last recorded), as before.
    expect(await actions()).toEqual(['a-added', 'c-refused', 'b-saved']);
    expect(await actions({ column: 'at', direction: 'desc' })).toEqual(['b-saved', 'a-added', 'c-refused']);
    expect(await actions({ column: 'at', direction: 'asc' }, 1)).toEqual(['c-refused']);
    // Who: by full name whatever its case; the System (no actor) last either way.
    expect(await actions({ column: 'actor', direction: 'asc' })).toEqual(['b-saved', 'a-added', 'c-refused']);
    expect(await actions({ column: 'actor', direction: 'desc' })).toEqual([
      'a-added',
      'b-saved',
      'c-refused',
    ]);
    expect(await actions({ column: 'action', direction: 'asc' })).toEqual([
      'a-added',
      'b-saved',
      'c-refused',
    ]);
    const refused = await post('admin/audit/search', { query: tag, sort: { column: 'details' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('sort.column must be one of at');
  });

  it('is the administrators’ only', async () => {
    // The scenario's consultant lost access with the firm; another one is refused for the role.
    const consultant = await buildUser(await appPromise, UserGroup.Consultant);
    const refused = await post('admin/audit/search', { skip: 0, take: 5 }, consultant.token);
    expect(refused.statusCode).toBe(403);
    expect((await post('admin/audit/search', { skip: 0, take: 5 }, 'not-a-token')).statusCode).toBe(401);
    const anonymous = await api(await appPromise, {
      method: 'POST',
      url: '/api/admin/audit/search',
      payload: {},
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await post('admin/audit/search', { skip: -1, take: 5 })).statusCode).toBe(400);
  });
});
