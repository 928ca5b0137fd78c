import { afterAll, describe, expect, it } from 'vitest';
import { OrganizationType, UserGroup } from '../../domain/codes.js';
import { messages } from '../../domain/messages.js';
import { unique } from '../test/factories.js';
import { ADMIN, api, buildTestApp, buildUser, login, testDialects } from '../test/helpers.js';
import {
  assessmentIds,
  buildFirm,
  buildManufacturer as buildManufacturerRow,
  manufacturerSave,
  setRoadmapStatus,
  signInAs,
  submitAssessment,
} from '../test/organizations.js';
import { startTestSmtp } from '../test/smtp.js';

describe.each(testDialects())('organizations on %s', (dialect) => {
  const smtpPromise = startTestSmtp();
  afterAll(async () => (await smtpPromise).close());
  const appPromise = smtpPromise.then((smtp) =>
    buildTestApp(dialect, { SMTP_URL: smtp.url, PUBLIC_URL: 'http://localhost:5173' }),
  );
  const adminToken = appPromise.then((app) => login(app, ADMIN.userName, ADMIN.password));

  const call = async (url: string, payload: object, token?: string | Promise<string>) =>
    api(await appPromise, {
      method: 'POST',
      url: `/api/${url}`,
      token: await (token ?? adminToken),
      payload,
    });
  const get = async (url: string, token: string) =>
    api(await appPromise, { method: 'GET', url: `/api/${url}`, token });

  const buildManufacturer = async (options: Parameters<typeof manufacturerSave>[1] = {}) =>
    buildManufacturerRow(await appPromise, await adminToken, options);
  const tokenOf = async (userName: string) => signInAs(await appPromise, userName);

  it('creates a manufacturer with demographics, users and invites in one save, and mails the invites asked for', async () => {
    const smtp = await smtpPromise;
    const { id, userNames } = await buildManufacturer({ sendInvites: true });
    const org = (await call('admin/organization/getbyid', { id })).json();
    expect(org).toMatchObject({
      id,
      type: { enumValue: OrganizationType.Manufacturer, name: 'Manufacturer' },
      state: { name: 'Ohio' },
      demographic: { hqRegion: { code: 'north-america' }, industries: [{ code: 'naics-332' }] },
      roadmap: {
        status: { code: 'PreAssessment' },
        benchmark: null,
        currentStateAssessment: { code: 'current-state' },
      },
      isActive: true,
      activeUserCount: 2,
    });
    expect(
      org.functionalRoleAliases.find((a: { alias: string | null }) => a.alias === 'Leaders'),
    ).toBeTruthy();

    const users = (
      await call('admin/user/search/byorg', { query: '', skip: 0, take: 9999, organizationId: id })
    ).json();
    expect(users.count).toBe(2);
    expect(users.data.map((u: { group: { enumValue: number } }) => u.group.enumValue).sort()).toEqual([
      UserGroup.ManufacturerChampion,
      UserGroup.Manufacturer,
    ]);
    const blake = (
      await call('admin/user/search/byorg', { query: ' blake ', take: 9999, organizationId: id })
    ).json();
    expect(blake.data.map((u: { fullName: string }) => u.fullName)).toEqual(['Blake Rivers']);
    const blakesInvites = (
      await call('admin/assessmentInvite/search/byorg', { query: 'BLAKE', take: 9999, organizationId: id })
    ).json();
    expect(blakesInvites.count).toBe(2);
    const invites = (
      await call('admin/assessmentInvite/search/byorg', { skip: 0, take: 9999, organizationId: id })
    ).json();
    expect(invites.count).toBe(4);
    const current = invites.data.filter(
      (i: { assessment: { code: string } }) => i.assessment.code === 'current-state',
    );
    expect(current.every((i: { updatedDateTime: string | null }) => i.updatedDateTime !== null)).toBe(true);

    // Each new person gets their current-state invite with a link to choose a password.
    const mail = await smtp.waitFor((m) => m.to.includes(`${userNames[0]}@example.com`.toLowerCase()));
    expect(mail.subject).toContain('Current State');
    expect(mail.links.some((l) => l.startsWith('http://localhost:5173/invite/'))).toBe(true);
  });

  it('refuses an incomplete organization with the messages of docs/product.md and creates nothing', async () => {
    const app = await appPromise;
    const before = await app.deps.db
      .selectFrom('organizations')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    const body = await manufacturerSave(app, { users: [{ id: -1, fullName: '', userName: unique('x') }] });
    body.organization.name = ' ';
    (body.organization as { businessType: unknown }).businessType = { id: -1 };
    (body.organization as { demographic: unknown }).demographic = null;
    const res = await call('admin/organization/add', body);
    expect(res.statusCode).toBe(400);
    const message = res.json().message as string;
    for (const text of [
      messages.organization.nameRequired,
      messages.organization.businessAreaRequired,
      messages.organization.demographicMissing,
      messages.organization.userDataMissing,
    ])
      expect(message).toContain(text);
    const noInvites = await manufacturerSave(app, {
      users: [{ id: -1, fullName: 'Casey', userName: unique('y') }],
    });
    noInvites.assessmentInvites = [];
    expect((await call('admin/organization/add', noInvites)).json().message).toContain(
      messages.organization.inviteDataMissing,
    );
    const after = await app.deps.db
      .selectFrom('organizations')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    expect(Number(after?.n)).toBe(Number(before?.n));
  });

  it('answers bad input with a readable 400 (or 403/404) and changes nothing', async () => {
    const { id, body } = await buildManufacturer();
    const update = (organization: object, extra: object = {}) =>
      call('admin/organization/update', {
        ...body,
        organization: { ...body.organization, id, ...organization },
        users: [],
        assessmentInvites: [],
        ...extra,
      });
    // A state where a business type belongs, and a business type of consulting firms.
    const state = body.organization.state.id;
    let res = await update({ businessType: { id: state } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/businessType: not a valid business type/);
    res = await update({ consultingFirm: { id } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/consultingFirm: not an active consulting firm/);
    expect((await call('admin/organization/update', { organization: 'nonsense' })).statusCode).toBe(400);
    expect((await call('admin/organization/getbyid', { id: 'x' })).statusCode).toBe(400);
    expect((await update({ id: 99_999_999 })).statusCode).toBe(404);
    // A user or an invite of another organization cannot be pulled in.
    const stranger = await buildManufacturer();
    const strangerUsers = (
      await call('admin/user/search/byorg', { organizationId: stranger.id, take: 9999 })
    ).json().data;
    const strangerInvites = (
      await call('admin/assessmentInvite/search/byorg', { organizationId: stranger.id, take: 9999 })
    ).json().data;
    const strangerInvite = {
      id: strangerInvites[0].id,
      respondent: { id: strangerInvites[0].respondent.id },
      assessment: { id: strangerInvites[0].assessment.id },
      isActive: true,
    };
    res = await update(
      {},
      {
        users: [{ ...strangerUsers[0], fullName: 'Moved', isActive: true }],
        assessmentInvites: [strangerInvite],
      },
    );
    expect(res.statusCode).toBe(403);
    res = await update({}, { assessmentInvites: [{ ...strangerInvite, isActive: false }] });
    expect(res.statusCode).toBe(403);
    const after = (await call('admin/organization/getbyid', { id: stranger.id })).json();
    expect(after.activeUserCount).toBe(2);
    expect(
      (await call('admin/assessmentInvite/search/byorg', { organizationId: stranger.id, take: 9999 })).json()
        .count,
    ).toBe(4);
  });

  it('rolls the whole save back when a user half-way through is refused', async () => {
    const app = await appPromise;
    const taken = (await buildUser(app, UserGroup.Visitor)).userName;
    const fresh = unique('fresh');
    const body = await manufacturerSave(app, {
      users: [
        { id: -1, fullName: 'Dana Fresh', userName: fresh },
        { id: -2, fullName: 'Eli Taken', userName: taken },
      ],
    });
    const res = await call('admin/organization/add', body);
    expect(res.json()).toEqual({ isSuccess: false, message: messages.organization.userNameTaken(taken) });
    const org = await app.deps.db
      .selectFrom('organizations')
      .select('id')
      .where('name', '=', body.organization.name)
      .execute();
    expect(org).toHaveLength(0);
    const user = await app.deps.db
      .selectFrom('users')
      .select('id')
      .where('userNameKey', '=', fresh.toLowerCase())
      .execute();
    expect(user).toHaveLength(0);
  });

  it('lets each role reach only its own organizations (the authorization matrix)', async () => {
    const app = await appPromise;
    const { firmId, consultant } = await buildFirm(app, await adminToken);
    const other = await buildFirm(app, await adminToken);
    const { id, userNames } = await buildManufacturer({ consultingFirmId: firmId });
    const champion = await tokenOf(userNames[1]!);
    const maker = await tokenOf(userNames[0]!);
    const otherMaker = await buildManufacturer();
    const otherChampion = await tokenOf(otherMaker.userNames[1]!);
    const visitor = await buildUser(app, UserGroup.Visitor);
    const cases: [string, string | Promise<string>, number][] = [
      ['admin', adminToken, 200],
      ['consultant of the firm', consultant.token, 200],
      ['consultant of another firm', other.consultant.token, 403],
      ['champion of the organization', champion, 200],
      ['champion of another', otherChampion, 403],
      ['manufacturer', maker, 403],
      ['visitor', visitor.token, 403],
    ];
    for (const [who, token, status] of cases) {
      const byId = await call('admin/organization/getbyid', { id }, token);
      expect([who, byId.statusCode]).toEqual([who, status]);
      const users = await call('admin/user/search/byorg', { organizationId: id, take: 9999 }, token);
      expect([who, users.statusCode]).toEqual([who, status]);
      const invites = await call(
        'admin/assessmentInvite/search/byorg',
        { organizationId: id, take: 9999 },
        token,
      );
      expect([who, invites.statusCode]).toEqual([who, status]);
    }
    // A save outside one's reach changes nothing, whatever the body says.
    const body = await manufacturerSave(app, { id, name: 'Hijacked' });
    expect((await call('admin/organization/update', body, other.consultant.token)).statusCode).toBe(403);
    expect((await call('admin/organization/update', body, otherChampion)).statusCode).toBe(403);
    expect((await call('admin/organization/getbyid', { id })).json().name).not.toBe('Hijacked');
    // The consultant's list holds their manufacturers only; other lists are the institute's.
    const list = (
      await call('admin/organization/search/bytype', { type: 3, take: 100 }, consultant.token)
    ).json();
    expect(list.data.map((o: { id: number }) => o.id)).toEqual([id]);
    expect((await call('admin/organization/search/bytype', { type: 2 }, consultant.token)).statusCode).toBe(
      403,
    );
    expect((await call('admin/organization/search/bytype', { type: 3 }, champion)).statusCode).toBe(403);
  });

  it("keeps the institute's fields from others and lets a champion invite a colleague", async () => {
    const smtp = await smtpPromise;
    const app = await appPromise;
    const { id, userNames } = await buildManufacturer();
    const champion = await tokenOf(userNames[1]!);
    const mine = (await get('admin/organization/mine', champion)).json();
    expect(mine.id).toBe(id);
    const colleague = unique('colleague');
    const users = (await call('admin/user/search/byorg/mine', { take: 9999 }, champion)).json().data;
    const body = await manufacturerSave(app, {
      id,
      name: mine.name,
      users: [{ id: -7, fullName: 'Frankie Colleague', userName: colleague }],
      sendInvites: true,
    });
    (body.organization as { excludeFromBenchmark?: boolean }).excludeFromBenchmark = true;
    body.organization.roadmap = { status: { id: 999_999 } };
    body.users.push(...users.map((u: Record<string, unknown>) => ({ ...u, isActive: true })));
    const res = await call('admin/organization/update', body, champion);
    expect(res.json()).toMatchObject({ isSuccess: true });
    const after = (await call('admin/organization/getbyid', { id })).json();
    expect(after).toMatchObject({
      excludeFromBenchmark: false,
      roadmap: { status: { code: 'PreAssessment' } },
    });
    expect(after.activeUserCount).toBe(3);
    const mail = await smtp.waitFor((m) => m.to.includes(`${colleague}@example.com`.toLowerCase()));
    expect(mail.links.some((l) => l.includes('/invite/'))).toBe(true);
  });

  it("refuses users where docs/product.md says so: a consultant's own firm", async () => {
    const app = await appPromise;
    const { firmId, consultant } = await buildFirm(app, await adminToken);
    const firm = (await get('admin/organization/mine', consultant.token)).json();
    expect(firm.id).toBe(firmId);
    const res = await call(
      'admin/organization/update',
      {
        organization: { ...firm, businessType: { id: firm.businessType.id } },
        users: [
          {
            id: -1,
            fullName: 'New Consultant',
            userName: unique('nc'),
            email: 'nc@example.com',
            group: { enumValue: 2 },
            isActive: true,
          },
        ],
        assessmentInvites: [],
      },
      consultant.token,
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(messages.organization.notPermittedToAddUser);
  });

  it('gates invites by roadmap status, keeps results, and deletes or re-sends within reach', async () => {
    const app = await appPromise;
    const smtp = await smtpPromise;
    const assessments = await assessmentIds(app);
    const { id, userNames, body } = await buildManufacturer();
    const invites = (
      await call('admin/assessmentInvite/search/byorg', { organizationId: id, take: 9999 })
    ).json().data;
    const users = (await call('admin/user/search/byorg', { organizationId: id, take: 9999 })).json().data;
    const future = invites.find(
      (i: { assessment: { code: string } }) => i.assessment.code === 'future-state',
    );

    // Future-state invites cannot change before the future-state stage.
    const del = await call('admin/assessmentinvite/delete', { id: future.id });
    expect(del.json()).toEqual({ isSuccess: false, message: messages.organization.futureInvitesLocked });
    const save = {
      ...body,
      organization: { ...body.organization, id },
      users: [],
      assessmentInvites: [
        {
          id: future.id,
          respondent: { id: future.respondent.id },
          assessment: { id: assessments.future },
          isActive: false,
        },
      ],
    };
    expect((await call('admin/organization/update', save)).json()).toEqual({
      isSuccess: false,
      message: messages.organization.futureInvitesLocked,
    });

    // A current-state invite can be re-sent now, and deleted at pre-assessment.
    const current = invites.find(
      (i: { assessment: { code: string }; respondent: { userName: string } }) =>
        i.assessment.code === 'current-state' && i.respondent.userName === userNames[0],
    );
    const resent = await call('admin/assessmentinvite/sendinvite', { invite: { id: current.id } });
    expect(resent.json()).toEqual({ isSuccess: true, message: messages.organization.inviteResent });
    await smtp.waitFor((m) => m.to.includes(`${userNames[0]}@example.com`.toLowerCase()));
    const otherFirm = await buildFirm(app, await adminToken);
    expect(
      (
        await call(
          'admin/assessmentinvite/sendinvite',
          { invite: { id: current.id } },
          otherFirm.consultant.token,
        )
      ).statusCode,
    ).toBe(403);
    expect(
      (await call('admin/assessmentinvite/delete', { id: current.id }, otherFirm.consultant.token))
        .statusCode,
    ).toBe(403);
    expect((await call('admin/assessmentinvite/delete', { id: current.id })).json().isSuccess).toBe(true);
    const left = (
      await call('admin/assessmentInvite/search/byorg', { organizationId: id, take: 9999 })
    ).json();
    expect(left.count).toBe(3);
    expect(users).toHaveLength(2);
  });

  it('deactivates consulting firms only, for admins only', async () => {
    const app = await appPromise;
    const { firmId, consultant } = await buildFirm(app, await adminToken);
    expect((await call('admin/organization/delete', { id: firmId }, consultant.token)).statusCode).toBe(403);
    const maker = await buildManufacturer();
    expect((await call('admin/organization/delete', { id: maker.id })).json().isSuccess).toBe(false);
    expect((await call('admin/organization/delete', { id: firmId })).json()).toEqual({
      isSuccess: true,
      message: messages.admin.deactivated,
    });
    expect((await call('admin/organization/getbyid', { id: firmId })).json().isActive).toBe(false);
    const firms = (await get('organization/consultingfirms', await adminToken)).json();
    expect(firms.some((f: { id: number }) => f.id === firmId)).toBe(false);
  });

  it('lists by type with suffixed names and the unassigned filter, and offers blank and copied organizations', async () => {
    const app = await appPromise;
    const { firmId } = await buildFirm(app, await adminToken);
    const assigned = await buildManufacturer({ consultingFirmId: firmId, name: unique('Assigned ') });
    const loose = await buildManufacturer({ name: unique('Loose ') });
    const all = (await call('admin/organization/search/bytype', { type: 3, take: 10_000 })).json();
    const row = all.data.find((o: { id: number }) => o.id === assigned.id);
    expect(row).toMatchObject({
      displayName: `${assigned.body.organization.name} (Ohio)`,
      consultingFirm: { id: firmId },
    });
    const unassigned = (
      await call('admin/organization/search/bytype', { type: 3, unassigned: true, take: 10_000 })
    ).json();
    const ids = unassigned.data.map((o: { id: number }) => o.id);
    expect(ids).toContain(loose.id);
    expect(ids).not.toContain(assigned.id);
    const firms = (
      await call('admin/organization/search/bytype', { type: 2, query: 'Firm', take: 10_000 })
    ).json();
    expect(firms.data.find((o: { id: number }) => o.id === firmId).displayName).toMatch(/\(Michigan\)$/);

    const blank = (await call('admin/organization/init', { enumValue: 3 })).json();
    expect(blank).toMatchObject({ id: null, roadmap: { status: { code: 'PreAssessment' } } });
    expect(blank.functionalRoleAliases.length).toBeGreaterThan(0);
    const copy = (await call('admin/organization/copy', { id: loose.id })).json();
    expect(copy).toMatchObject({ id: null, name: `${loose.body.organization.name} (Copy)` });
    expect((await call('admin/organization/init', { enumValue: 42 })).statusCode).toBe(400);
  });

  it('sorts the lists on the server by the column and direction asked, and refuses an unknown column', async () => {
    const app = await appPromise;
    const tag = unique('Sorted');
    const { firmId } = await buildFirm(app, await adminToken);
    // Made in an order that none of the sorts below gives back.
    const made = [
      await buildManufacturer({ name: `B ${tag}`, status: 'FutureState', consultingFirmId: firmId }),
      await buildManufacturer({ name: `c ${tag}`, status: 'PreAssessment' }),
      await buildManufacturer({ name: `A ${tag}`, status: 'CurrentState', consultingFirmId: firmId }),
    ];
    const nameOf = new Map(made.map((m) => [m.id, m.body.organization.name.split(' ')[0]]));
    const sorted = async (sort?: object, take = 50) => {
      const res = await call('admin/organization/search/bytype', {
        type: 3,
        query: tag,
        skip: 0,
        take,
        sort,
      });
      return res.json().data.map((o: { id: number }) => nameOf.get(o.id));
    };
    expect(await sorted()).toEqual(['A', 'B', 'c']);
    expect(await sorted({ column: 'name', direction: 'desc' })).toEqual(['c', 'B', 'A']);
    // Paging follows the order.
    expect(await sorted({ column: 'name', direction: 'desc' }, 1)).toEqual(['c']);
    // The roadmap's stages in their own order, not alphabetically.
    expect(await sorted({ column: 'roadmapStatus', direction: 'asc' })).toEqual(['c', 'A', 'B']);
    expect(await sorted({ column: 'roadmapStatus', direction: 'desc' })).toEqual(['B', 'A', 'c']);
    // No consulting firm comes last either way.
    expect(await sorted({ column: 'consultingFirm', direction: 'desc' })).toEqual(['A', 'B', 'c']);
    expect(await sorted({ column: 'hqRegion' })).toEqual(['A', 'B', 'c']);
    const refused = await call('admin/organization/search/bytype', { type: 3, sort: { column: 'password' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('sort.column must be one of name');
  });

  it('generates a benchmark once the roadmap reports and a current-state result is in', async () => {
    const app = await appPromise;
    const { id, userNames, body } = await buildManufacturer();
    const gen = () => call('admin/benchmark/generate/byorg', { id });
    expect((await gen()).json().isSuccess).toBe(false);
    // The first user takes the current state, and the roadmap moves on to reporting.
    await submitAssessment(app, await tokenOf(userNames[0]!), 'current-state', 2);
    await setRoadmapStatus(app, id, 'CurrentStateReporting');
    const generated = (await gen()).json();
    expect(generated).toMatchObject({ isSuccess: true, message: messages.organization.benchmarkGenerated });
    const org = (await call('admin/organization/getbyid', { id })).json();
    expect(org.roadmap.benchmark).toEqual({ id: generated.data });
    const stored = await app.deps.db
      .selectFrom('benchmarks')
      .select('data')
      .where('id', '=', generated.data)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(stored.data)).toMatchObject({ respondents: 1, overall: 3 });
    const csv = await get('admin/benchmark/download', await adminToken);
    expect(csv.headers['content-disposition']).toMatch(/SM-Roadmap-Benchmark-\d{4}-\d{2}-\d{2}\.csv/);
    const line = csv.body.split('\n').find((l) => l.includes(body.organization.name));
    expect(line).toMatch(/,1,3,3,3,3,3,3,3,3,3\r?$/);
  });
});
