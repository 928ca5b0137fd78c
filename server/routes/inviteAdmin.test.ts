import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { AssessmentType, UserGroup } from '../../domain/codes.js';
import { inviteCsvFileName } from '../../domain/rules/userLists.js';
import { inviteCsvHeader } from '../reports/inviteCsv.js';
import { unique } from '../test/factories.js';
import { ADMIN, api, buildTestApp, buildUser, login, testDialects } from '../test/helpers.js';
import { buildFirm, buildManufacturer, signInAs, submitAssessment } from '../test/organizations.js';

type InviteRow = {
  id: number;
  respondent: { fullName: string; userName: string; email: string | null; organization: { name: string } };
  assessment: { assessmentType: number };
  consultingFirm: { name: string } | null;
  assessmentResult: { completionDateTime: string } | null;
  roadmapStatus: { code: string } | null;
};

describe.each(testDialects())('admin invite list on %s', (dialect) => {
  const appPromise = buildTestApp(dialect);
  const adminToken = appPromise.then((app) => login(app, ADMIN.userName, ADMIN.password));
  const call = async (url: string, payload: object, token?: string) =>
    api(await appPromise, {
      method: 'POST',
      url: `/api/${url}`,
      token: token ?? (await adminToken),
      payload,
    });

  /** A manufacturer with a firm (one current-state result in) and one without: 8 open invites. */
  const scenario = (async () => {
    const app = await appPromise;
    const admin = await adminToken;
    const tag = unique('Inv');
    const firm = await buildFirm(app, admin);
    const assigned = await buildManufacturer(app, admin, {
      name: `Assigned ${tag}`,
      consultingFirmId: firm.firmId,
    });
    const lone = await buildManufacturer(app, admin, { name: `Lone ${tag}` });
    await submitAssessment(app, await signInAs(app, assigned.userNames[0]), 'current-state', 2);
    return { tag, firm, assigned, lone };
  })();

  const search = async (body: object) => {
    const { tag } = await scenario;
    const res = await call('admin/assessmentinvite/search', { query: tag, skip: 0, take: 50, ...body });
    expect(res.statusCode).toBe(200);
    return res.json() as { data: InviteRow[]; count: number };
  };

  it('counts every active invite when no text narrows the list, with each filter alone', async () => {
    await scenario;
    const { db } = (await appPromise).deps;
    const countOf = async (q: { execute: () => Promise<unknown[]> }) => (await q.execute()).length;
    const invites = db.selectFrom('assessmentInvites as i').select('i.id').where('i.isActive', '=', 1);
    const expectCount = async (body: object, expected: number) => {
      const res = await call('admin/assessmentinvite/search', { query: '', skip: 0, take: 5, ...body });
      expect(res.json().count).toBe(expected);
    };
    await expectCount({}, await countOf(invites));
    const completed = invites.innerJoin('assessmentResults as r', 'r.assessmentInviteId', 'i.id');
    await expectCount({ isComplete: true }, await countOf(completed));
    await expectCount({ isComplete: false }, (await countOf(invites)) - (await countOf(completed)));
    const future = invites
      .innerJoin('assessments as a', 'a.id', 'i.assessmentId')
      .where('a.assessmentType', '=', AssessmentType.FutureState);
    await expectCount({ assessmentType: AssessmentType.FutureState }, await countOf(future));
    const unassigned = invites
      .innerJoin('organizations as o', 'o.id', 'i.organizationId')
      .where('o.type', '=', 3)
      .where('o.consultingFirmId', 'is', null);
    await expectCount({ unassigned: true }, await countOf(unassigned));
  });

  it('lists active invites with every filter and its count', async () => {
    const { tag, assigned } = await scenario;
    const all = await search({});
    expect(all.count).toBe(8);
    expect(all.data.map((i) => i.id)).toEqual([...all.data.map((i) => i.id)].sort((a, b) => b - a));
    const done = await search({ isComplete: true });
    expect(done.count).toBe(1);
    expect(done.data[0]).toMatchObject({
      respondent: {
        userName: assigned.userNames[0],
        email: `${assigned.userNames[0]}@example.com`,
        organization: { name: `Assigned ${tag}` },
      },
      assessment: { assessmentType: AssessmentType.CurrentState },
      roadmapStatus: { code: 'PreAssessment' },
    });
    expect(done.data[0]!.assessmentResult?.completionDateTime).toBeTruthy();
    expect(done.data[0]!.consultingFirm).not.toBeNull();
    expect((await search({ isComplete: false })).count).toBe(7);
    expect((await search({ assessmentType: AssessmentType.CurrentState })).count).toBe(4);
    expect((await search({ assessmentType: { enumValue: 2 }, isComplete: 'false' })).count).toBe(4);
    expect((await search({ assessmentType: AssessmentType.CurrentState, isComplete: false })).count).toBe(3);
    const unassigned = await search({ unassigned: true, assessmentType: AssessmentType.CurrentState });
    expect(unassigned.count).toBe(2);
    expect(unassigned.data.every((i) => i.respondent.organization.name === `Lone ${tag}`)).toBe(true);
    expect((await search({ assessmentType: AssessmentType.Trial })).count).toBe(0);
    // Query: the respondent's name or user name, or the organization's name.
    expect((await search({ query: 'blake rivers' })).count).toBeGreaterThanOrEqual(4);
    expect((await search({ query: assigned.userNames[1].toUpperCase() })).count).toBe(2);
    expect((await search({ query: `lone ${tag}` })).count).toBe(4);
    // Paging keeps the count.
    const page = await search({ skip: 6, take: 4 });
    expect(page.count).toBe(8);
    expect(page.data.map((i) => i.id)).toEqual(all.data.slice(6).map((i) => i.id));
    // A deleted (deactivated) invite leaves the list.
    const open = all.data.find(
      (i) =>
        !i.assessmentResult &&
        i.assessment.assessmentType === AssessmentType.CurrentState &&
        i.respondent.organization.name === `Lone ${tag}`,
    )!;
    expect((await call('admin/assessmentinvite/delete', { id: open.id })).json().isSuccess).toBe(true);
    expect((await search({})).count).toBe(7);
  });

  it('downloads the same filters as streamed CSV, checked row by row', async () => {
    const { tag, assigned } = await scenario;
    const list = await search({ isComplete: false });
    const res = await call('admin/assessmentinvite/download', {
      query: tag,
      skip: null,
      take: null,
      isComplete: false,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain(
      `filename="${inviteCsvFileName({ isComplete: false }, new Date())}"`,
    );
    const [header, ...rows] = parse(res.body) as string[][];
    expect(header).toEqual([...inviteCsvHeader]);
    expect(rows.map((r) => r[1])).toEqual(list.data.map((i) => i.respondent.userName));
    for (const [n, row] of rows.entries()) {
      const invite = list.data[n]!;
      expect(row.slice(0, 6)).toEqual([
        invite.respondent.fullName,
        invite.respondent.userName,
        invite.respondent.email,
        invite.respondent.organization.name,
        invite.consultingFirm?.name ?? '',
        row[5],
      ]);
      expect(row[7]).toBe('');
      expect(row[8]).toBe('No');
    }
    const completed = await call('admin/assessmentinvite/download', {
      query: assigned.userNames[0],
      isComplete: true,
      assessmentType: 1,
    });
    const [, done] = parse(completed.body) as string[][];
    expect(done![7]).toMatch(/^\d{1,2}\/\d{1,2}\/\d{4}$/);
    expect(completed.headers['content-disposition']).toContain('SM-Roadmap-Invites-CurrentState-Completed-');
  });

  it('is for admins only (paths case-insensitive), and answers bad filters with 400', async () => {
    const app = await appPromise;
    const { firm } = await scenario;
    const mixed = await call('admin/AssessmentInvite/Search', { Query: (await scenario).tag, Take: 1 });
    expect(mixed.json().count).toBeGreaterThan(0);
    const visitor = await buildUser(app, UserGroup.Visitor);
    for (const path of ['search', 'download']) {
      for (const token of [firm.consultant.token, visitor.token])
        expect((await call(`admin/assessmentinvite/${path}`, {}, token)).statusCode).toBe(403);
      const anonymous = await api(app, {
        method: 'POST',
        url: `/api/admin/assessmentinvite/${path}`,
        payload: {},
      });
      expect(anonymous.statusCode).toBe(401);
      expect((await call(`admin/assessmentinvite/${path}`, { assessmentType: 7 })).statusCode).toBe(400);
    }
  });

  it('sorts on the server by respondent, organization and dates, and refuses an unknown column', async () => {
    const { tag } = await scenario;
    const sorted = async (column: string, direction: string, take = 50) =>
      (await search({ sort: { column, direction }, take })).data;
    // No order asked: newest invite first, as before.
    const newest = (await search({})).data.map((i) => i.id);
    expect(newest).toEqual([...newest].sort((a, b) => b - a));

    // Avery Stone and Blake Rivers at two manufacturers, Assigned and Lone.
    const people = (rows: InviteRow[]) => rows.map((i) => i.respondent.fullName);
    const byPerson = people(await sorted('respondent', 'asc'));
    expect(new Set(byPerson).size).toBe(2);
    expect(byPerson).toEqual([...byPerson].sort());
    expect(people(await sorted('respondent', 'desc', 2))).toEqual(['Blake Rivers', 'Blake Rivers']);
    const organizations = (rows: InviteRow[]) =>
      rows.map((i) => i.respondent.organization.name.split(' ')[0]);
    const byOrganization = organizations(await sorted('organization', 'desc'));
    expect(byOrganization[0]).toBe('Lone');
    expect(byOrganization).toEqual([...byOrganization].sort().reverse());

    // The one completed invite comes first; the pending ones, without a date, last in either direction.
    for (const direction of ['asc', 'desc']) {
      const rows = await sorted('completed', direction);
      expect(rows[0]!.assessmentResult).not.toBeNull();
      expect(rows.slice(1).every((i) => i.assessmentResult === null)).toBe(true);
    }

    // Invited dates: three set, the rest never sent (no date) and last either way.
    const { db } = (await appPromise).deps;
    const ids = newest.slice(0, 3);
    for (const [n, id] of ids.entries())
      await db
        .updateTable('assessmentInvites')
        .set({ invitedAt: `202${n}-05-01T10:00:00.000Z` })
        .where('id', '=', id)
        .execute();
    await db
      .updateTable('assessmentInvites')
      .set({ invitedAt: null })
      .where('id', 'in', newest.slice(3))
      .execute();
    expect((await sorted('invitedAt', 'desc')).map((i) => i.id).slice(0, 3)).toEqual([
      ids[2],
      ids[1],
      ids[0],
    ]);
    expect((await sorted('invitedAt', 'asc')).map((i) => i.id).slice(0, 3)).toEqual(ids);

    const refused = await call('admin/assessmentinvite/search', { query: tag, sort: { column: 'email' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('sort.column must be one of respondent');
  });

  it("finds invites by the respondent's name or user name, taking % and _ literally", async () => {
    const { assigned } = await scenario;
    const { db } = (await appPromise).deps;
    const userName = assigned.userNames[1]!;
    const mark = unique('Pq');
    await db
      .updateTable('users')
      .set({ fullName: `Ro ${mark} 7%_x` })
      .where('userName', '=', userName)
      .execute();
    const listed = async (query: string) =>
      (await call('admin/assessmentinvite/search', { query, skip: 0, take: 50 })).json() as {
        data: InviteRow[];
        count: number;
      };
    const byName = await listed(`${mark} 7%_X`);
    expect(byName.count).toBeGreaterThan(0);
    expect(byName.data.map((r) => r.respondent.userName)).toEqual(byName.data.map(() => userName));
    expect((await listed(`${mark} 7%xx`)).count).toBe(0);
    const byUserName = await listed(userName.toUpperCase());
    expect(byUserName.data.map((r) => r.id)).toEqual(byName.data.map((r) => r.id));
    expect(byUserName.count).toBe(byName.count);
  });
});
