import { describe, expect, it } from 'vitest';
import { nowIso } from '../db/clock.js';
import { ADMIN, api, buildTestApp, buildUser, login, testDialects } from '../test/helpers.js';
import { assessmentIds, buildFirm } from '../test/organizations.js';
import {
  addRespondent,
  bareManufacturer,
  type Respondent,
  setAlias,
  submitBySection,
} from '../test/reports.js';

describe.each(testDialects())('role alignment on %s', (dialect) => {
  const appPromise = buildTestApp(dialect, { LOGIN_MAX_PER_ADDRESS: '10000' });
  const alignment = async (token: string, payload: object) =>
    api(await appPromise, { method: 'POST', url: '/api/organization/alignment', token, payload });

  /**
   * A manufacturer at current-state reporting with respondents in role groups:
   * Technical (Engineering and Quality share the alias) 3 counted, scoring 2 in every section, 5 in the
   * first; Leaders (Executive Leadership) 3 counted scoring 4, plus one excluded by invite and one as a
   * person (both scoring 1, so a leak would show); Finance 2 counted scoring 1 and one who only has a
   * draft; Maintenance 1 scoring 1. Finance and Maintenance together make an Other of 3.
   */
  const organization = async (options: { anonymize?: boolean } = {}) => {
    const app = await appPromise;
    const admin = await login(app, ADMIN.userName, ADMIN.password);
    const { firmId, consultant } = await buildFirm(app, admin);
    const id = await bareManufacturer(app, 'CurrentStateReporting', firmId);
    if (options.anonymize)
      await app.deps.db
        .updateTable('organizations')
        .set({ anonymizeResults: 1 })
        .where('id', '=', id)
        .execute();
    await setAlias(app, id, 'engineering', 'Technical');
    await setAlias(app, id, 'quality', 'Technical');
    await setAlias(app, id, 'executive-leadership', 'Leaders');
    const champion = await buildUser(app, 3, { organizationId: id });
    const people: Respondent[] = [];
    const answer = async (
      role: string,
      pick: (i: number) => number,
      extra: { excludeInvite?: boolean; excludeUser?: boolean } = {},
      future?: (i: number) => number,
    ) => {
      const p = await addRespondent(app, id, { fullName: `Person ${people.length + 1} Zed`, role, ...extra });
      people.push(p);
      await submitBySection(app, p.token, 'current-state', pick);
      if (future) await submitBySection(app, p.token, 'future-state', future);
      return p;
    };
    await answer(
      'engineering',
      (i) => (i === 0 ? 4 : 1),
      {},
      () => 4,
    );
    await answer(
      'quality',
      (i) => (i === 0 ? 4 : 1),
      {},
      () => 4,
    );
    await answer(
      'quality',
      (i) => (i === 0 ? 4 : 1),
      {},
      () => 4,
    );
    for (let n = 0; n < 3; n++)
      await answer(
        'executive-leadership',
        () => 3,
        {},
        () => 2,
      );
    await answer(
      'executive-leadership',
      () => 0,
      { excludeInvite: true },
      () => 0,
    );
    await answer(
      'executive-leadership',
      () => 0,
      { excludeUser: true },
      () => 0,
    );
    await answer(
      'finance',
      () => 0,
      {},
      () => 1,
    );
    await answer(
      'finance',
      () => 0,
      {},
      () => 1,
    );
    await answer(
      'maintenance',
      () => 0,
      {},
      () => 1,
    );
    // Someone who has only started: a draft counts nowhere.
    const drafter = await addRespondent(app, id, { fullName: 'Drafty Person', role: 'finance' });
    people.push(drafter);
    const assessments = await assessmentIds(app);
    await app.deps.db
      .insertInto('assessmentDrafts')
      .values({ userId: drafter.id, assessmentId: assessments.current, criteria: '{}', savedAt: nowIso() })
      .execute();
    return { app, admin, consultant, champion, id, firmId, people };
  };

  it('averages each role group per practice area, merges small groups into Other and orders by spread', async () => {
    const { admin, id } = await organization();
    const res = await alignment(admin, { id, assessmentType: 1 });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.groups).toEqual([
      { name: 'Leaders', respondents: 3 },
      { name: 'Technical', respondents: 3 },
      { name: 'Other', respondents: 3 },
    ]);
    expect(body.sections.length).toBeGreaterThan(1);
    // The first practice area: Leaders 4, Technical 5, Other 1; the rest: Leaders 4, Technical 2, Other 1.
    const [first, ...rest] = body.sections;
    expect(first.averages).toEqual([
      { group: 'Leaders', average: 4 },
      { group: 'Technical', average: 5 },
      { group: 'Other', average: 1 },
    ]);
    expect(first.spread).toBe(4);
    for (const s of rest) {
      expect(s.averages.map((a: { average: number }) => a.average)).toEqual([4, 2, 1]);
      expect(s.spread).toBe(3);
    }
    expect(Object.keys(first).sort()).toEqual(['averages', 'id', 'name', 'spread']);
    expect(typeof first.id).toBe('number');
    expect(typeof first.name).toBe('string');
  });

  it('reads the future state with 2 or "future", and takes "current" as 1', async () => {
    const { consultant, id } = await organization();
    const future = (await alignment(consultant.token, { id, assessmentType: 'future' })).json();
    expect(future.groups.map((g: { name: string }) => g.name)).toEqual(['Leaders', 'Technical', 'Other']);
    expect(future.sections[0].averages.map((a: { average: number }) => a.average)).toEqual([3, 5, 2]);
    expect((await alignment(consultant.token, { id, assessmentType: 2 })).json()).toEqual(future);
    const current = (await alignment(consultant.token, { Id: id, AssessmentType: 'current' })).json();
    expect(current.sections[0].averages.map((a: { average: number }) => a.average)).toEqual([4, 5, 1]);
  });

  it('leaves Other out under 3 and shows nothing when no group reaches 3', async () => {
    const app = await appPromise;
    const admin = await login(app, ADMIN.userName, ADMIN.password);
    const id = await bareManufacturer(app, 'CurrentStateReporting');
    const add = async (role: string) => {
      const p = await addRespondent(app, id, { fullName: 'Some One', role });
      await submitBySection(app, p.token, 'current-state', () => 2);
    };
    await add('finance');
    await add('maintenance');
    expect((await alignment(admin, { id, assessmentType: 1 })).json()).toEqual({ groups: [], sections: [] });
    for (let n = 0; n < 3; n++) await add('engineering');
    const body = (await alignment(admin, { id, assessmentType: 1 })).json();
    expect(body.groups).toEqual([{ name: 'Engineering', respondents: 3 }]);
    expect(body.sections.every((s: { spread: number }) => s.spread === 0)).toBe(true);
  });

  it('names nobody, anonymized or not', async () => {
    for (const anonymize of [false, true]) {
      const { admin, champion, consultant, id, people } = await organization({ anonymize });
      for (const token of [admin, champion.token, consultant.token]) {
        const text = (await alignment(token, { id, assessmentType: 1 })).body.toLowerCase();
        for (const p of people)
          for (const s of [p.fullName, p.userName, p.email]) expect(text).not.toContain(s.toLowerCase());
      }
    }
  });

  it('answers the admin, its consultant and champion; 403 for everyone else, 404 for an unknown one', async () => {
    const app = await appPromise;
    const { admin, consultant, champion, id } = await organization();
    for (const token of [admin, consultant.token, champion.token])
      expect((await alignment(token, { id, assessmentType: 1 })).statusCode).toBe(200);
    const otherFirm = await buildFirm(app, admin);
    const otherChampion = await buildUser(app, 3);
    const member = await buildUser(app, 4, { organizationId: id });
    const visitor = await buildUser(app, 5);
    for (const token of [otherFirm.consultant.token, otherChampion.token, member.token, visitor.token])
      expect((await alignment(token, { id, assessmentType: 1 })).statusCode).toBe(403);
    expect((await alignment('', { id, assessmentType: 1 })).statusCode).toBe(401);
    expect((await alignment(admin, { id: 987654, assessmentType: 1 })).statusCode).toBe(404);
    // A consulting firm has no role alignment: not a manufacturer.
    expect((await alignment(admin, { id: otherFirm.firmId, assessmentType: 1 })).statusCode).toBe(404);
  });

  it('refuses a bad body with 400 and a readable message', async () => {
    const app = await appPromise;
    const admin = await login(app, ADMIN.userName, ADMIN.password);
    const id = await bareManufacturer(app, 'CurrentStateReporting');
    for (const payload of [
      { id, assessmentType: 3 },
      { id, assessmentType: 'later' },
      { id },
      { assessmentType: 1 },
      { id: 'x', assessmentType: 1 },
    ]) {
      const res = await alignment(admin, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
  });
});
