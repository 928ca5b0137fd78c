import { describe, expect, it } from 'vitest';
import { AssessmentType, type RoadmapStatusCode, UserGroup, UserStatus } from '../../domain/codes.js';
import { attentionReasonTexts } from '../../domain/rules/portfolio.js';
import type { DashboardView } from '../../domain/schemas/dashboardView.js';
import { mailQueue } from '../stores/mailQueueStore.js';
import { buildUserRow, unique } from '../test/factories.js';
import { ADMIN, api, buildTestApp, buildUser, login, testDialects } from '../test/helpers.js';
import { buildFirm } from '../test/organizations.js';
import { addRespondent, bareManufacturer, submitBySection } from '../test/reports.js';

// The home page's figures (docs/decisions.md#dashboard-figures): each figure equals the count of the
// list it links to, a consultant's cover their firm's clients only, a champion's their own organization.

const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString();

describe.each(testDialects())('dashboard figures on %s', (dialect) => {
  const appPromise = buildTestApp(dialect);
  const adminToken = appPromise.then((app) => login(app, ADMIN.userName, ADMIN.password));
  const call = async (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
    api(await appPromise, { method, url: `/api/${url}`, token, payload });
  const dashboard = async (token: string) => {
    const res = await call('GET', 'dashboard', token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as DashboardView;
  };
  const countOf = async (url: string, payload: object) =>
    (await call('POST', url, await adminToken, { query: '', skip: 0, take: 10, ...payload })).json()
      .count as number;

  /**
   * Firm F works with Busy (two respondents, one current-state result) and Idle (no activity for 40
   * days); firm G with Dormant (idle too). One visitor awaits approval; one e-mail was given up.
   */
  const scenario = (async () => {
    const app = await appPromise;
    const db = app.deps.db;
    const tag = unique('Dash');
    const f = await buildFirm(app, await adminToken);
    const g = await buildFirm(app, await adminToken);
    const maker = async (name: string, status: RoadmapStatusCode, firmId: number, idleDays = 0) => {
      const id = await bareManufacturer(app, status, firmId);
      await db
        .updateTable('organizations')
        .set({ name: `${tag} ${name}`, createdAt: daysAgo(idleDays) })
        .where('id', '=', id)
        .execute();
      if (idleDays)
        await db
          .updateTable('roadmaps')
          .set({ statusChangedAt: null, createdAt: daysAgo(idleDays) })
          .where('organizationId', '=', id)
          .execute();
      return id;
    };
    const busy = await maker('Busy', 'CurrentState', f.firmId);
    const idle = await maker('Idle', 'PreAssessment', f.firmId, 40);
    const dormant = await maker('Dormant', 'CurrentState', g.firmId, 40);
    const ann = await addRespondent(app, busy, { fullName: 'Ann Able', role: 'engineering' });
    await addRespondent(app, busy, { fullName: 'Ben Baker', role: 'engineering' });
    await submitBySection(app, ann.token, 'current-state', () => 3);
    const champion = await buildUser(app, UserGroup.ManufacturerChampion, { organizationId: busy });
    const visitorOrg = (await buildUser(app, UserGroup.Visitor)).organizationId;
    await buildUserRow(db, {
      group: UserGroup.Visitor,
      organizationId: visitorOrg,
      passwordHash: 'x',
      status: UserStatus.Pending,
    });
    const mailId = await mailQueue.insert(db, {
      recipients: ['a@example.com'],
      subject: 'Hi',
      message: 'Hi',
    });
    await db.updateTable('mailQueue').set({ status: 'failed' }).where('id', '=', mailId).execute();
    return { app, tag, f, g, busy, idle, dormant, champion };
  })();

  it('gives the admin each figure as the count of the list it links to', async () => {
    await scenario;
    const admin = await dashboard(await adminToken);
    if (admin.role !== 'admin') throw new Error(`admin figures expected, got ${admin.role}`);
    expect(admin.pendingSignUps).toBe(1);
    expect(admin.pendingSignUps).toBe(await countOf('admin/user/search/pending', {}));
    // Busy's four invites: Ann answered the current state; Ben neither, nobody the future state.
    expect(admin.openInvites).toEqual({ current: 1, future: 2 });
    expect(admin.openInvites.current).toBe(
      await countOf('admin/assessmentinvite/search', {
        assessmentType: AssessmentType.CurrentState,
        isComplete: false,
      }),
    );
    expect(admin.openInvites.future).toBe(
      await countOf('admin/assessmentinvite/search', {
        assessmentType: AssessmentType.FutureState,
        isComplete: false,
      }),
    );
    expect(admin.needingAttention.count).toBe(2);
    expect(admin.needingAttention.count).toBe(
      await countOf('organization/portfolio', { needsAttention: true }),
    );
    expect(admin.mailFailures).toBe(1);
    const failed = await call('POST', 'admin/mail/failed/search', await adminToken, {
      query: '',
      skip: 0,
      take: 10,
    });
    expect(failed.json()).toMatchObject({
      count: admin.mailFailures,
      data: [{ recipients: ['a@example.com'], subject: 'Hi', attempts: 0 }],
    });
    // The message may hold a link that still works: the list never gives it.
    expect(failed.body).not.toContain('message');
    // A bad page is a readable 400.
    const bad = await call('POST', 'admin/mail/failed/search', await adminToken, {
      query: '',
      skip: -1,
      take: 0,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBeTruthy();
  });

  it("gives a consultant their firm's clients only: attention list and invite completion", async () => {
    const { f, g, tag, idle, dormant } = await scenario;
    const own = await dashboard(f.consultant.token);
    if (own.role !== 'consultant') throw new Error(`consultant figures expected, got ${own.role}`);
    expect(own.clients).toBe(2);
    expect(own.invites).toEqual({ total: 4, completed: 1 });
    expect(own.needingAttention).toEqual({
      count: 1,
      manufacturers: [
        {
          id: idle,
          name: `${tag} Idle`,
          reasons: [attentionReasonTexts.noActivity],
        },
      ],
    });
    // The same figure as the portfolio the consultant opens from it.
    const portfolio = await call('POST', 'organization/portfolio', f.consultant.token, {
      query: '',
      needsAttention: true,
    });
    expect(portfolio.json().count).toBe(own.needingAttention.count);

    const other = await dashboard(g.consultant.token);
    if (other.role !== 'consultant') throw new Error('consultant figures expected');
    expect(other.clients).toBe(1);
    expect(other.invites).toEqual({ total: 0, completed: 0 });
    expect(other.needingAttention.manufacturers.map((m) => m.id)).toEqual([dormant]);
  });

  it('gives a champion their own organization: invite completion, roadmap stage and next step', async () => {
    const { champion, busy, app } = await scenario;
    await app.deps.db
      .updateTable('organizations')
      .set({ anonymizeResults: 1 })
      .where('id', '=', busy)
      .execute();
    const res = await call('GET', 'dashboard', champion.token);
    expect(res.json()).toEqual({
      role: 'manufacturer-champion',
      organizationId: busy,
      roadmapStatus: { code: 'CurrentState', name: expect.any(String) },
      invites: { current: { total: 2, completed: 1 }, future: { total: 2, completed: 0 } },
      nextStep: 'followUpCurrent',
    });
    // Under Anonymize Results nothing ties a figure to a person.
    expect(res.body).not.toMatch(/Ann|Ben|resp/);
    // The invite tabs the figure links to list the same invites.
    const tabs = await call('POST', 'admin/assessmentInvite/search/byorg', champion.token, {
      organizationId: busy,
      query: '',
      skip: 0,
      take: 100,
    });
    expect(tabs.json().count).toBe(4);

    const elsewhere = await buildUser(app, UserGroup.ManufacturerChampion, {
      organizationId: await bareManufacturer(app, 'FutureState'),
    });
    const theirs = await dashboard(elsewhere.token);
    expect(theirs).toMatchObject({
      role: 'manufacturer-champion',
      invites: { current: { total: 0, completed: 0 }, future: { total: 0, completed: 0 } },
      nextStep: 'inviteFuture',
    });
  });

  it('refuses manufacturers and visitors (their home page has no figures) and strangers', async () => {
    const { app, busy } = await scenario;
    const manufacturer = await buildUser(app, UserGroup.Manufacturer, { organizationId: busy });
    const visitor = await buildUser(app, UserGroup.Visitor);
    expect((await call('GET', 'dashboard', manufacturer.token)).statusCode).toBe(403);
    expect((await call('GET', 'dashboard', visitor.token)).statusCode).toBe(403);
    expect((await api(app, { method: 'GET', url: '/api/dashboard' })).statusCode).toBe(401);
  });
});
