import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { LookupType } from '../../domain/codes.js';
import type { Access } from '../../domain/policies/access.js';
import {
  type ActorName,
  actors,
  defaultExpected,
  type Fixtures,
  type Outcome,
  table,
} from '../test/authorizationTable.js';
import { unique } from '../test/factories.js';
import { ADMIN, api, buildTestApp, buildUser, login, testDialects } from '../test/helpers.js';
import {
  assessmentIds,
  buildFirm,
  buildManufacturer,
  lookupIds,
  manufacturerSave,
  setRoadmapStatus,
  signInAs,
  submitAssessment,
} from '../test/organizations.js';

type Routed = { method: string; url: string; access: Access };

function routesOf(app: FastifyInstance): Routed[] {
  return app.apiRoutes.flatMap((r) =>
    (Array.isArray(r.method) ? r.method : [r.method]).map((method) => ({
      method,
      url: r.url,
      access: r.access as Access,
    })),
  );
}

function matches(expected: Outcome, status: number): boolean {
  if (expected === 'allowed') return status >= 200 && status < 300;
  if (expected === 'reached') return status < 500 && ![401, 403, 404].includes(status);
  return status === expected;
}

describe.each(testDialects())('authorization matrix (%s)', (dialect) => {
  let app: FastifyInstance;
  let fx: Fixtures;
  const tokens = {} as Record<ActorName, string>;
  const userIds = {} as Record<ActorName, number>;
  const idOf = async (userName: string) =>
    (
      await app.deps.db
        .selectFrom('users')
        .select('id')
        .where('userNameKey', '=', userName.toLowerCase())
        .executeTakeFirstOrThrow()
    ).id;
  /** A new session for an actor whose call ended theirs (the deactivated and suspended keep their stale one). */
  const signInAgain = async (actor: ActorName) => {
    if (actor === 'anonymous' || actor === 'deactivated' || actor === 'suspended') return;
    const row = await app.deps.db
      .selectFrom('users')
      .select('tokenVersion')
      .where('id', '=', userIds[actor])
      .executeTakeFirstOrThrow();
    tokens[actor] = await app.deps.tokens.sign({ userId: userIds[actor], tokenVersion: row.tokenVersion });
  };

  beforeAll(async () => {
    app = await buildTestApp(dialect);
    tokens.anonymous = '';
    tokens.admin = await login(app, ADMIN.userName, ADMIN.password);
    userIds.admin = await idOf(ADMIN.userName);
    const own = await buildFirm(app, tokens.admin);
    const other = await buildFirm(app, tokens.admin);
    tokens.consultantOwn = own.consultant.token;
    userIds.consultantOwn = own.consultant.id;
    tokens.consultantOther = other.consultant.token;
    userIds.consultantOther = other.consultant.id;
    const target = await buildManufacturer(app, tokens.admin, { consultingFirmId: own.firmId });
    const elsewhere = await buildManufacturer(app, tokens.admin);
    tokens.championOwn = await signInAs(app, target.userNames[1]);
    userIds.championOwn = await idOf(target.userNames[1]);
    tokens.manufacturer = await signInAs(app, target.userNames[0]);
    userIds.manufacturer = await idOf(target.userNames[0]);
    tokens.championOther = await signInAs(app, elsewhere.userNames[1]);
    userIds.championOther = await idOf(elsewhere.userNames[1]);
    const visitor = await buildUser(app, 5);
    tokens.visitor = visitor.token;
    userIds.visitor = visitor.id;
    // Tokens taken before the account was deactivated or suspended; admins, the widest reach to lose.
    const deactivated = await buildUser(app, 1);
    const suspended = await buildUser(app, 1);
    tokens.deactivated = deactivated.token;
    tokens.suspended = suspended.token;
    await app.deps.db.updateTable('users').set({ isActive: 0 }).where('id', '=', deactivated.id).execute();
    await app.deps.db.updateTable('users').set({ isSuspended: 1 }).where('id', '=', suspended.id).execute();

    const db = app.deps.db;
    const plain = await buildUser(app, 4, { organizationId: target.id });
    // A member as the organization form saves them: with a functional role.
    await db
      .updateTable('users')
      .set({ functionalRoleId: await lookupIds(app).first(LookupType.FunctionalRole) })
      .where('id', '=', plain.id)
      .execute();
    // The current-state report is there once the roadmap reaches its reporting stage.
    await setRoadmapStatus(app, target.id, 'CurrentStateReporting');
    const targetResult = await submitAssessment(app, tokens.championOwn, 'current-state', 0);
    // The champion's current-state invite, answered above.
    const answered = await db
      .selectFrom('assessmentInvites')
      .select('id')
      .where('respondentId', '=', userIds.championOwn)
      .where('assessmentId', '=', (await assessmentIds(app)).current)
      .executeTakeFirstOrThrow();
    const post = async (url: string, payload: object) => {
      const res = await api(app, { method: 'POST', url: `/api/${url}`, token: tokens.admin, payload });
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.body}`);
      return res.json();
    };
    const saveOf = async (id: number, body: Awaited<ReturnType<typeof manufacturerSave>>) => {
      const org = await post('admin/organization/getbyid', { id });
      const users = (await post('admin/user/search/byorg', { organizationId: id, take: 9999 })).data;
      const invites = (await post('admin/assessmentInvite/search/byorg', { organizationId: id, take: 9999 }))
        .data;
      return {
        ...body,
        organization: { ...body.organization, id, name: org.name },
        users: users.map((u: Record<string, unknown>) => ({ ...u, isActive: true })),
        assessmentInvites: invites.map((i: Record<string, unknown>) => ({ ...i, isActive: true })),
      };
    };
    const first = async (table: 'lookupItems' | 'sections' | 'questions') =>
      (await db.selectFrom(table).select('id').orderBy('id').executeTakeFirstOrThrow()).id;
    fx = {
      targetOrg: target.id,
      targetFirm: own.firmId,
      targetUser: plain.id,
      targetVisitor: (await buildUser(app, 5)).id,
      targetInvite: answered.id,
      targetResult,
      targetResultOwner: userIds.championOwn,
      lookupId: await first('lookupItems'),
      sectionId: await first('sections'),
      questionId: await first('questions'),
      targetUserForm: await post('admin/user/getbyid', { id: plain.id }),
      targetOrgSave: await saveOf(target.id, target.body),
      newMakerSave: async () =>
        manufacturerSave(app, {
          consultingFirmId: own.firmId,
          users: [
            { id: -1, fullName: 'Avery Stone', userName: unique('maker') },
            { id: -2, fullName: 'Blake Rivers', userName: unique('champ'), champion: true },
          ],
        }),
      throwawayFirm: async () => (await buildFirm(app, tokens.admin)).firmId,
      throwawayVisitor: async () => (await buildUser(app, 5)).id,
      throwawayMakerSave: async () => {
        const maker = await buildManufacturer(app, tokens.admin, { consultingFirmId: own.firmId });
        return saveOf(maker.id, maker.body);
      },
      planSectionId: (
        await db
          .selectFrom('assessmentSections')
          .select('sectionId')
          .where('assessmentId', '=', (await assessmentIds(app)).current)
          .orderBy('sectionId')
          .executeTakeFirstOrThrow()
      ).sectionId,
      throwawayAction: async () => {
        const now = new Date().toISOString();
        const row = await db
          .insertInto('actions')
          .values({
            organizationId: target.id,
            sectionId: fx.planSectionId,
            title: 'Matrix action',
            description: '',
            ownerId: null,
            dueOn: null,
            status: 'NotStarted',
            rationale: '',
            createdAt: now,
            updatedAt: now,
            completedAt: null,
            createdBy: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return row.id;
      },
      throwawayShareLink: async () => {
        const now = new Date();
        const row = await db
          .insertInto('shareLinks')
          .values({
            organizationId: target.id,
            tokenHash: randomBytes(32).toString('hex'),
            createdAt: now.toISOString(),
            expiresAt: new Date(now.getTime() + 86_400_000).toISOString(),
            createdBy: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return row.id;
      },
    };
  }, 60_000);

  it('every registered route has a row, and each cell holds', async () => {
    const routes = routesOf(app);
    const rowOf = (r: Routed) =>
      table[`${r.method} ${r.url}`] ?? (r.method === 'HEAD' ? table[`GET ${r.url}`] : undefined);
    const missing = routes.filter((r) => !rowOf(r));
    const failures: string[] = [];
    let cells = 0;
    for (const route of routes) {
      const key = `${route.method} ${route.url}`;
      const row = rowOf(route);
      if (!row) continue;
      const expected = { ...defaultExpected(route.access), ...row.expect };
      for (const actor of actors) {
        const body = row.body ? await row.body(fx, actor) : {};
        const get = route.method === 'GET' || route.method === 'HEAD';
        const res = await api(app, {
          method: route.method as 'POST',
          url: route.url.replace(':status', 'approved'),
          token: tokens[actor],
          ...(get ? { query: body as Record<string, string> } : { payload: body as object }),
        });
        cells++;
        if (row.endsSession) await signInAgain(actor);
        if (!matches(expected[actor], res.statusCode))
          failures.push(
            `${key} as ${actor}: expected ${expected[actor]}, got ${res.statusCode} ${res.body.slice(0, 120)}`,
          );
      }
    }
    console.log(`authorization matrix (${dialect}): ${cells} cells over ${routes.length} routes`);
    expect(failures).toEqual([]);
    expect(
      missing.map((r) => `${r.method} ${r.url}`),
      'routes without a row in server/test/authorizationTable.ts',
    ).toEqual([]);
  }, 120_000);
});
