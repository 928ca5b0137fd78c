import { describe, expect, it } from 'vitest';
import { UserGroup } from '../../domain/codes.js';
import { actionTexts } from '../../domain/rules/actions.js';
import type { ActionView } from '../../domain/schemas/actions.js';
import { ADMIN, api, buildTestApp, buildUser, login, testDialects } from '../test/helpers.js';
import { postAs, setAnonymize } from '../test/insights.js';
import { assessmentIds, buildFirm, buildManufacturer, signInAs } from '../test/organizations.js';
import { currentSectionIds, userIdOf } from '../test/plans.js';
import { addRespondent, submitBySection } from '../test/reports.js';

// The action calls of docs/decisions.md#insights-actions, through the API, on both databases.

const today = () => new Date().toISOString().slice(0, 10);

describe.each(testDialects())('action plans on %s', (dialect) => {
  const appPromise = buildTestApp(dialect, { LOGIN_MAX_PER_ADDRESS: '1000' });
  const adminToken = appPromise.then((app) => login(app, ADMIN.userName, ADMIN.password));

  const post = async (url: string, payload: object, token?: string) =>
    postAs(await appPromise, url, token ?? (await adminToken), payload);
  const search = async (payload: object, token?: string) => {
    const res = await post('organization/action/search', payload, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { data: ActionView[]; count: number };
  };
  const add = async (payload: object, token?: string) => {
    const res = await post('organization/action/add', payload, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.id as number;
  };

  /** A manufacturer of a firm with its champion and plain member signed in, and everyone around it. */
  async function cast() {
    const app = await appPromise;
    const admin = await adminToken;
    const firm = await buildFirm(app, admin);
    const other = await buildFirm(app, admin);
    const maker = await buildManufacturer(app, admin, { consultingFirmId: firm.firmId });
    const elsewhere = await buildManufacturer(app, admin);
    const idOf = (userName: string) => userIdOf(app, userName);
    return {
      id: maker.id,
      elsewhereId: elsewhere.id,
      memberId: await idOf(maker.userNames[0]),
      championId: await idOf(maker.userNames[1]),
      outsiderId: await idOf(elsewhere.userNames[0]),
      sections: await currentSectionIds(app),
      tokens: {
        admin,
        consultantOwn: firm.consultant.token,
        consultantOther: other.consultant.token,
        championOwn: await signInAs(app, maker.userNames[1]),
        championOther: await signInAs(app, elsewhere.userNames[1]),
        manufacturer: await signInAs(app, maker.userNames[0]),
        visitor: (await buildUser(app, UserGroup.Visitor)).token,
      },
    };
  }

  async function auditOf(entityId: number) {
    const app = await appPromise;
    return app.deps.db
      .selectFrom('auditLog')
      .select(['action', 'entity', 'actorId'])
      .where('entity', '=', 'action')
      .where('entityId', '=', entityId)
      .orderBy('id')
      .execute();
  }

  it('adds an action with its defaults and answers it in the contract’s shape, with an audit record', async () => {
    const { id, sections } = await cast();
    const actionId = await add({
      organizationId: id,
      sectionId: sections[0],
      title: '  Map the data flows  ',
    });
    const { data, count } = await search({ organizationId: id });
    expect(count).toBe(1);
    expect(data[0]).toEqual({
      id: actionId,
      organizationId: id,
      sectionId: sections[0],
      sectionName: expect.any(String),
      title: 'Map the data flows',
      description: '',
      owner: null,
      dueOn: null,
      status: 'NotStarted',
      rationale: '',
      createdOn: today(),
      updatedOn: today(),
      completedOn: null,
      overdue: false,
    });
    expect(data[0]?.sectionName.length).toBeGreaterThan(0);
    expect((await auditOf(actionId)).map((r) => r.action)).toEqual(['create']);
  });

  it('lets admins, the consultant and the champion manage the plan, its members read it, and no one else', async () => {
    const { id, sections, tokens } = await cast();
    const manages = ['admin', 'consultantOwn', 'championOwn'];
    for (const [name, token] of Object.entries(tokens)) {
      const added = await post(
        'organization/action/add',
        { organizationId: id, sectionId: sections[0], title: name },
        token,
      );
      expect(added.statusCode, `add as ${name}`).toBe(manages.includes(name) ? 200 : 403);
      const reads = manages.includes(name) || name === 'manufacturer';
      const listed = await post('organization/action/search', { organizationId: id }, token);
      expect(listed.statusCode, `search as ${name}`).toBe(reads ? 200 : 403);
      const plan = await post('organization/plan', { id }, token);
      expect(plan.statusCode, `plan as ${name}`).toBe(reads ? 200 : 403);
      const target = await add({ organizationId: id, sectionId: sections[0], title: `target of ${name}` });
      const updated = await post('organization/action/update', { id: target, dueOn: '2030-01-01' }, token);
      expect(updated.statusCode, `update as ${name}`).toBe(manages.includes(name) ? 200 : 403);
      const deleted = await post('organization/action/delete', { id: target }, token);
      expect(deleted.statusCode, `delete as ${name}`).toBe(manages.includes(name) ? 200 : 403);
    }
    const kept = (await search({ organizationId: id })).data.map((a) => a.title);
    expect(kept.filter((t) => !t.startsWith('target of')).sort()).toEqual(
      ['admin', 'championOwn', 'consultantOwn'].sort(),
    );
    expect((await post('organization/action/search', { organizationId: 99_999_999 })).statusCode).toBe(404);
    expect((await post('organization/action/update', { id: 99_999_999, title: 'x' })).statusCode).toBe(404);
    expect((await post('organization/action/delete', { id: 99_999_999 })).statusCode).toBe(404);
    const app = await appPromise;
    const anonymous = await api(app, { method: 'POST', url: '/api/organization/plan', payload: { id } });
    expect(anonymous.statusCode).toBe(401);
  });

  it('lets a plain member change only the status and reason of an action they own', async () => {
    const { id, sections, memberId, tokens } = await cast();
    const own = await add({ organizationId: id, sectionId: sections[0], title: 'Own', ownerId: memberId });
    const others = await add({ organizationId: id, sectionId: sections[0], title: 'Not mine' });
    const member = tokens.manufacturer;
    const update = (payload: object) => post('organization/action/update', payload, member);
    expect((await update({ id: own, status: 'InProgress' })).statusCode).toBe(200);
    expect((await update({ id: own, status: 'Deferred', rationale: 'Waiting for budget' })).statusCode).toBe(
      200,
    );
    // A form sends every field back: unchanged ones are no change.
    expect((await update({ id: own, title: 'Own', ownerId: memberId, status: 'Deferred' })).statusCode).toBe(
      200,
    );
    expect((await update({ id: own, title: 'Renamed' })).statusCode).toBe(403);
    expect((await update({ id: own, dueOn: '2030-01-01' })).statusCode).toBe(403);
    expect((await update({ id: others, status: 'Done' })).statusCode).toBe(403);
    expect((await post('organization/action/delete', { id: own }, member)).statusCode).toBe(403);
    const { data } = await search({ organizationId: id });
    const mine = data.find((a) => a.id === own);
    expect(mine).toMatchObject({
      title: 'Own',
      status: 'Deferred',
      rationale: 'Waiting for budget',
      dueOn: null,
    });
    expect(data.find((a) => a.id === others)?.status).toBe('NotStarted');
  });

  it('orders by due date with undated last, filters, and counts before the page', async () => {
    const { id, sections } = await cast();
    const base = { organizationId: id, sectionId: sections[0] };
    const late = await add({ ...base, title: 'Late', dueOn: '2020-03-01' });
    const undated = await add({ ...base, title: 'Undated' });
    const soon = await add({ ...base, title: 'Soon', dueOn: '2099-01-01', status: 'InProgress' });
    const doneLate = await add({ ...base, title: 'Done late', dueOn: '2020-01-01', status: 'Done' });
    const other = await add({ ...base, sectionId: sections[1], title: 'Other area', dueOn: '2020-02-01' });
    const ids = async (filter: object, page = {}) =>
      (await search({ organizationId: id, ...filter, ...page })).data.map((a) => a.id);
    expect(await ids({})).toEqual([doneLate, other, late, soon, undated]);
    expect(await ids({ overdue: true })).toEqual([other, late]);
    expect(await ids({ overdue: false })).toEqual([doneLate, soon, undated]);
    expect(await ids({ status: 'InProgress' })).toEqual([soon]);
    expect(await ids({ sectionId: sections[1] })).toEqual([other]);
    const page = await search({ organizationId: id, skip: 1, take: 2 });
    expect([page.data.map((a) => a.id), page.count]).toEqual([[other, late], 5]);
    const { data } = await search({ organizationId: id });
    expect(data.find((a) => a.id === late)?.overdue).toBe(true);
    expect(data.find((a) => a.id === doneLate)).toMatchObject({ overdue: false, completedOn: today() });
  });

  it('refuses bad input with a readable 400 and changes nothing', async () => {
    const { id, sections, outsiderId, elsewhereId } = await cast();
    const app = await appPromise;
    const inactive = await buildUser(app, UserGroup.Manufacturer, { organizationId: id, isActive: false });
    const base = { organizationId: id, sectionId: sections[0], title: 'Valid' };
    const futureOnly = await app.deps.db
      .selectFrom('assessmentSections')
      .select('sectionId')
      .where('assessmentId', '=', (await assessmentIds(app)).future)
      .where('sectionId', 'not in', sections)
      .executeTakeFirst();
    const refused: [object, string][] = [
      [{ ...base, title: '   ' }, actionTexts.titleRequired],
      [{ ...base, title: 'x'.repeat(201) }, 'Title must be at most 200 characters.'],
      [{ ...base, title: 'two\nlines' }, actionTexts.titleCharacters],
      [{ ...base, description: 'bell\u0007' }, actionTexts.descriptionCharacters],
      [{ ...base, dueOn: '2026-02-30' }, actionTexts.dueOnRange],
      [{ ...base, dueOn: '2009-12-31' }, actionTexts.dueOnRange],
      [{ ...base, dueOn: '2101-01-01' }, actionTexts.dueOnRange],
      [{ ...base, status: 'Open' }, actionTexts.statusUnknown],
      [{ ...base, status: 'WontDo' }, actionTexts.rationaleRequired],
      [{ ...base, status: 'Deferred', rationale: '   ' }, actionTexts.rationaleRequired],
      [{ ...base, ownerId: outsiderId }, actionTexts.ownerNotMember],
      [{ ...base, ownerId: inactive.id }, actionTexts.ownerNotMember],
      [{ ...base, sectionId: 99_999_999 }, actionTexts.sectionNotInPlan],
      ...(futureOnly
        ? [[{ ...base, sectionId: futureOnly.sectionId }, actionTexts.sectionNotInPlan] as [object, string]]
        : []),
    ];
    for (const [body, message] of refused) {
      const res = await post('organization/action/add', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.body, JSON.stringify(body)).toContain(message);
    }
    const kept = await add({ ...base, status: 'Deferred', rationale: 'Budget' });
    // A partial update keeps the stored reason; clearing it while Deferred is refused.
    expect((await post('organization/action/update', { id: kept, title: 'Still deferred' })).statusCode).toBe(
      200,
    );
    for (const body of [
      { id: kept, rationale: '' },
      { id: kept, status: 'WontDo', rationale: ' ' },
      { id: kept, ownerId: outsiderId },
      { id: kept, sectionId: 99_999_999 },
      { id: kept, dueOn: 'tomorrow' },
    ]) {
      const res = await post('organization/action/update', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const { data, count } = await search({ organizationId: id });
    expect(count).toBe(1);
    expect(data[0]).toMatchObject({
      title: 'Still deferred',
      status: 'Deferred',
      rationale: 'Budget',
      owner: null,
    });
    // An action belongs to a manufacturer's plan: another organization's is 400 by type, unknown 404.
    const firm = await buildFirm(app, await adminToken);
    const onFirm = await post('organization/action/add', { ...base, organizationId: firm.firmId });
    expect([onFirm.statusCode, onFirm.json().message]).toEqual([400, actionTexts.manufacturersOnly]);
    expect(
      (await post('organization/action/add', { ...base, organizationId: elsewhereId, ownerId: outsiderId }))
        .statusCode,
    ).toBe(200);
  });

  it('keeps the moment an action became Done while it stays Done, and records what changed', async () => {
    const { id, sections, memberId } = await cast();
    const actionId = await add({
      organizationId: id,
      sectionId: sections[0],
      title: 'Finish',
      ownerId: memberId,
    });
    const app = await appPromise;
    const completedAt = async () =>
      (
        await app.deps.db
          .selectFrom('actions')
          .select('completedAt')
          .where('id', '=', actionId)
          .executeTakeFirstOrThrow()
      ).completedAt;
    await post('organization/action/update', { id: actionId, status: 'Done' });
    const first = await completedAt();
    expect(first).not.toBeNull();
    const unchanged = await post('organization/action/update', {
      id: actionId,
      status: 'Done',
      title: 'Finish',
    });
    expect(unchanged.json().message).toBe(actionTexts.unchanged);
    await post('organization/action/update', { id: actionId, title: 'Finished' });
    expect(await completedAt()).toBe(first);
    await post('organization/action/update', { id: actionId, status: 'InProgress' });
    expect(await completedAt()).toBeNull();
    await post('organization/action/update', { id: actionId, ownerId: null });
    expect((await search({ organizationId: id })).data[0]?.owner).toBeNull();
    expect((await post('organization/action/delete', { id: actionId })).statusCode).toBe(200);
    expect((await search({ organizationId: id })).count).toBe(0);
    expect((await auditOf(actionId)).map((r) => r.action)).toEqual([
      'create',
      'update',
      'update',
      'update',
      'update',
      'delete',
    ]);
  });

  it('answers a person’s own open actions across organizations as My Actions', async () => {
    const { id, sections, memberId, tokens } = await cast();
    const base = { organizationId: id, sectionId: sections[0], ownerId: memberId };
    const open = await add({ ...base, title: 'Open', dueOn: '2020-01-01' });
    const working = await add({ ...base, title: 'Working', status: 'InProgress' });
    await add({ ...base, title: 'Done', status: 'Done' });
    await add({ ...base, title: 'Deferred', status: 'Deferred', rationale: 'Later' });
    await add({ ...base, ownerId: null, title: 'Nobody’s' });
    const res = await post('organization/action/mine', { skip: 0, take: 10 }, tokens.manufacturer);
    expect(res.statusCode).toBe(200);
    const { data, count } = res.json() as { data: ActionView[]; count: number };
    expect([data.map((a) => a.id), count]).toEqual([[open, working], 2]);
    expect(data[0]).toMatchObject({ overdue: true, owner: { id: memberId, fullName: 'Avery Stone' } });
    const visitor = await post('organization/action/mine', {}, tokens.visitor);
    expect(visitor.json()).toEqual({ data: [], count: 0 });
  });

  it('names owners under Anonymize Results, and a deleted owner leaves the action without one', async () => {
    const { id, sections, memberId, tokens } = await cast();
    const app = await appPromise;
    await setAnonymize(app, id, true);
    const actionId = await add({
      organizationId: id,
      sectionId: sections[0],
      title: 'Owned',
      ownerId: memberId,
    });
    const seen = await search({ organizationId: id }, tokens.consultantOwn);
    expect(seen.data[0]?.owner).toEqual({ id: memberId, fullName: 'Avery Stone' });
    await app.deps.db.deleteFrom('users').where('id', '=', memberId).execute();
    expect((await search({ organizationId: id })).data.find((a) => a.id === actionId)?.owner).toBeNull();
  });

  it('answers the plan: every current-state section by gap, its actions counted, follow-through per area', async () => {
    const app = await appPromise;
    const { id, sections, tokens } = await cast();
    const people = [
      await addRespondent(app, id, { fullName: 'Casey One', role: 'engineering' }),
      await addRespondent(app, id, { fullName: 'Drew Two', role: 'finance' }),
      await addRespondent(app, id, { fullName: 'Emery Three', role: 'quality' }),
    ];
    // Current state: the first section scores 1, the others 3; future state 5 everywhere.
    for (const p of people) {
      await submitBySection(app, p.token, 'current-state', (i) => (i === 0 ? 0 : 2));
      await submitBySection(app, p.token, 'future-state', () => 4);
    }
    const [first, second, third] = sections as [number, number, number];
    const base = { organizationId: id };
    await add({ ...base, sectionId: second, title: 'Overdue', dueOn: '2020-01-01' });
    await add({ ...base, sectionId: second, title: 'Open' });
    const doneFirst = await add({ ...base, sectionId: first, title: 'Done first', status: 'Done' });
    const doneSecond = await add({ ...base, sectionId: second, title: 'Done second', status: 'Done' });
    await app.deps.db
      .updateTable('actions')
      .set({ completedAt: '2026-06-01T10:00:00.000Z' })
      .where('id', 'in', [doneFirst, doneSecond])
      .execute();
    const round = (closedAt: string, averages: [number, number][]) => ({
      organizationId: id,
      closedAt,
      respondents: 3,
      overall: 2,
      sections: JSON.stringify(
        averages.map(([sectionId, average]) => ({ id: sectionId, name: '', average })),
      ),
      createdBy: null,
    });
    await app.deps.db
      .insertInto('progressRounds')
      .values([
        round('2026-05-01T10:00:00.000Z', [
          [first, 1],
          [second, 3],
          [third, 3],
        ]),
        round('2026-07-01T10:00:00.000Z', [
          [first, 1.5],
          [second, 3],
          [third, 3],
        ]),
      ])
      .execute();
    const res = await post('organization/plan', { id }, tokens.championOwn);
    expect(res.statusCode).toBe(200);
    const plan = res.json().sections as {
      id: number;
      current: number | null;
      future: number | null;
      gap: number | null;
      actions: { open: number; done: number; overdue: number };
      followThrough: string | null;
    }[];
    expect(plan.map((s) => s.id).sort((a, b) => a - b)).toEqual([...sections].sort((a, b) => a - b));
    expect(plan[0]).toMatchObject({ id: first, current: 1, future: 5, gap: 4, followThrough: 'Closing' });
    expect(plan.slice(1).every((s) => s.gap === 2)).toBe(true);
    const secondArea = plan.find((s) => s.id === second);
    expect(secondArea).toMatchObject({
      actions: { open: 2, done: 1, overdue: 1 },
      followThrough: 'GapNotClosed',
    });
    expect(plan.find((s) => s.id === third)?.followThrough).toBeNull();
    // The portfolio says so too, and the organization's overview with it.
    const portfolio = await post('organization/portfolio', { skip: 0, take: 10_000 });
    const row = (portfolio.json().data as { id: number; attentionReasons: string[] }[]).find(
      (r) => r.id === id,
    );
    expect(row?.attentionReasons).toContain('Gap Not Closed');
  });

  it('withholds the plan’s figures of one or two results from all but admins under Anonymize Results', async () => {
    const app = await appPromise;
    const { id, tokens } = await cast();
    const person = await addRespondent(app, id, { fullName: 'Solo Person', role: 'engineering' });
    await submitBySection(app, person.token, 'current-state', () => 1);
    await setAnonymize(app, id, true);
    const figures = async (token: string) =>
      ((await post('organization/plan', { id }, token)).json().sections as { current: number | null }[]).map(
        (s) => s.current,
      );
    expect((await figures(await adminToken)).every((c) => c === 2)).toBe(true);
    expect((await figures(tokens.championOwn)).every((c) => c === null)).toBe(true);
    expect((await figures(tokens.manufacturer)).every((c) => c === null)).toBe(true);
  });
  it('counts open and overdue actions on the portfolio and says Actions overdue, fresh after each change', async () => {
    const { id, sections } = await cast();
    const row = async () => {
      const res = await post('organization/portfolio', { skip: 0, take: 10_000 });
      expect(res.statusCode).toBe(200);
      return (
        res.json().data as {
          id: number;
          openActions: number;
          overdueActions: number;
          attentionReasons: string[];
        }[]
      ).find((r) => r.id === id);
    };
    expect(await row()).toMatchObject({ openActions: 0, overdueActions: 0 });
    const base = { organizationId: id, sectionId: sections[0] };
    const late = await add({ ...base, title: 'Late', dueOn: '2020-01-01' });
    await add({ ...base, title: 'Due today', dueOn: today() });
    await add({ ...base, title: 'Done late', dueOn: '2020-01-01', status: 'Done' });
    const first = await row();
    expect(first).toMatchObject({ openActions: 2, overdueActions: 1 });
    expect(first?.attentionReasons).toContain('Actions overdue');
    await post('organization/action/update', { id: late, status: 'Done' });
    const after = await row();
    expect(after).toMatchObject({ openActions: 1, overdueActions: 0 });
    expect(after?.attentionReasons).not.toContain('Actions overdue');
  });
  it('shows the plan’s every action on the shared roadmap link, without owners or descriptions', async () => {
    const { id, sections, memberId } = await cast();
    const base = {
      organizationId: id,
      sectionId: sections[0],
      ownerId: memberId,
      description: 'Private notes',
    };
    await add({ ...base, title: 'Undated', status: 'WontDo', rationale: 'Bought instead' });
    await add({ ...base, title: 'Dated', dueOn: '2027-03-01', status: 'Done' });
    const link = await post('organization/sharelink/add', { id, expiresInDays: 1 });
    const token = (link.json().data.url as string).split('/shared/')[1];
    const res = await api(await appPromise, { method: 'GET', url: `/api/shared/${token}` });
    expect(res.statusCode).toBe(200);
    const sectionName = (await search({ organizationId: id })).data[0]?.sectionName;
    expect(res.json().actions).toEqual([
      { sectionName, title: 'Dated', dueOn: '2027-03-01', status: 'Done' },
      { sectionName, title: 'Undated', dueOn: null, status: 'WontDo' },
    ]);
    for (const secret of ['Avery Stone', 'Private notes', 'Bought instead'])
      expect(res.body).not.toContain(secret);
  });
});
