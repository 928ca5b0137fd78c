import { describe, expect, it } from 'vitest';
import { LookupType } from '../../domain/codes.js';
import { messages } from '../../domain/messages.js';
import { unique } from '../test/factories.js';
import { ADMIN, api, buildTestApp, login, testDialects } from '../test/helpers.js';
import { assessmentIds, buildManufacturer, lookupIds, manufacturerSave } from '../test/organizations.js';

// An organization save writes its new people, their invites and its audit entries a run of rows at a
// time (server/commands/organizationUsers.ts, saveOrganization.ts, audited.ts): what it stores must be
// what one row after another stored, in the same order, whatever the mix of new and saved rows.

describe.each(testDialects())('organization saves written in runs on %s', (dialect) => {
  const appPromise = buildTestApp(dialect);
  const adminToken = appPromise.then((app) => login(app, ADMIN.userName, ADMIN.password));

  const save = async (payload: object) =>
    api(await appPromise, {
      method: 'POST',
      url: '/api/admin/organization/update',
      token: await adminToken,
      payload,
    });

  /** The organization's users by user name, and its invites as respondent and assessment, by id. */
  const stored = async (organizationId: number) => {
    const db = (await appPromise).deps.db;
    const users = await db
      .selectFrom('users')
      .select(['id', 'userName', 'fullName'])
      .where('organizationId', '=', organizationId)
      .orderBy('id')
      .execute();
    const invites = await db
      .selectFrom('assessmentInvites')
      .select(['id', 'respondentId', 'assessmentId', 'isActive'])
      .where('organizationId', '=', organizationId)
      .orderBy('id')
      .execute();
    return { users, invites };
  };

  const auditSince = async (id: number) =>
    (await appPromise).deps.db
      .selectFrom('auditLog')
      .select(['action', 'entity', 'entityId', 'details'])
      .where('id', '>', id)
      .orderBy('id')
      .execute();
  const lastAuditId = async () =>
    Number(
      (
        await (
          await appPromise
        ).deps.db
          .selectFrom('auditLog')
          .select((eb) => eb.fn.max('id').as('id'))
          .executeTakeFirstOrThrow()
      ).id ?? 0,
    );

  it('stores new people and invites between saved rows in the order of the rows, each invite with its person', async () => {
    const app = await appPromise;
    const { id, userNames } = await buildManufacturer(app, await adminToken);
    const before = await stored(id);
    const [avery, blake] = before.users;
    const assessments = await assessmentIds(app);
    const names = [unique('first'), unique('second'), unique('third')];
    const body = await manufacturerSave(app, {
      id,
      users: [
        { id: -11, fullName: 'First New', userName: names[0] as string },
        // A saved row changed between new ones: the new rows on either side are written around it.
        { id: avery!.id, fullName: 'Avery Stone-Hill', userName: userNames[0] },
        { id: -12, fullName: 'Second New', userName: names[1] as string },
        { id: -13, fullName: 'Third New', userName: names[2] as string },
        { id: blake!.id, fullName: 'Blake Rivers', userName: userNames[1], champion: true },
      ],
    });
    body.assessmentInvites = [
      { id: -21, respondent: { id: -13 }, assessment: { id: assessments.future }, isActive: true },
      { id: -22, respondent: { id: -11 }, assessment: { id: assessments.current }, isActive: true },
      { id: -23, respondent: { id: -12 }, assessment: { id: assessments.current }, isActive: true },
      { id: -24, respondent: { id: -13 }, assessment: { id: assessments.current }, isActive: true },
    ] as typeof body.assessmentInvites;
    const auditBefore = await lastAuditId();

    const res = await save(body);
    expect(res.json()).toMatchObject({ isSuccess: true, data: { id } });

    const after = await stored(id);
    const added = after.users.filter((u) => !before.users.some((b) => b.id === u.id));
    // Ids ascend in the order of the rows, as one insert after another gave them.
    expect(added.map((u) => u.userName)).toEqual(names);
    expect(after.users.find((u) => u.id === avery!.id)?.fullName).toBe('Avery Stone-Hill');
    const idOf = (name: string) => added.find((u) => u.userName === name)!.id;
    const newInvites = after.invites.filter((i) => !before.invites.some((b) => b.id === i.id));
    expect(newInvites.map((i) => [i.respondentId, i.assessmentId, i.isActive])).toEqual([
      [idOf(names[2] as string), assessments.future, 1],
      [idOf(names[0] as string), assessments.current, 1],
      [idOf(names[1] as string), assessments.current, 1],
      [idOf(names[2] as string), assessments.current, 1],
    ]);

    // The audit trail reads as the rows went: one entry per person written, then the organization.
    expect(await auditSince(auditBefore)).toEqual([
      {
        action: 'user-added',
        entity: 'user',
        entityId: idOf(names[0] as string),
        details: `{"organizationId":${id}}`,
      },
      {
        action: 'user-updated',
        entity: 'user',
        entityId: avery!.id,
        details: `{"organizationId":${id},"deactivated":false}`,
      },
      {
        action: 'user-added',
        entity: 'user',
        entityId: idOf(names[1] as string),
        details: `{"organizationId":${id}}`,
      },
      {
        action: 'user-added',
        entity: 'user',
        entityId: idOf(names[2] as string),
        details: `{"organizationId":${id}}`,
      },
      // Blake's row moved to fifth place: a new display order is a change.
      {
        action: 'user-updated',
        entity: 'user',
        entityId: blake!.id,
        details: `{"organizationId":${id},"deactivated":false}`,
      },
      { action: 'update', entity: 'organization', entityId: id, details: null },
    ]);
  });

  it('stores a new manufacturer whole: its roadmap, demographics with both lists, and aliases', async () => {
    const app = await appPromise;
    const ids = lookupIds(app);
    const body = await manufacturerSave(app, {
      users: [{ id: -1, fullName: 'Whole One', userName: unique('whole') }],
    });
    const industry = body.organization.demographic.industries[0]!;
    const otherIndustry = await ids.byCode(LookupType.Industry, 'naics-333');
    // The same industry twice is stored once, as before.
    body.organization.demographic.industries = [industry, { id: otherIndustry }, industry];
    const role = await ids.first(LookupType.ValueChainRole);
    body.organization.demographic.supplyChainRoles = [{ id: role }] as never;
    const roles = await app.deps.db
      .selectFrom('lookupItems')
      .select('id')
      .where('lookupType', '=', LookupType.FunctionalRole)
      .orderBy('displayOrder')
      .limit(2)
      .execute();
    body.organization.functionalRoleAliases = roles.map((r, i) => ({ id: r.id, alias: `Alias ${i}` }));
    const res = await api(app, {
      method: 'POST',
      url: '/api/admin/organization/add',
      token: await adminToken,
      payload: body,
    });
    expect(res.json()).toMatchObject({ isSuccess: true });
    const id = res.json().data.id as number;
    const org = (
      await api(app, {
        method: 'POST',
        url: '/api/admin/organization/getbyid',
        token: await adminToken,
        payload: { id },
      })
    ).json();
    expect(org.name).toBe(body.organization.name);
    expect(org.roadmap.status.id).toBe(body.organization.roadmap.status.id);
    expect(org.demographic.companyMaturity.id).toBe(body.organization.demographic.companyMaturity.id);
    expect(org.demographic.hqRegion.id).toBe(body.organization.demographic.hqRegion.id);
    expect(org.demographic.industries.map((r: { id: number }) => r.id).sort()).toEqual(
      [industry.id, otherIndustry].sort(),
    );
    expect(org.demographic.supplyChainRoles.map((r: { id: number }) => r.id)).toEqual([role]);
    for (const [i, r] of roles.entries())
      expect(
        org.functionalRoleAliases.find((a: { id: number }) => a.id === r.id)?.alias,
        `alias of role ${r.id}`,
      ).toBe(`Alias ${i}`);
    const assessments = await assessmentIds(app);
    const roadmap = await app.deps.db
      .selectFrom('roadmaps')
      .selectAll()
      .where('organizationId', '=', id)
      .executeTakeFirstOrThrow();
    expect(roadmap).toMatchObject({
      currentStateAssessmentId: assessments.current,
      futureStateAssessmentId: assessments.future,
    });
    expect(roadmap.statusChangedAt).toBe(roadmap.createdAt);
  });

  it('lets a new row take a name a saved row gave up earlier in the save, and refuses one given up later', async () => {
    const app = await appPromise;
    const { id, userNames } = await buildManufacturer(app, await adminToken);
    const [avery, blake] = (await stored(id)).users;
    const freed = userNames[0];
    const renamed = unique('renamed');
    const rows = (newFirst: boolean) => {
      const rename = { id: avery!.id, fullName: 'Avery Stone', userName: renamed };
      const taker = { id: -31, fullName: 'Name Taker', userName: freed };
      const keep = { id: blake!.id, fullName: 'Blake Rivers', userName: userNames[1], champion: true };
      return newFirst ? [taker, rename, keep] : [rename, taker, keep];
    };

    // The name is still Avery's when the new row comes first: nothing is saved.
    const refused = await save(await manufacturerSave(app, { id, users: rows(true) }));
    expect(refused.json()).toMatchObject({
      isSuccess: false,
      message: messages.organization.userNameTaken(freed),
    });
    expect((await stored(id)).users.map((u) => u.userName)).toEqual(userNames);

    const saved = await save(await manufacturerSave(app, { id, users: rows(false) }));
    expect(saved.json()).toMatchObject({ isSuccess: true });
    const users = (await stored(id)).users;
    expect(users.map((u) => u.userName)).toEqual([renamed, userNames[1], freed]);
  });

  it('refuses a new row whose name someone else holds, or another new row of the save claims', async () => {
    const app = await appPromise;
    const other = await buildManufacturer(app, await adminToken);
    const { id, userNames } = await buildManufacturer(app, await adminToken);
    const [avery, blake] = (await stored(id)).users;
    const saved = [
      { id: avery!.id, fullName: 'Avery Stone', userName: userNames[0] },
      { id: blake!.id, fullName: 'Blake Rivers', userName: userNames[1], champion: true },
    ];
    const twice = unique('twice');
    for (const [users, taken] of [
      [
        [...saved, { id: -41, fullName: 'Someone Else', userName: other.userNames[0].toUpperCase() }],
        other.userNames[0].toUpperCase(),
      ],
      [
        [
          ...saved,
          { id: -42, fullName: 'One', userName: twice },
          { id: -43, fullName: 'Two', userName: twice.toUpperCase() },
        ],
        twice.toUpperCase(),
      ],
    ] as const) {
      const res = await save(await manufacturerSave(app, { id, users: [...users] }));
      expect(res.json()).toMatchObject({
        isSuccess: false,
        message: messages.organization.userNameTaken(taken),
      });
    }
    expect((await stored(id)).users.map((u) => u.userName)).toEqual(userNames);
  });

  it('refuses a new organization invite naming a person of another organization, and writes nothing', async () => {
    const app = await appPromise;
    const other = await buildManufacturer(app, await adminToken);
    const outsider = (await stored(other.id)).users[0]!;
    const assessments = await assessmentIds(app);
    const name = unique('Maker ');
    const body = await manufacturerSave(app, {
      name,
      users: [{ id: -1, fullName: 'New Person', userName: unique('newperson') }],
    });
    body.assessmentInvites.push({
      id: -9,
      respondent: { id: outsider.id },
      assessment: { id: assessments.current },
      sendInvite: false,
      isActive: true,
    });
    const auditBefore = await lastAuditId();
    const res = await api(app, {
      method: 'POST',
      url: '/api/admin/organization/add',
      token: await adminToken,
      payload: body,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ message: messages.organization.userNotOfOrganization });
    const db = app.deps.db;
    expect(await db.selectFrom('organizations').select('id').where('name', '=', name).execute()).toEqual([]);
    expect(await auditSince(auditBefore)).toEqual([]);
    expect((await stored(other.id)).invites.filter((i) => i.respondentId === outsider.id)).toHaveLength(2);
  });
});
