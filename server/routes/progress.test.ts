import { describe, expect, it } from 'vitest';
import type { RoadmapStatusCode } from '../../domain/codes.js';
import { ADMIN, api, buildTestApp, buildUser, login, testDialects } from '../test/helpers.js';
import { buildFirm, manufacturerSave } from '../test/organizations.js';
import { addRespondent, submitBySection } from '../test/reports.js';

type Round = {
  closedOn: string;
  respondents: number;
  overall: number;
  sections: { id: number; average: number }[];
};

describe.each(testDialects())('progress against target on %s', (dialect) => {
  const appPromise = buildTestApp(dialect, { LOGIN_MAX_PER_ADDRESS: '10000' });
  const post = async (url: string, token: string, payload: object) =>
    api(await appPromise, { method: 'POST', url: `/api/${url}`, token, payload });
  const progress = (token: string, id: number) => post('organization/progress', token, { id });

  /** A manufacturer saved by the admin through the form, working with a firm, at PreAssessment. */
  const organization = async () => {
    const app = await appPromise;
    const admin = await login(app, ADMIN.userName, ADMIN.password);
    const { firmId, consultant } = await buildFirm(app, admin);
    const res = await post(
      'admin/organization/add',
      admin,
      await manufacturerSave(app, { consultingFirmId: firmId }),
    );
    expect(res.json().isSuccess, res.body).toBe(true);
    const id = res.json().data.id as number;
    const champion = await buildUser(app, 3, { organizationId: id });
    /** The admin saves the form with a roadmap status, as on the organization page. */
    const setStatus = async (status: RoadmapStatusCode) => {
      const saved = await post(
        'admin/organization/update',
        admin,
        await manufacturerSave(app, { id, status, consultingFirmId: firmId }),
      );
      expect(saved.json().isSuccess, saved.body).toBe(true);
    };
    const roadmap = () =>
      app.deps.db
        .selectFrom('roadmaps')
        .select(['statusChangedAt'])
        .where('organizationId', '=', id)
        .executeTakeFirstOrThrow();
    return { app, admin, consultant, champion, id, firmId, setStatus, roadmap };
  };

  it('keeps a dated round each time the status changes into CurrentStateReporting, never on a same-status save', async () => {
    const { app, admin, id, setStatus, roadmap } = await organization();
    expect((await roadmap()).statusChangedAt).toBeTruthy(); // set when the roadmap was made
    expect((await progress(admin, id)).json()).toEqual({ target: null, rounds: [] });

    await setStatus('CurrentState');
    const a = await addRespondent(app, id, { fullName: 'Avery Stone', role: 'engineering' });
    const b = await addRespondent(app, id, { fullName: 'Blair Hart', role: 'quality' });
    const out = await addRespondent(app, id, { fullName: 'Casey Out', role: 'finance', excludeInvite: true });
    const gone = await addRespondent(app, id, { fullName: 'Drew Gone', role: 'finance', excludeUser: true });
    await submitBySection(app, a.token, 'current-state', () => 1); // 2 everywhere
    await submitBySection(app, b.token, 'current-state', (i) => (i === 0 ? 3 : 1)); // 4 in the first
    await submitBySection(app, out.token, 'current-state', () => 4);
    await submitBySection(app, gone.token, 'current-state', () => 4);
    expect((await progress(admin, id)).json().rounds).toEqual([]);

    const before = (await roadmap()).statusChangedAt;
    await setStatus('CurrentStateReporting');
    const changedAt = (await roadmap()).statusChangedAt;
    expect(changedAt && before && changedAt > before).toBe(true);
    let body = (await progress(admin, id)).json();
    expect(body.target).toBeNull();
    expect(body.rounds).toHaveLength(1);
    const [first] = body.rounds as Round[];
    expect(first!.respondents).toBe(2);
    expect(first!.sections[0]!.average).toBe(3); // (2 + 4) / 2: the excluded two left out
    for (const s of first!.sections.slice(1)) expect(s.average).toBe(2);
    expect(Object.keys(first!).sort()).toEqual(['closedOn', 'overall', 'respondents', 'sections']);
    expect(Object.keys(first!.sections[0]!).sort()).toEqual(['average', 'id', 'name']);
    expect(Number.isNaN(Date.parse(first!.closedOn))).toBe(false);

    // Saving again with the same status closes none, and the status did not change.
    await setStatus('CurrentStateReporting');
    expect((await progress(admin, id)).json().rounds).toHaveLength(1);
    expect((await roadmap()).statusChangedAt).toBe(changedAt);

    // A later round after a new result, and the future state as the target.
    await setStatus('FutureState');
    await submitBySection(app, a.token, 'future-state', () => 4);
    await submitBySection(app, out.token, 'future-state', () => 0); // excluded: no effect on the target
    const c = await addRespondent(app, id, { fullName: 'Emery Lane', role: 'engineering' });
    await submitBySection(app, c.token, 'current-state', () => 0); // 1 everywhere
    await setStatus('CurrentStateReporting');
    body = (await progress(admin, id)).json();
    expect(body.rounds).toHaveLength(2);
    const [one, two] = body.rounds as Round[];
    expect(one!.closedOn <= two!.closedOn).toBe(true);
    expect(one!.respondents).toBe(2);
    expect(two!.respondents).toBe(3);
    expect(two!.sections[1]!.average).toBe(1.7); // (2 + 2 + 1) / 3
    expect(body.target.sections.every((s: { average: number }) => s.average === 5)).toBe(true);
    expect(body.target.sections.map((s: { id: number }) => s.id)).toEqual(two!.sections.map((s) => s.id));
  });

  it('a manufacturer made at CurrentStateReporting starts with a round', async () => {
    const app = await appPromise;
    const admin = await login(app, ADMIN.userName, ADMIN.password);
    const made = await post(
      'admin/organization/add',
      admin,
      await manufacturerSave(app, { status: 'CurrentStateReporting' }),
    );
    const id = made.json().data.id as number;
    const body = (await progress(admin, id)).json();
    expect(body.rounds).toHaveLength(1);
    expect(body.rounds[0]).toMatchObject({ respondents: 0, overall: null });
  });

  it('names nobody', async () => {
    const { app, admin, champion, consultant, id, setStatus } = await organization();
    await app.deps.db
      .updateTable('organizations')
      .set({ anonymizeResults: 1 })
      .where('id', '=', id)
      .execute();
    const a = await addRespondent(app, id, { fullName: 'Quincy Unseen', role: 'engineering' });
    await submitBySection(app, a.token, 'current-state', () => 2);
    await submitBySection(app, a.token, 'future-state', () => 3);
    await setStatus('CurrentStateReporting');
    for (const token of [admin, champion.token, consultant.token]) {
      const text = (await progress(token, id)).body.toLowerCase();
      for (const s of [a.fullName, a.userName, a.email]) expect(text).not.toContain(s.toLowerCase());
    }
  });

  it('answers the admin, its consultant and champion; 403 for everyone else, 404 for an unknown one, 400 for a bad body', async () => {
    const { app, admin, consultant, champion, id } = await organization();
    for (const token of [admin, consultant.token, champion.token])
      expect((await progress(token, id)).statusCode).toBe(200);
    const otherFirm = await buildFirm(app, admin);
    const otherChampion = await buildUser(app, 3);
    const member = await buildUser(app, 4, { organizationId: id });
    const visitor = await buildUser(app, 5);
    for (const token of [otherFirm.consultant.token, otherChampion.token, member.token, visitor.token])
      expect((await progress(token, id)).statusCode).toBe(403);
    expect((await progress('', id)).statusCode).toBe(401);
    expect((await progress(admin, 987654)).statusCode).toBe(404);
    expect((await progress(admin, otherFirm.firmId)).statusCode).toBe(404);
    for (const payload of [{}, { id: 'seven' }]) {
      const res = await post('organization/progress', admin, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
  });
});
