import { describe, expect, it } from 'vitest';
import { UserGroup } from '../../domain/codes.js';
import { actionTexts } from '../../domain/rules/actions.js';
import type { ActionView } from '../../domain/schemas/actions.js';
import { ADMIN, buildTestApp, buildUser, login, testDialects } from '../test/helpers.js';
import { postAs } from '../test/insights.js';
import { buildFirm, buildManufacturer, signInAs } from '../test/organizations.js';
import { currentSectionIds, userIdOf } from '../test/plans.js';
import { addRespondent, submitBySection } from '../test/reports.js';

// The action plan's contract (docs/decisions.md#insights-actions-calls: actions, their calls, who may,
// gap and follow-through) where actions.test.ts does not already hold it: the limits' both ends, the
// owner rules, other organizations' people, and the plan's order and counts.

type PlanSection = {
  id: number;
  current: number | null;
  future: number | null;
  gap: number | null;
  actions: { open: number; done: number; overdue: number };
};

describe.each(testDialects())('action plan contract on %s', (dialect) => {
  const appPromise = buildTestApp(dialect, { LOGIN_MAX_PER_ADDRESS: '1000' });
  const adminToken = appPromise.then((app) => login(app, ADMIN.userName, ADMIN.password));

  const post = async (url: string, payload: object, token?: string) =>
    postAs(await appPromise, url, token ?? (await adminToken), payload);
  const search = async (organizationId: number, extra: object = {}) => {
    const res = await post('organization/action/search', { organizationId, ...extra });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { data: ActionView[]; count: number };
  };
  const add = async (payload: object, token?: string) => {
    const res = await post('organization/action/add', payload, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.id as number;
  };
  const plan = async (id: number) => {
    const res = await post('organization/plan', { id });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().sections as PlanSection[];
  };

  /** A manufacturer of a firm, its plain member and champion signed in, and a manufacturer elsewhere. */
  async function cast() {
    const app = await appPromise;
    const admin = await adminToken;
    const firm = await buildFirm(app, admin);
    const maker = await buildManufacturer(app, admin, { consultingFirmId: firm.firmId });
    const elsewhere = await buildManufacturer(app, admin);
    const idOf = (userName: string) => userIdOf(app, userName);
    const sections = await currentSectionIds(app);
    return {
      id: maker.id,
      sectionId: sections[0] as number,
      firm,
      memberId: await idOf(maker.userNames[0]),
      championId: await idOf(maker.userNames[1]),
      outsiderId: await idOf(elsewhere.userNames[0]),
      member: await signInAs(app, maker.userNames[0]),
      outsider: await signInAs(app, elsewhere.userNames[0]),
    };
  }

  it('takes a description of 4,000 characters and a reason of 1,000, and refuses one more with nothing stored', async () => {
    const { id, sectionId } = await cast();
    const base = { organizationId: id, sectionId, title: 'Limits' };
    for (const body of [
      { ...base, description: 'd'.repeat(4001) },
      { ...base, status: 'Deferred', rationale: 'r'.repeat(1001) },
      { ...base, status: 'WontDo', rationale: 'r'.repeat(1001) },
    ]) {
      const res = await post('organization/action/add', body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
    expect((await search(id)).count).toBe(0);
    const kept = await add({
      ...base,
      description: 'd'.repeat(4000),
      status: 'Deferred',
      rationale: 'r'.repeat(1000),
    });
    for (const body of [
      { id: kept, description: 'e'.repeat(4001) },
      { id: kept, rationale: 's'.repeat(1001) },
    ]) {
      expect((await post('organization/action/update', body)).statusCode).toBe(400);
    }
    const { data, count } = await search(id);
    expect(count).toBe(1);
    expect(data[0]?.description).toBe('d'.repeat(4000));
    expect(data[0]?.rationale).toBe('r'.repeat(1000));
  });

  it('takes due dates from 2010-01-01 to 2100-12-31 and refuses the days just outside on update', async () => {
    const { id, sectionId } = await cast();
    const first = await add({ organizationId: id, sectionId, title: 'First day', dueOn: '2010-01-01' });
    const last = await add({ organizationId: id, sectionId, title: 'Last day', dueOn: '2100-12-31' });
    for (const dueOn of ['2009-12-31', '2101-01-01']) {
      const res = await post('organization/action/update', { id: first, dueOn });
      expect(res.statusCode, dueOn).toBe(400);
      expect(res.json().message, dueOn).toContain(actionTexts.dueOnRange);
    }
    const { data } = await search(id);
    expect(data.map((a) => [a.id, a.dueOn])).toEqual([
      [first, '2010-01-01'],
      [last, '2100-12-31'],
    ]);
  });

  it('refuses a title with a control character, on add and on update', async () => {
    const { id, sectionId } = await cast();
    for (const title of ['bell\u0007', 'tab\there', 'carriage\rreturn', 'nul\u0000']) {
      const res = await post('organization/action/add', { organizationId: id, sectionId, title });
      expect(res.statusCode, JSON.stringify(title)).toBe(400);
      expect(res.json().message, JSON.stringify(title)).toContain(actionTexts.titleCharacters);
    }
    expect((await search(id)).count).toBe(0);
    const kept = await add({ organizationId: id, sectionId, title: 'Clean' });
    const res = await post('organization/action/update', { id: kept, title: 'Two\nlines' });
    expect(res.statusCode).toBe(400);
    expect((await search(id)).data[0]?.title).toBe('Clean');
  });

  it('takes null, an empty text and -1 as no owner', async () => {
    const { id, sectionId, memberId } = await cast();
    for (const ownerId of [null, '', -1]) {
      const actionId = await add({ organizationId: id, sectionId, title: `none ${ownerId}`, ownerId });
      const owned = await add({ organizationId: id, sectionId, title: `had ${ownerId}`, ownerId: memberId });
      const res = await post('organization/action/update', { id: owned, ownerId });
      expect(res.statusCode, JSON.stringify(ownerId)).toBe(200);
      const { data } = await search(id);
      expect(data.find((a) => a.id === actionId)?.owner, JSON.stringify(ownerId)).toBeNull();
      expect(data.find((a) => a.id === owned)?.owner, JSON.stringify(ownerId)).toBeNull();
    }
  });

  it('refuses as owner 0, -2, false, another organization’s person, an inactive colleague and the consultant, changing nothing', async () => {
    const app = await appPromise;
    const { id, sectionId, memberId, outsiderId, firm } = await cast();
    const inactive = await buildUser(app, UserGroup.Manufacturer, { organizationId: id, isActive: false });
    const owned = await add({ organizationId: id, sectionId, title: 'Owned', ownerId: memberId });
    for (const ownerId of [0, -2, false, outsiderId, inactive.id, firm.consultant.id]) {
      const label = `ownerId ${JSON.stringify(ownerId)}`;
      const added = await post('organization/action/add', {
        organizationId: id,
        sectionId,
        title: 'X',
        ownerId,
      });
      expect(added.statusCode, `add, ${label}`).toBe(400);
      const updated = await post('organization/action/update', { id: owned, ownerId });
      expect(updated.statusCode, `update, ${label}`).toBe(400);
    }
    const { data, count } = await search(id);
    expect(count).toBe(1);
    expect(data[0]?.owner).toEqual({ id: memberId, fullName: 'Avery Stone' });
  });

  it('answers 403 to a plain member of another organization on search, update and plan', async () => {
    const { id, sectionId, outsider } = await cast();
    const actionId = await add({ organizationId: id, sectionId, title: 'Ours' });
    expect((await post('organization/action/search', { organizationId: id }, outsider)).statusCode).toBe(403);
    expect((await post('organization/plan', { id }, outsider)).statusCode).toBe(403);
    for (const change of [{ status: 'Done' }, { title: 'Ours' }, { title: 'Theirs' }]) {
      const res = await post('organization/action/update', { id: actionId, ...change }, outsider);
      expect(res.statusCode, JSON.stringify(change)).toBe(403);
    }
    expect((await search(id)).data[0]).toMatchObject({ title: 'Ours', status: 'NotStarted' });
  });

  it('refuses a plain member sending only unchanged fields of someone else’s action, and takes a status change of their own', async () => {
    const { id, sectionId, member, memberId, championId } = await cast();
    const others = await add({ organizationId: id, sectionId, title: 'Champion’s', ownerId: championId });
    const own = await add({ organizationId: id, sectionId, title: 'Mine', ownerId: memberId });
    for (const body of [
      { id: others, title: 'Champion’s' },
      { id: others, title: 'Champion’s', ownerId: championId, status: 'NotStarted' },
    ]) {
      const res = await post('organization/action/update', body, member);
      expect(res.statusCode, JSON.stringify(body)).toBe(403);
    }
    const res = await post(
      'organization/action/update',
      { id: own, title: 'Mine', ownerId: memberId, sectionId, status: 'InProgress' },
      member,
    );
    expect(res.statusCode, res.body).toBe(200);
    const { data } = await search(id);
    expect(data.find((a) => a.id === own)).toMatchObject({ title: 'Mine', status: 'InProgress' });
    expect(data.find((a) => a.id === others)).toMatchObject({ title: 'Champion’s', status: 'NotStarted' });
  });

  it('puts the sections without a gap last in the plan', async () => {
    const app = await appPromise;
    const { id } = await cast();
    const person = await addRespondent(app, id, { fullName: 'Gale Gap', role: 'engineering' });
    // Current: the third section scores 1, the others 3. Future: 5, but "Not sure" (no score) for the
    // first two sections, which thus have no future figure and no gap.
    await submitBySection(app, person.token, 'current-state', (i) => (i === 2 ? 0 : 2));
    await submitBySection(app, person.token, 'future-state', (i) => (i < 2 ? 5 : 4));
    const sections = await plan(id);
    const gaps = sections.map((s) => s.gap);
    expect(gaps.slice(-2)).toEqual([null, null]);
    expect(gaps[0]).toBe(4);
    expect(gaps.slice(1, -2).every((g) => g === 2)).toBe(true);
    expect(sections.slice(-2).map((s) => [s.current, s.future])).toEqual([
      [3, null],
      [3, null],
    ]);
  });

  it('answers every section without figures for an organization with no results', async () => {
    const { id, sectionId } = await cast();
    await add({ organizationId: id, sectionId, title: 'Early', dueOn: '2020-01-01' });
    const sections = await plan(id);
    expect(sections.length).toBeGreaterThan(0);
    for (const s of sections) expect(s).toMatchObject({ current: null, future: null, gap: null });
    expect(sections.find((s) => s.id === sectionId)?.actions).toEqual({ open: 1, done: 0, overdue: 1 });
  });

  it('counts Deferred and Won’t Do actions as neither open, done nor overdue', async () => {
    const { id, sectionId } = await cast();
    const base = { organizationId: id, sectionId, dueOn: '2020-01-01' };
    await add({ ...base, title: 'Deferred late', status: 'Deferred', rationale: 'Budget' });
    await add({ ...base, title: 'Dropped late', status: 'WontDo', rationale: 'Bought instead' });
    const count = async () => (await plan(id)).find((s) => s.id === sectionId)?.actions;
    expect(await count()).toEqual({ open: 0, done: 0, overdue: 0 });
    await add({ ...base, title: 'Working late', status: 'InProgress' });
    await add({ ...base, title: 'Not started, undated', dueOn: null });
    await add({ ...base, title: 'Finished late', status: 'Done' });
    expect(await count()).toEqual({ open: 2, done: 1, overdue: 1 });
    const overdue = await search(id, { overdue: true });
    expect(overdue.data.map((a) => a.title)).toEqual(['Working late']);
  });

  it('orders by due date, then id, with undated last, and pages with the full count', async () => {
    const { id, sectionId } = await cast();
    const base = { organizationId: id, sectionId };
    const undatedA = await add({ ...base, title: 'Undated A' });
    const juneA = await add({ ...base, title: 'June A', dueOn: '2031-06-01' });
    const march = await add({ ...base, title: 'March', dueOn: '2031-03-01' });
    const undatedB = await add({ ...base, title: 'Undated B', status: 'Done' });
    const juneB = await add({
      ...base,
      title: 'June B',
      dueOn: '2031-06-01',
      status: 'Deferred',
      rationale: 'r',
    });
    const order = [march, juneA, juneB, undatedA, undatedB];
    expect((await search(id)).data.map((a) => a.id)).toEqual(order);
    const pages = [
      [{ skip: 0, take: 2 }, order.slice(0, 2)],
      [{ skip: 2, take: 2 }, order.slice(2, 4)],
      [{ skip: 4, take: 2 }, order.slice(4)],
      [{ skip: 10, take: 2 }, []],
    ] as const;
    for (const [page, ids] of pages) {
      const { data, count } = await search(id, page);
      expect([data.map((a) => a.id), count], JSON.stringify(page)).toEqual([ids, 5]);
    }
  });
});
