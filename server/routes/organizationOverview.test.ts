import { describe, expect, it } from 'vitest';
import { UserGroup } from '../../domain/codes.js';
import type { OrganizationOverview } from '../../domain/schemas/organizationOverviewView.js';
import { ADMIN, api, buildTestApp, buildUser, login, testDialects } from '../test/helpers.js';
import { buildFirm } from '../test/organizations.js';
import { addRespondent, bareManufacturer, submitBySection } from '../test/reports.js';

describe.each(testDialects())('organization overview on %s', (dialect) => {
  const appPromise = buildTestApp(dialect, { LOGIN_MAX_PER_ADDRESS: '10000' });
  const adminToken = appPromise.then((app) => login(app, ADMIN.userName, ADMIN.password));
  const overview = async (id: number, token?: string) =>
    api(await appPromise, {
      method: 'POST',
      url: '/api/organization/overview',
      token: token ?? (await adminToken),
      payload: { id },
    });

  /** A manufacturer of firm F at FutureState: Ann and Ben answered the current state, Ann the future. */
  const scenario = (async () => {
    const app = await appPromise;
    const firm = await buildFirm(app, await adminToken);
    const other = await buildFirm(app, await adminToken);
    const maker = await bareManufacturer(app, 'FutureState', firm.firmId);
    const ann = await addRespondent(app, maker, { fullName: 'Ann Able', role: 'engineering' });
    const ben = await addRespondent(app, maker, { fullName: 'Ben Baker', role: 'engineering' });
    const cal = await addRespondent(app, maker, { fullName: 'Cal Cole', role: 'engineering' });
    await addRespondent(app, maker, { fullName: 'Out Side', role: 'engineering', excludeInvite: true });
    await submitBySection(app, ann.token, 'current-state', () => 4);
    await submitBySection(app, ben.token, 'current-state', () => 2);
    await submitBySection(app, ann.token, 'future-state', () => 4);
    const champion = await buildUser(app, UserGroup.ManufacturerChampion, { organizationId: maker });
    return { app, firm, other, maker, cal, champion };
  })();

  it('gives the stages, the scores with the gap and invite completion per assessment', async () => {
    const { maker } = await scenario;
    const res = await overview(maker);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as OrganizationOverview;
    expect(body.id).toBe(maker);
    const roadmap = body.roadmap;
    expect(roadmap?.status).toBe('FutureState');
    expect(roadmap?.stages.map((s) => s.code)).toEqual([
      'PreAssessment',
      'CurrentState',
      'CurrentStateReporting',
      'FutureState',
      'FutureStateReporting',
    ]);
    // Three counted people (the excluded invite counts nowhere): 2 of 3 and 1 of 3 completed.
    expect(roadmap?.invites).toEqual({
      current: { sent: 3, completed: 2 },
      future: { sent: 3, completed: 1 },
    });
    // Choice 4 scores 5 and choice 2 scores 3: the current average is 4, the future 5.
    expect(roadmap?.currentScore).toBe(4);
    expect(roadmap?.futureScore).toBe(5);
    expect(roadmap?.gap).toBe(1);
    expect(roadmap?.lastActivityOn).toBe(new Date().toISOString().slice(0, 10));
  });

  it('lists the latest activity, newest first, naming people for those who may see them', async () => {
    const { maker } = await scenario;
    const body = (await overview(maker)).json() as OrganizationOverview;
    expect(body.activity).toHaveLength(5);
    const moments = body.activity.map((e) => e.on);
    expect([...moments].sort().reverse()).toEqual(moments);
    const completed = body.activity.filter((e) => e.kind === 'completed');
    expect(completed.map((e) => e.person)).toContain('Ann Able');
    expect(body.activity.some((e) => e.person === 'Out Side')).toBe(false);
  });

  it('answers exactly who reaches the organization: admin, its consultant and champion', async () => {
    const { app, maker, firm, other, champion } = await scenario;
    expect((await overview(maker, firm.consultant.token)).statusCode).toBe(200);
    expect((await overview(maker, champion.token)).statusCode).toBe(200);
    expect((await overview(maker, other.consultant.token)).statusCode).toBe(403);
    const otherChampion = await buildUser(app, UserGroup.ManufacturerChampion, {
      organizationId: await bareManufacturer(app, 'CurrentState', other.firmId),
    });
    expect((await overview(maker, otherChampion.token)).statusCode).toBe(403);
    const member = await buildUser(app, UserGroup.Manufacturer, { organizationId: maker });
    expect((await overview(maker, member.token)).statusCode).toBe(403);
    expect((await overview(999_999)).statusCode).toBe(404);
    const anonymous = await api(app, {
      method: 'POST',
      url: '/api/organization/overview',
      payload: { id: maker },
    });
    expect(anonymous.statusCode).toBe(401);
    // A consulting firm has no roadmap: its overview carries none.
    const firmOverview = (await overview(firm.firmId, firm.consultant.token)).json() as OrganizationOverview;
    expect(firmOverview).toMatchObject({ id: firm.firmId, roadmap: null, activity: [] });
  });

  it('under Anonymize Results names nobody to the consultant or champion, and withholds scores of 1 or 2', async () => {
    const { app, maker, firm, champion } = await scenario;
    await app.deps.db
      .updateTable('organizations')
      .set({ anonymizeResults: 1 })
      .where('id', '=', maker)
      .execute();
    try {
      for (const token of [firm.consultant.token, champion.token]) {
        const body = (await overview(maker, token)).json() as OrganizationOverview;
        expect(body.activity.length).toBeGreaterThan(0);
        expect(body.activity.every((e) => e.person === null)).toBe(true);
        // Two current-state results and one future-state result: too few to show.
        expect(body.roadmap).toMatchObject({ currentScore: null, futureScore: null, gap: null });
        expect(body.roadmap?.invites.current).toEqual({ sent: 3, completed: 2 });
      }
      const asAdmin = (await overview(maker)).json() as OrganizationOverview;
      expect(asAdmin.activity.some((e) => e.person === 'Ann Able')).toBe(true);
      expect(asAdmin.roadmap?.currentScore).toBe(4);
    } finally {
      await app.deps.db
        .updateTable('organizations')
        .set({ anonymizeResults: 0 })
        .where('id', '=', maker)
        .execute();
    }
  });
});
