import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { AssessmentType, type RoadmapStatusCode, UserGroup } from '../../domain/codes.js';
import { attentionReasonTexts, portfolioCsvFileName } from '../../domain/rules/portfolio.js';
import { averagesOf } from '../../domain/rules/reportFigures.js';
import type { PortfolioRow } from '../../domain/schemas/portfolio.js';
import { portfolioCsvHeader } from '../reports/portfolioCsv.js';
import { reportData } from '../repositories/reportData.js';
import { unique } from '../test/factories.js';
import { ADMIN, api, buildTestApp, buildUser, login, testDialects } from '../test/helpers.js';
import { buildFirm } from '../test/organizations.js';
import { addRespondent, bareManufacturer, submitBySection } from '../test/reports.js';

const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString();
const { noActivity, invitePending, statusUnchanged } = attentionReasonTexts;

type Page = { data: PortfolioRow[]; count: number };

describe.each(testDialects())('client portfolio on %s', (dialect) => {
  const appPromise = buildTestApp(dialect);
  const adminToken = appPromise.then((app) => login(app, ADMIN.userName, ADMIN.password));
  const post = async (url: string, payload: object, token?: string | null) =>
    api(await appPromise, {
      method: 'POST',
      url: `/api/${url}`,
      token: token === null ? undefined : (token ?? (await adminToken)),
      payload,
    });

  /** A manufacturer named `${tag} ${name}` at a status, optionally of a firm. */
  const maker = async (name: string, status: RoadmapStatusCode, firmId?: number) => {
    const app = await appPromise;
    const id = await bareManufacturer(app, status, firmId);
    await app.deps.db.updateTable('organizations').set({ name }).where('id', '=', id).execute();
    return id;
  };
  const db = async () => (await appPromise).deps.db;
  const age = async (id: number, days: number) =>
    (await db())
      .updateTable('organizations')
      .set({ createdAt: daysAgo(days) })
      .where('id', '=', id)
      .execute();
  const statusAge = async (id: number, changed: string | null, created = daysAgo(0)) =>
    (await db())
      .updateTable('roadmaps')
      .set({ statusChangedAt: changed, createdAt: created })
      .where('organizationId', '=', id)
      .execute();
  const inviteAge = async (organizationId: number, days: number) =>
    (await db())
      .updateTable('assessmentInvites')
      .set({ invitedAt: daysAgo(days), createdAt: daysAgo(days) })
      .where('organizationId', '=', organizationId)
      .execute();

  /**
   * Firm F works with Scored, Idle, Pending and Stale; Other is nobody's. Scored has four respondents:
   * two counted, one person and one invite marked Exclude From Report.
   */
  const scenario = (async () => {
    const app = await appPromise;
    const admin = await adminToken;
    const tag = unique('Pf');
    const firm = await buildFirm(app, admin);
    const otherFirm = await buildFirm(app, admin);
    const scored = await maker(`${tag} Scored`, 'FutureState', firm.firmId);
    const idle = await maker(`${tag} Idle`, 'PreAssessment', firm.firmId);
    const pending = await maker(`${tag} Pending`, 'CurrentState', firm.firmId);
    const stale = await maker(`${tag} Stale`, 'CurrentStateReporting', firm.firmId);
    const other = await maker(`${tag} Other`, 'CurrentState', otherFirm.firmId);

    const a = await addRespondent(app, scored, { fullName: 'Ann Able', role: 'engineering' });
    const b = await addRespondent(app, scored, { fullName: 'Ben Baker', role: 'engineering' });
    const c = await addRespondent(app, scored, {
      fullName: 'Cal Cole',
      role: 'engineering',
      excludeUser: true,
    });
    const d = await addRespondent(app, scored, {
      fullName: 'Dee Dunn',
      role: 'engineering',
      excludeInvite: true,
    });
    await submitBySection(app, a.token, 'current-state', () => 4);
    await submitBySection(app, b.token, 'current-state', (i) => i % 5);
    const aFuture = await submitBySection(app, a.token, 'future-state', () => 4);
    for (const excluded of [c, d]) await submitBySection(app, excluded.token, 'current-state', () => 0);
    await statusAge(scored, daysAgo(1));

    // Idle: created 40 days ago, nothing since; its status set yesterday would be activity: none.
    await age(idle, 40);
    await statusAge(idle, null, daysAgo(5));
    // Pending: an invite sent 20 days ago and unanswered (activity 20 days ago: not idle).
    await addRespondent(app, pending, { fullName: 'Pat Pend', role: 'engineering' });
    await inviteAge(pending, 20);
    await age(pending, 40);
    await statusAge(pending, daysAgo(20));
    // Stale: status unchanged since the roadmap was made 70 days ago (before statusChangedAt existed).
    await addRespondent(app, stale, { fullName: 'Sam Stale', role: 'engineering' });
    await age(stale, 70);
    await statusAge(stale, null, daysAgo(70));

    const consultant = firm.consultant.token;
    return {
      aToken: a.token,
      aFuture,
      tag,
      firm,
      consultant,
      otherConsultant: otherFirm.consultant.token,
      scored,
      idle,
      pending,
      stale,
      other,
    };
  })();

  const search = async (body: object, token?: string) => {
    const { tag } = await scenario;
    const res = await post('organization/portfolio', { query: tag, skip: 0, take: 50, ...body }, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Page;
  };
  const names = (page: Page) => page.data.map((r) => r.name.replace(/^\S+ /, ''));

  it('answers admins and consultants; 401 without a token; 403 for champions, manufacturers and visitors', async () => {
    const app = await appPromise;
    const { scored } = await scenario;
    for (const url of ['organization/portfolio', 'organization/portfolio/download']) {
      expect((await post(url, {}, null)).statusCode).toBe(401);
      const champion = await buildUser(app, UserGroup.ManufacturerChampion, { organizationId: scored });
      const member = await buildUser(app, UserGroup.Manufacturer, { organizationId: scored });
      const visitor = await buildUser(app, UserGroup.Visitor);
      for (const user of [champion, member, visitor]) {
        const res = await post(url, {}, user.token);
        expect(res.statusCode).toBe(403);
      }
      expect((await post(url, {})).statusCode).toBe(200);
      expect((await post(url, {}, (await scenario).consultant)).statusCode).toBe(200);
    }
  });

  it("gives a consultant its own firm's manufacturers only, and admins all of them", async () => {
    const { consultant, otherConsultant } = await scenario;
    expect(names(await search({}, consultant))).toEqual(['Idle', 'Pending', 'Scored', 'Stale']);
    expect(names(await search({}, otherConsultant))).toEqual(['Other']);
    expect(names(await search({}))).toEqual(['Idle', 'Other', 'Pending', 'Scored', 'Stale']);
    // A consultant of a firm with no manufacturers has an empty portfolio, not someone else's.
    const app = await appPromise;
    const lone = await buildFirm(app, await adminToken);
    expect(await search({ query: '' }, lone.consultant.token)).toEqual({ data: [], count: 0 });
  });

  it('counts included invites per state and figures the scores as the organization report does', async () => {
    const { scored } = await scenario;
    const row = (await search({})).data.find((r) => r.id === scored) as PortfolioRow;
    // Four respondents with an invite to each state; the excluded person and invite count nowhere.
    expect(row.invitesSent).toEqual({ current: 2, future: 2 });
    expect(row.invitesCompleted).toEqual({ current: 2, future: 1 });
    expect(row.roadmapStatus).toBe('FutureState');
    expect(row.lastActivityOn).toBe(new Date().toISOString().slice(0, 10));
    const app = await appPromise;
    const reportFigure = async (type: number) => {
      const results = await reportData.organizationResults(app.deps.db, scored, type);
      const codes = results.content.sections.map((s) => s.code);
      return averagesOf(
        results.respondents.map((r) => r.scores),
        codes,
      ).overall;
    };
    expect(row.currentScore).toBe(await reportFigure(AssessmentType.CurrentState));
    expect(row.futureScore).toBe(await reportFigure(AssessmentType.FutureState));
    expect(row.futureScore).toBe(5);
    expect(row.currentScore).toBeLessThan(5);
    expect(row.gap).toBe(Math.round(((row.futureScore ?? 0) - (row.currentScore ?? 0)) * 10) / 10);
    expect(row.needsAttention).toBe(false);
    expect(row.attentionReasons).toEqual([]);
    // Excluding the counted current-state respondent B changes the figures; the excluded ones never do.
    const before = row.currentScore;
    const { db } = app.deps;
    await db.updateTable('users').set({ excludeFromReport: 0 }).where('fullName', '=', 'Cal Cole').execute();
    const withCal = (await search({})).data.find((r) => r.id === scored) as PortfolioRow;
    expect(withCal.invitesCompleted.current).toBe(3);
    expect(withCal.currentScore).toBe(await reportFigure(AssessmentType.CurrentState));
    expect(withCal.currentScore).not.toBe(before);
    await db.updateTable('users').set({ excludeFromReport: 1 }).where('fullName', '=', 'Cal Cole').execute();
  });

  it('has null scores, gap and activity where there is nothing to show', async () => {
    const { idle, stale } = await scenario;
    const page = await search({});
    const idleRow = page.data.find((r) => r.id === idle) as PortfolioRow;
    expect(idleRow).toMatchObject({
      invitesSent: { current: 0, future: 0 },
      invitesCompleted: { current: 0, future: 0 },
      lastActivityOn: null,
      currentScore: null,
      futureScore: null,
      gap: null,
    });
    const staleRow = page.data.find((r) => r.id === stale) as PortfolioRow;
    expect(staleRow.currentScore).toBeNull();
    expect(staleRow.invitesSent).toEqual({ current: 1, future: 1 });
  });

  it('names each attention reason and keeps only those rows with needsAttention: true', async () => {
    const { idle, pending, stale, scored } = await scenario;
    const page = await search({});
    const reasons = Object.fromEntries(page.data.map((r) => [r.id, r.attentionReasons]));
    expect(reasons[idle]).toEqual([noActivity]);
    expect(reasons[pending]).toEqual([invitePending]);
    expect(reasons[stale]).toEqual([statusUnchanged]);
    expect(reasons[scored]).toEqual([]);
    for (const row of page.data) expect(row.needsAttention).toBe(row.attentionReasons.length > 0);

    const flagged = await search({ needsAttention: true });
    expect(names(flagged)).toEqual(['Idle', 'Pending', 'Stale']);
    expect(flagged.count).toBe(3);
    expect(flagged.data.every((r) => r.needsAttention)).toBe(true);
    expect((await search({ needsAttention: false })).count).toBe(5);
    expect((await search({ needsAttention: 'true' })).count).toBe(3);
    // Past the end of the filtered list the count still holds.
    expect(await search({ needsAttention: true, skip: 10 })).toEqual({ data: [], count: 3 });
  });

  it('pages, searches by name and sorts on the server', async () => {
    const { tag } = await scenario;
    const first = await search({ skip: 0, take: 2 });
    expect(first.count).toBe(5);
    expect(names(first)).toEqual(['Idle', 'Other']);
    expect(names(await search({ skip: 2, take: 2 }))).toEqual(['Pending', 'Scored']);
    expect(names(await search({ skip: 4, take: 2 }))).toEqual(['Stale']);
    expect(names(await search({ query: `${tag} sc`.toUpperCase() }))).toEqual(['Scored']);
    expect(await search({ query: `${tag}-nothing` })).toEqual({ data: [], count: 0 });

    const sorted = async (column: string, direction: string) =>
      names(await search({ sort: { column, direction } }));
    expect(await sorted('name', 'desc')).toEqual(['Stale', 'Scored', 'Pending', 'Other', 'Idle']);
    // Status order of docs/product.md#rules, ties by name.
    expect(await sorted('roadmapStatus', 'asc')).toEqual(['Idle', 'Other', 'Pending', 'Stale', 'Scored']);
    expect(await sorted('roadmapStatus', 'desc')).toEqual(['Scored', 'Stale', 'Other', 'Pending', 'Idle']);
    // Latest activity first (Stale's invites came after Scored's results); none (Idle, Other) last, by name.
    expect(await sorted('lastActivityOn', 'desc')).toEqual(['Stale', 'Scored', 'Pending', 'Idle', 'Other']);
    expect(await sorted('lastActivityOn', 'asc')).toEqual(['Idle', 'Other', 'Pending', 'Scored', 'Stale']);
    expect((await search({ sort: { column: 'lastActivityOn', direction: 'asc' }, take: 1 })).count).toBe(5);
    // Keys bind case-insensitively, values too.
    expect(names(await search({ Sort: { Column: 'NAME', Direction: 'DESC' } }))[0]).toBe('Stale');
  });

  it('refuses a bad body with 400 and a readable message', async () => {
    for (const body of [
      { sort: { column: 'currentScore' } },
      { sort: { column: 'name', direction: 'sideways' } },
      { skip: -1 },
      { take: 'many' },
      { needsAttention: 'perhaps' },
    ]) {
      const res = await post('organization/portfolio', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toMatch(/\w/);
    }
    const res = await post('organization/portfolio', { sort: { column: 'gap' } });
    expect(res.json().message).toContain('name, roadmapStatus, lastActivityOn');
  });

  it('downloads the same rows as a CSV named SM-Roadmap-Portfolio-{date}.csv', async () => {
    const { tag, consultant, scored } = await scenario;
    const res = await post(
      'organization/portfolio/download',
      { query: tag, needsAttention: true, sort: { column: 'name', direction: 'desc' } },
      consultant,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain(`filename="${portfolioCsvFileName(new Date())}"`);
    expect(portfolioCsvFileName(new Date())).toMatch(/^SM-Roadmap-Portfolio-\d{4}-\d{2}-\d{2}\.csv$/);
    const rows = parse(res.body) as string[][];
    expect(rows[0]).toEqual([...portfolioCsvHeader]);
    expect(rows.slice(1).map((r) => r[0]?.replace(/^\S+ /, ''))).toEqual(['Stale', 'Pending', 'Idle']);
    const stale = rows.find((r) => r[0]?.endsWith('Stale')) as string[];
    expect(stale[1]).toBe('Current State Reporting');
    expect(stale.slice(2, 6)).toEqual(['1', '0', '1', '0']);
    expect(stale.slice(10)).toEqual(['Yes', statusUnchanged]);

    // Everything, with the scores; a name that would be a formula stays text.
    const app = await appPromise;
    await app.deps.db
      .updateTable('organizations')
      .set({ name: `@${tag} Scored` })
      .where('id', '=', scored)
      .execute();
    const all = parse((await post('organization/portfolio/download', { query: tag })).body) as string[][];
    expect(all).toHaveLength(6);
    const row = all.find((r) => r[0]?.includes('Scored')) as string[];
    expect(row[0]).toBe(`'@${tag} Scored`);
    const api = (await search({})).data.find((r) => r.id === scored) as PortfolioRow;
    expect(row.slice(7, 10)).toEqual([
      api.currentScore?.toFixed(1),
      api.futureScore?.toFixed(1),
      api.gap?.toFixed(1),
    ]);
    expect(row[10]).toBe('No');
    await app.deps.db
      .updateTable('organizations')
      .set({ name: `${tag} Scored` })
      .where('id', '=', scored)
      .execute();
  });

  it('figures a retaken result and changed content afresh', async () => {
    const app = await appPromise;
    const { scored, aToken, aFuture } = await scenario;
    const futureOf = async () =>
      ((await search({})).data.find((r) => r.id === scored) as PortfolioRow).futureScore;
    expect(await futureOf()).toBe(5);
    const criteria = (await post('assessment/bycode', { query: 'future-state' }, aToken)).json();
    for (const section of criteria.sections)
      for (const q of section.questions) (q.choices[0] as { selected: boolean }).selected = true;
    criteria.id = aFuture;
    const retake = await post('assessmentresult/overwrite', { assessmentResult: criteria }, aToken);
    expect(retake.json().isSuccess, retake.body).toBe(true);
    expect(await futureOf()).toBe(1);
    // A choice's score changed by an administrator counts at once, as in the report.
    const { db } = app.deps;
    const ones = (await db.selectFrom('choices').select('id').where('scoreValue', '=', 1).execute()).map(
      (c) => c.id,
    );
    await db.updateTable('choices').set({ scoreValue: 1.5 }).where('id', 'in', ones).execute();
    try {
      expect(await futureOf()).toBe(1.5);
    } finally {
      await db.updateTable('choices').set({ scoreValue: 1 }).where('id', 'in', ones).execute();
    }
  });
});
