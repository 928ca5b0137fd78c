import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import type { RoadmapStatusCode } from '../../domain/codes.js';
import { unique } from '../test/factories.js';
import { ADMIN, api, buildTestApp, buildUser, login, testDialects } from '../test/helpers.js';
import {
  ageInvites,
  daysAgo,
  identifiersOf,
  postAs,
  roleName,
  saveFullDraft,
  setAnonymize,
} from '../test/insights.js';
import { assessmentIds, buildFirm, manufacturerSave } from '../test/organizations.js';
import {
  addBenchmarkedPeer,
  addRespondent,
  bareManufacturer,
  type Respondent,
  readWorkbook,
  setAlias,
  submitBySection,
} from '../test/reports.js';

// A contract audit of docs/product.md#insights's insight features, written from docs/product.md#insights
// as an outside client would check it. The feature tests check each call
// line by line; this file checks the rules the section states for all of them at once:
// - every figure leaves out respondents AND invites marked Exclude From Report, and drafts never count:
//   two "twin" manufacturers with the same counted answers, one of them also holding an excluded person,
//   an excluded invite (each with results that would move every figure), a full draft and excluded
//   invites pending for weeks, must get the same figures from every call;
// - no answer names a person where the organization has Anonymize Results and the caller is no admin;
// - the roles each row names, 403 for the rest, paths and keys case-insensitive;
// - the exact texts, orderings, floors and bounds the section fixes.

const PUBLIC_URL = 'https://insights.example.org';
const TODAY = () => new Date().toISOString().slice(0, 10);

type Group = { name: string; respondents: number };
type Alignment = {
  groups: Group[];
  sections: { id: number; name: string; averages: { group: string; average: number }[]; spread: number }[];
};
type SectionAverage = { id: number; name: string; average: number | null };
type Progress = {
  target: { sections: SectionAverage[] } | null;
  rounds: { closedOn: string; respondents: number; overall: number | null; sections: SectionAverage[] }[];
};
type Peers = {
  contributors: number;
  minimum: number;
  needed: number;
  sections: { id: number; name: string; value: number | null; q1: number; median: number; q3: number }[];
};
type PortfolioRow = {
  id: number;
  name: string;
  roadmapStatus: string | null;
  invitesSent: { current: number; future: number };
  invitesCompleted: { current: number; future: number };
  lastActivityOn: string | null;
  currentScore: number | null;
  futureScore: number | null;
  gap: number | null;
  openActions: number;
  overdueActions: number;
  needsAttention: boolean;
  attentionReasons: string[];
};
type Shared = {
  name: string;
  businessType: unknown;
  roadmapStatus: string;
  sections: { id: number; name: string; current: number | null; future: number | null; gap: number | null }[];
};

/** Within 0.05: figures may be rounded to one decimal or not, the contract does not say. */
const near = (actual: number | null | undefined, expected: number) =>
  typeof actual === 'number' && Math.abs(actual - expected) <= 0.051;

describe.each(testDialects())('insight features against docs/product.md#insights on %s', (dialect) => {
  const appPromise = buildTestApp(dialect, { PUBLIC_URL, LOGIN_MAX_PER_ADDRESS: '10000' });
  const post = async (url: string, token: string, payload: object = {}) =>
    postAs(await appPromise, url, token, payload);
  const getShared = async (token: string) =>
    api(await appPromise, { method: 'GET', url: `/api/shared/${token}` });
  const ok = async <T>(url: string, token: string, payload: object = {}): Promise<T> => {
    const res = await post(url, token, payload);
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json() as T;
  };

  /**
   * Two manufacturers of one firm, saved through the admin's form, with the same counted answers:
   * - 3 Engineering (blank alias: the role's name): current 4 everywhere but 5 in the second practice
   *   area, future 5;
   * - 3 Quality ('Quality Team'): current 2, future 4;
   * - 2 Finance and 1 Maintenance (too few each: Other of 3): current 1, future 3.
   * A has one more person invited who has done nothing. B has instead:
   * - a Finance person marked Exclude From Report (current 5, future 1): counted, Finance would be a
   *   group of its own and every average would move;
   * - an Engineering person whose invites are marked Exclude From Report (current 1, future 1);
   * - a Quality person with a FULL draft of both assessments (all 1s), never submitted;
   * - two Maintenance people invited 20 days ago without a result, one by an excluded invite, one
   *   excluded as a person ('Invites pending over 14 days' if they counted).
   * Both go CurrentState -> CurrentStateReporting (round) -> same again (none) -> FutureStateReporting
   * (none) -> CurrentStateReporting (round). Both then get Anonymize Results.
   */
  const world = (async () => {
    const app = await appPromise;
    const admin = await login(app, ADMIN.userName, ADMIN.password);
    const tag = unique('Ins');
    const firm = await buildFirm(app, admin);
    const otherFirm = await buildFirm(app, admin);
    for (const value of [1, 2, 3, 4, 5]) await addBenchmarkedPeer(app, value);

    const twin = async (label: 'A' | 'B') => {
      const name = `${tag} Twin ${label}`;
      const form = (status: RoadmapStatusCode, id?: number) =>
        manufacturerSave(app, { id, name, status, consultingFirmId: firm.firmId });
      const made = await post('admin/organization/add', admin, await form('CurrentState'));
      expect(made.json().isSuccess, made.body).toBe(true);
      const id = made.json().data.id as number;
      const setStatus = async (status: RoadmapStatusCode) => {
        const saved = await post('admin/organization/update', admin, await form(status, id));
        expect(saved.json().isSuccess, saved.body).toBe(true);
      };
      const people: Respondent[] = [];
      const person = async (fullName: string, role: string, extra: object = {}) => {
        const p = await addRespondent(app, id, { fullName, role, ...extra });
        people.push(p);
        return p;
      };
      const answer = async (p: Respondent, current: (i: number) => number, future: (i: number) => number) => {
        await submitBySection(app, p.token, 'current-state', current);
        await submitBySection(app, p.token, 'future-state', future);
      };
      for (let n = 0; n < 3; n++)
        await answer(
          await person(`${label}Eng${n} Quillfeather`, 'engineering'),
          (i) => (i === 1 ? 4 : 3),
          () => 4,
        );
      for (let n = 0; n < 3; n++)
        await answer(
          await person(`${label}Qua${n} Marrowby`, 'quality'),
          () => 1,
          () => 3,
        );
      for (let n = 0; n < 2; n++)
        await answer(
          await person(`${label}Fin${n} Oakhollow`, 'finance'),
          () => 0,
          () => 2,
        );
      await answer(
        await person(`${label}Mai Thistledown`, 'maintenance'),
        () => 0,
        () => 2,
      );
      const member = people[0]!;
      let drafter: Respondent | null = null;
      if (label === 'A') await person('AWaiting Fernsby', 'quality');
      else {
        await answer(
          await person('BExcludedPerson Vantwhistle', 'finance', { excludeUser: true }),
          () => 4,
          () => 0,
        );
        await answer(
          await person('BExcludedInvite Corbenfold', 'engineering', { excludeInvite: true }),
          () => 0,
          () => 0,
        );
        drafter = await person('BDrafting Pellingham', 'quality');
        await saveFullDraft(app, drafter.token, 'current-state', 0);
        await saveFullDraft(app, drafter.token, 'future-state', 0);
        const waitingInvite = await person('BPendingInvite Ashgrove', 'maintenance', { excludeInvite: true });
        const waitingPerson = await person('BPendingPerson Wexley', 'maintenance', { excludeUser: true });
        for (const p of [waitingInvite, waitingPerson]) await ageInvites(app, p.id, daysAgo(20));
      }
      await setStatus('CurrentStateReporting');
      await setStatus('CurrentStateReporting');
      await setStatus('FutureStateReporting');
      await setStatus('CurrentStateReporting');
      // After the last form save (which sends its own aliases and no Anonymize Results).
      await setAlias(app, id, 'engineering', '');
      await setAlias(app, id, 'quality', 'Quality Team');
      await setAlias(app, id, 'finance', '');
      await setAlias(app, id, 'maintenance', '');
      await setAnonymize(app, id, true);
      const champion = await buildUser(app, 3, { organizationId: id });
      const championRow = await app.deps.db
        .selectFrom('users')
        .select(['fullName', 'userName', 'email'])
        .where('id', '=', champion.id)
        .executeTakeFirstOrThrow();
      return { id, name, people, member, drafter, champion, championRow };
    };
    const a = await twin('A');
    const b = await twin('B');
    return {
      app,
      admin,
      tag,
      firm,
      otherFirm,
      a,
      b,
      engineering: await roleName(app, 'engineering'),
    };
  })();

  describe('every figure leaves out excluded respondents and invites, and drafts never count', () => {
    it('the fixture: B holds the excluded results and the drafts that would move every figure', async () => {
      const { app, a, b } = await world;
      const results = async (organizationId: number) =>
        Number(
          (
            await app.deps.db
              .selectFrom('assessmentResults as r')
              .innerJoin('assessmentInvites as i', 'i.id', 'r.assessmentInviteId')
              .where('i.organizationId', '=', organizationId)
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      expect(await results(a.id)).toBe(18);
      expect(await results(b.id)).toBe(22);
      const drafts = await app.deps.db
        .selectFrom('assessmentDrafts')
        .select('id')
        .where('userId', '=', b.drafter!.id)
        .execute();
      expect(drafts).toHaveLength(2);
    });

    it('role alignment: the same groups and averages for both twins, in both states', async () => {
      const { admin, a, b, engineering } = await world;
      for (const assessmentType of [1, 2]) {
        const one = await ok<Alignment>('organization/alignment', admin, { id: a.id, assessmentType });
        const two = await ok<Alignment>('organization/alignment', admin, { id: b.id, assessmentType });
        expect(two, `assessmentType ${assessmentType}`).toEqual(one);
      }
      const current = await ok<Alignment>('organization/alignment', admin, { id: b.id, assessmentType: 1 });
      // A blank alias is the role's name; Finance (2) merges with Maintenance (1) into Other (3).
      const byName = (x: Group, y: Group) => x.name.localeCompare(y.name);
      expect([...current.groups].sort(byName)).toEqual(
        [
          { name: engineering, respondents: 3 },
          { name: 'Quality Team', respondents: 3 },
          { name: 'Other', respondents: 3 },
        ].sort(byName),
      );
      expect(Object.keys(current).sort()).toEqual(['groups', 'sections']);
      for (const s of current.sections) {
        expect(Object.keys(s).sort()).toEqual(['averages', 'id', 'name', 'spread']);
        const avg = Object.fromEntries(s.averages.map((x) => [x.group, x.average]));
        expect(Object.keys(avg).sort()).toEqual(current.groups.map((g) => g.name).sort());
        expect(near(avg['Quality Team'], 2), s.name).toBe(true);
        expect(near(avg.Other, 1), s.name).toBe(true);
        const values = s.averages.map((x) => x.average);
        expect(near(s.spread, Math.max(...values) - Math.min(...values)), s.name).toBe(true);
      }
      // Largest spread first: the second practice area (Engineering 5) before the others (spread 3).
      const spreads = current.sections.map((s) => s.spread);
      expect(spreads).toEqual([...spreads].sort((x, y) => y - x));
      expect(near(current.sections[0]!.spread, 4)).toBe(true);
      expect(current.sections.slice(1).every((s) => near(s.spread, 3))).toBe(true);
    });

    it('progress: rounds only on a change into CurrentStateReporting, oldest first, the same for both twins', async () => {
      const { admin, a, b } = await world;
      const one = await ok<Progress>('organization/progress', admin, { id: a.id });
      const two = await ok<Progress>('organization/progress', admin, { id: b.id });
      expect(one.rounds).toHaveLength(2);
      expect(two.rounds).toHaveLength(2);
      const figures = (p: Progress) => ({
        target: p.target,
        rounds: p.rounds.map(({ closedOn: _closedOn, ...rest }) => rest),
      });
      expect(figures(two)).toEqual(figures(one));
      for (const p of [one, two]) {
        const [first, second] = p.rounds;
        expect(Date.parse(first!.closedOn) <= Date.parse(second!.closedOn)).toBe(true);
        for (const round of p.rounds) {
          expect(round.respondents).toBe(9);
          // Current: Engineering 4 (5 in the second area), Quality 2, Finance and Maintenance 1.
          round.sections.forEach((s, i) => {
            expect(near(s.average, i === 1 ? 24 / 9 : 21 / 9), s.name).toBe(true);
          });
        }
        // The target: Engineering 5, Quality 4, Finance and Maintenance 3: 36 / 9 everywhere.
        expect(p.target).not.toBeNull();
        for (const s of p.target!.sections) expect(near(s.average, 4), s.name).toBe(true);
      }
    });

    it("peers: the organization's own value is the same for both twins, its counted current-state average", async () => {
      const { admin, a, b } = await world;
      const one = await ok<Peers>('assessmentresult/peers', admin, { id: a.id });
      const two = await ok<Peers>('assessmentresult/peers', admin, { id: b.id });
      expect(two).toEqual(one);
      expect(one.minimum).toBe(5);
      expect(one.contributors).toBeGreaterThanOrEqual(5);
      expect(one.sections.length).toBeGreaterThan(1);
      one.sections.forEach((s, i) => {
        expect(near(s.value, i === 1 ? 24 / 9 : 21 / 9), s.name).toBe(true);
      });
    });

    it('portfolio: the same counts, scores, activity and reasons for both twins, in the list and the CSV', async () => {
      const { admin, tag, a, b, firm } = await world;
      for (const token of [admin, firm.consultant.token]) {
        const page = await ok<{ data: PortfolioRow[]; count: number }>('organization/portfolio', token, {
          query: `${tag} Twin`,
          skip: 0,
          take: 10,
        });
        expect(page.count).toBe(2);
        const row = (id: number) => {
          const { id: _id, name: _name, ...rest } = page.data.find((r) => r.id === id)!;
          return rest;
        };
        expect(row(b.id)).toEqual(row(a.id));
        // Nine results and one more invite (A's waiting person, B's draft) per state.
        expect(row(a.id)).toMatchObject({
          roadmapStatus: 'CurrentStateReporting',
          invitesSent: { current: 10, future: 10 },
          invitesCompleted: { current: 9, future: 9 },
          lastActivityOn: TODAY(),
          needsAttention: false,
          attentionReasons: [],
        });
        const r = row(a.id);
        expect(r.currentScore).not.toBeNull();
        expect(r.futureScore).not.toBeNull();
        expect(near(r.gap, (r.futureScore ?? 0) - (r.currentScore ?? 0))).toBe(true);
      }
      const csv = await post('organization/portfolio/download', admin, { query: `${tag} Twin` });
      const rows = parse(csv.body) as string[][];
      const line = (name: string) => rows.find((r) => r[0] === name)!.slice(1);
      expect(line(b.name)).toEqual(line(a.name));
    });

    it('shared link: the same current, future and gap for both twins', async () => {
      const { admin, a, b } = await world;
      const open = async (id: number) => {
        const made = await ok<{ data: { url: string } }>('organization/sharelink/add', admin, { id });
        const res = await getShared(made.data.url.split('/shared/')[1]!);
        expect(res.statusCode).toBe(200);
        return res.json() as Shared;
      };
      const one = await open(a.id);
      const two = await open(b.id);
      expect(two.sections).toEqual(one.sections);
      expect(one.roadmapStatus).toBe('CurrentStateReporting');
      for (const s of one.sections) {
        expect(near(s.future, 4), s.name).toBe(true);
        expect(near(s.gap, (s.future ?? 0) - (s.current ?? 0)), s.name).toBe(true);
      }
    });

    it("the organization report's Role Alignment and Progress sheets are the same for both twins", async () => {
      const { a, b, firm } = await world;
      const sheets = async (id: number, name: string, assessmentType: number) => {
        const res = await post('assessmentresult/report/byorg/download', firm.consultant.token, {
          id,
          assessmentType,
        });
        expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
        const book = await readWorkbook(res.rawPayload);
        expect(book.names).toEqual(expect.arrayContaining(['Role Alignment', 'Progress']));
        const clean = (rows: string[][]) => rows.map((r) => r.map((c) => c.split(name).join('{name}')));
        return { alignment: clean(book.sheets['Role Alignment']!), progress: clean(book.sheets.Progress!) };
      };
      // (At CurrentStateReporting only the current-state report exists.)
      expect(await sheets(b.id, b.name, 1)).toEqual(await sheets(a.id, a.name, 1));
    });

    it("an invite's own flag leaves out that invite's result only: the person's other invite still counts", async () => {
      const { app, admin, firm } = await world;
      const id = await bareManufacturer(app, 'FutureStateReporting', firm.firmId);
      for (let n = 0; n < 3; n++) {
        const p = await addRespondent(app, id, { fullName: 'Even Respondent', role: 'engineering' });
        await submitBySection(app, p.token, 'current-state', () => 0);
        await submitBySection(app, p.token, 'future-state', () => 2);
      }
      const split = await addRespondent(app, id, { fullName: 'Split Respondent', role: 'engineering' });
      const assessments = await assessmentIds(app);
      await app.deps.db
        .updateTable('assessmentInvites')
        .set({ excludeFromReport: 1 })
        .where('respondentId', '=', split.id)
        .where('assessmentId', '=', assessments.current)
        .execute();
      await submitBySection(app, split.token, 'current-state', () => 4);
      await submitBySection(app, split.token, 'future-state', () => 4);
      // Current: 1 from three; future: (3 + 3 + 3 + 5) / 4 = 3.5 from four.
      const alignment = async (assessmentType: number) =>
        ok<Alignment>('organization/alignment', admin, { id, assessmentType });
      const current = await alignment(1);
      const future = await alignment(2);
      expect(current.groups.map((g) => g.respondents)).toEqual([3]);
      expect(future.groups.map((g) => g.respondents)).toEqual([4]);
      for (const s of current.sections) expect(near(s.averages[0]!.average, 1), s.name).toBe(true);
      for (const s of future.sections) expect(near(s.averages[0]!.average, 3.5), s.name).toBe(true);
      const progress = await ok<Progress>('organization/progress', admin, { id });
      for (const s of progress.target!.sections) expect(near(s.average, 3.5), s.name).toBe(true);
      const peers = await ok<Peers>('assessmentresult/peers', admin, { id });
      for (const s of peers.sections) expect(near(s.value, 1), s.name).toBe(true);
      const page = await ok<{ data: PortfolioRow[] }>('organization/portfolio', admin, {
        query: (await db(app, id)).name,
      });
      expect(page.data[0]).toMatchObject({
        invitesSent: { current: 3, future: 4 },
        invitesCompleted: { current: 3, future: 4 },
      });
      expect(near(page.data[0]!.currentScore, 1)).toBe(true);
      expect(near(page.data[0]!.futureScore, 3.5)).toBe(true);
      const link = await ok<{ data: { url: string } }>('organization/sharelink/add', admin, { id });
      const shared = (await getShared(link.data.url.split('/shared/')[1]!)).json() as Shared;
      for (const s of shared.sections) {
        expect(near(s.current, 1), s.name).toBe(true);
        expect(near(s.future, 3.5), s.name).toBe(true);
      }
    });

    it('progress: a target only from counted future-state results (excluded ones and drafts give none)', async () => {
      const { app, admin } = await world;
      const id = await bareManufacturer(app, 'FutureState');
      const out = await addRespondent(app, id, {
        fullName: 'Outa Future',
        role: 'engineering',
        excludeUser: true,
      });
      const outInvite = await addRespondent(app, id, {
        fullName: 'Outb Future',
        role: 'engineering',
        excludeInvite: true,
      });
      for (const p of [out, outInvite]) await submitBySection(app, p.token, 'future-state', () => 4);
      const drafter = await addRespondent(app, id, { fullName: 'Draft Future', role: 'engineering' });
      await saveFullDraft(app, drafter.token, 'future-state', 4);
      const body = await ok<Progress>('organization/progress', admin, { id });
      // The contract: null until a future-state result exists. No counted one exists; a target of
      // sections without averages is accepted too (the contract is silent on that shape), figures are not.
      if (body.target !== null) for (const s of body.target.sections) expect(s.average, s.name).toBeNull();
      expect(body.rounds).toEqual([]);
    });
  });

  it('no insight answer names a person of an Anonymize Results organization to anyone but an admin', async () => {
    const { app, tag, a, b, firm } = await world;
    const identifiers = identifiersOf([
      ...a.people,
      ...b.people,
      a.championRow,
      b.championRow,
      { fullName: 'Outa Future', userName: 'Outa Future' },
    ]);
    const callers = {
      consultant: firm.consultant.token,
      champion: b.champion.token,
      member: b.member.token,
      drafter: b.drafter!.token,
    };
    for (const [who, token] of Object.entries(callers)) {
      const link = await post('organization/sharelink/add', token, { id: b.id });
      const bodies: Record<string, string> = {
        'alignment current': (await post('organization/alignment', token, { id: b.id, assessmentType: 1 }))
          .body,
        'alignment future': (await post('organization/alignment', token, { id: b.id, assessmentType: 2 }))
          .body,
        progress: (await post('organization/progress', token, { id: b.id })).body,
        peers: (await post('assessmentresult/peers', token, { id: b.id })).body,
        portfolio: (await post('organization/portfolio', token, { query: tag })).body,
        'portfolio csv': (await post('organization/portfolio/download', token, { query: tag })).body,
        'sharelink add': link.body,
        'sharelink list': (await post('organization/sharelink/list', token, { id: b.id })).body,
      };
      if (link.statusCode === 200) {
        const shared = await getShared(link.json().data.url.split('/shared/')[1]);
        expect(shared.statusCode).toBe(200);
        bodies.shared = shared.body;
      }
      for (const [call, body] of Object.entries(bodies)) {
        const text = body.toLowerCase();
        for (const name of identifiers) expect(text, `${who}, ${call} names ${name}`).not.toContain(name);
      }
    }
    // The organization report's insight sheets, as the consultant downloads it.
    const report = await post('assessmentresult/report/byorg/download', firm.consultant.token, {
      id: b.id,
      assessmentType: 1,
    });
    expect(report.statusCode).toBe(200);
    const book = await readWorkbook(report.rawPayload);
    for (const sheet of ['Role Alignment', 'Progress']) {
      const text = JSON.stringify(book.sheets[sheet]).toLowerCase();
      for (const name of identifiers) expect(text, `report sheet ${sheet} names ${name}`).not.toContain(name);
    }
    // The public page names nobody, anonymized or not.
    await setAnonymize(app, a.id, false);
    try {
      const made = (await post('organization/sharelink/add', (await world).admin, { id: a.id })).json();
      const text = (await getShared(made.data.url.split('/shared/')[1])).body.toLowerCase();
      for (const name of identifiersOf(a.people)) expect(text).not.toContain(name);
    } finally {
      await setAnonymize(app, a.id, true);
    }
  });

  it('answers the roles each row names, 403 for the rest, 401 signed out, on paths and keys in any case', async () => {
    const { app, admin, tag, a, firm, otherFirm } = await world;
    const link = (await ok<{ data: { id: number } }>('organization/sharelink/add', admin, { id: a.id })).data;
    const visitor = await buildUser(app, 5);
    const strangerChampion = await buildUser(app, 3);
    const tokens = {
      admin,
      consultant: firm.consultant.token,
      champion: a.champion.token,
      member: a.member.token,
      visitor: visitor.token,
      otherConsultant: otherFirm.consultant.token,
      otherChampion: strangerChampion.token,
    };
    type Who = keyof typeof tokens;
    const calls: { url: string; body: object; allowed: Who[] }[] = [
      {
        url: 'Organization/Alignment',
        body: { ID: a.id, AssessmentType: 1 },
        allowed: ['admin', 'consultant', 'champion'],
      },
      { url: 'organization/PROGRESS', body: { Id: a.id }, allowed: ['admin', 'consultant', 'champion'] },
      {
        url: 'organization/portfolio',
        body: { Query: tag, Skip: 0, Take: 5, NeedsAttention: false },
        allowed: ['admin', 'consultant', 'otherConsultant'],
      },
      {
        url: 'Organization/Portfolio/Download',
        body: { query: tag },
        allowed: ['admin', 'consultant', 'otherConsultant'],
      },
      {
        url: 'AssessmentResult/Peers',
        body: { Id: a.id },
        allowed: ['admin', 'consultant', 'champion', 'member'],
      },
      {
        url: 'organization/ShareLink/List',
        body: { ID: a.id },
        allowed: ['admin', 'consultant', 'champion'],
      },
      {
        url: 'organization/sharelink/ADD',
        body: { Id: a.id, ExpiresInDays: 2 },
        allowed: ['admin', 'consultant', 'champion'],
      },
      {
        url: 'Admin/ShareLink/Search',
        body: { Query: '', Skip: 0, Take: 1 },
        allowed: ['admin'],
      },
    ];
    for (const call of calls) {
      for (const [who, token] of Object.entries(tokens) as [Who, string][]) {
        const res = await post(call.url, token, call.body);
        expect(res.statusCode, `${call.url} as ${who}: ${res.body.slice(0, 200)}`).toBe(
          call.allowed.includes(who) ? 200 : 403,
        );
        // Every answer to an authenticated call carries a fresh token.
        if (res.statusCode === 200) expect(res.headers['authorization-extend'], call.url).toBeTruthy();
      }
      expect((await post(call.url, '', call.body)).statusCode, `${call.url} signed out`).toBe(401);
    }
    // Revoke last (the link's id), by a refused role first.
    for (const who of ['member', 'visitor', 'otherConsultant', 'otherChampion'] as Who[])
      expect(
        (await post('organization/ShareLink/Revoke', tokens[who], { Id: link.id })).statusCode,
        who,
      ).toBe(403);
    expect((await post('organization/ShareLink/Revoke', '', { Id: link.id })).statusCode).toBe(401);
    expect((await post('organization/ShareLink/Revoke', tokens.champion, { Id: link.id })).statusCode).toBe(
      200,
    );
    // A consultant's portfolio holds its own firm's manufacturers only.
    const mine = await ok<{ data: PortfolioRow[] }>('organization/portfolio', tokens.consultant, {
      query: tag,
    });
    expect(mine.data.map((r) => r.id).sort()).toEqual([a.id, (await world).b.id].sort());
    const theirs = await ok<{ data: PortfolioRow[]; count: number }>(
      'organization/portfolio',
      tokens.otherConsultant,
      {
        query: tag,
      },
    );
    expect(theirs).toEqual({ data: [], count: 0 });
  });

  it('role alignment: a group of 2 merges into Other and an Other of 2 is left out, excluded people and drafts not counted', async () => {
    const { app, admin, engineering } = await world;
    const id = await bareManufacturer(app, 'CurrentStateReporting');
    const add = async (role: string, pick: number, extra: object = {}) => {
      const p = await addRespondent(app, id, { fullName: 'Some Respondent', role, ...extra });
      await submitBySection(app, p.token, 'current-state', () => pick);
      return p;
    };
    for (let n = 0; n < 3; n++) await add('engineering', 2);
    await add('quality', 0);
    await add('quality', 0);
    // Each would make Quality a group of 3 (or Other of 3) if it counted.
    await add('quality', 4, { excludeUser: true });
    await add('quality', 4, { excludeInvite: true });
    const drafter = await addRespondent(app, id, { fullName: 'Draft Respondent', role: 'quality' });
    await saveFullDraft(app, drafter.token, 'current-state', 4);
    const body = await ok<Alignment>('organization/alignment', admin, { id, assessmentType: 1 });
    expect(body.groups).toEqual([{ name: engineering, respondents: 3 }]);
    for (const s of body.sections) {
      expect(s.averages.map((x) => x.group)).toEqual([engineering]);
      expect(near(s.averages[0]!.average, 3)).toBe(true);
      expect(s.spread).toBe(0);
    }
  });

  it("portfolio: the attention reasons' exact texts, excluded people's activity ignored, needsAttention filter, the CSV's name", async () => {
    const { app, admin, firm } = await world;
    const db = app.deps.db;
    const tag = unique('Att');
    const maker = async (label: string, org: number, roadmapSince: number, statusChanged: number) => {
      const id = await bareManufacturer(app, 'CurrentState', firm.firmId);
      await db
        .updateTable('organizations')
        .set({ name: `${tag} ${label}`, createdAt: daysAgo(org) })
        .where('id', '=', id)
        .execute();
      await db
        .updateTable('roadmaps')
        .set({ createdAt: daysAgo(roadmapSince), statusChangedAt: daysAgo(statusChanged) })
        .where('organizationId', '=', id)
        .execute();
      return id;
    };
    // Idle for 40 days; only excluded people (by person and by invite) answered today.
    const idle = await maker('Idle', 40, 40, 40);
    for (const extra of [{ excludeUser: true }, { excludeInvite: true }]) {
      const p = await addRespondent(app, idle, { fullName: 'Idle Outsider', role: 'engineering', ...extra });
      await submitBySection(app, p.token, 'current-state', () => 2);
    }
    // An invite pending for 20 days, the status changed then.
    const pending = await maker('Pending', 40, 40, 20);
    const waiting = await addRespondent(app, pending, { fullName: 'Pending Person', role: 'engineering' });
    await ageInvites(app, waiting.id, daysAgo(20));
    // Status unchanged for 70 days, an invite sent today.
    const stale = await maker('Stale', 70, 70, 70);
    await addRespondent(app, stale, { fullName: 'Stale Person', role: 'engineering' });

    const page = await ok<{ data: PortfolioRow[]; count: number }>('organization/portfolio', admin, {
      query: tag,
      skip: 0,
      take: 10,
    });
    expect(page.count).toBe(3);
    const row = (id: number) => page.data.find((r) => r.id === id)!;
    expect(row(idle)).toMatchObject({
      invitesSent: { current: 0, future: 0 },
      invitesCompleted: { current: 0, future: 0 },
      currentScore: null,
      futureScore: null,
      gap: null,
      lastActivityOn: daysAgo(40).slice(0, 10),
      needsAttention: true,
      attentionReasons: ['No activity for 30 days'],
    });
    expect(row(pending).attentionReasons).toEqual(['Invites pending over 14 days']);
    expect(row(stale).attentionReasons).toEqual(['Status unchanged for 60 days']);
    for (const r of page.data) {
      expect(r.lastActivityOn === null || /^\d{4}-\d{2}-\d{2}$/.test(r.lastActivityOn)).toBe(true);
      expect(Object.keys(r).sort()).toEqual(
        [
          'attentionReasons',
          'currentScore',
          'futureScore',
          'gap',
          'id',
          'invitesCompleted',
          'invitesSent',
          'lastActivityOn',
          'name',
          'needsAttention',
          'openActions',
          'overdueActions',
          'roadmapStatus',
        ].sort(),
      );
    }
    // needsAttention: true keeps those rows; the twins (same firm, nothing to attend to) stay out of it.
    const flagged = await ok<{ data: PortfolioRow[]; count: number }>('organization/portfolio', admin, {
      needsAttention: true,
      take: 1000,
    });
    const flaggedIds = flagged.data.map((r) => r.id);
    for (const id of [idle, pending, stale]) expect(flaggedIds).toContain(id);
    const { a, b } = await world;
    expect(flaggedIds).not.toContain(a.id);
    expect(flaggedIds).not.toContain(b.id);
    expect(flagged.data.every((r) => r.needsAttention)).toBe(true);
    // The CSV: its name, and the texts.
    const csv = await post('organization/portfolio/download', firm.consultant.token, { query: tag });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    // The name as docs/product.md#insights-portfolio gives it ({date}: today's date, as YYYY-MM-DD like the other downloads).
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="([^"]+)"/);
    expect(csv.headers['content-disposition']?.match(/filename="([^"]+)"/)?.[1]).toBe(
      `SM-Roadmap-Portfolio-${TODAY()}.csv`,
    );
    for (const text of [
      'No activity for 30 days',
      'Invites pending over 14 days',
      'Status unchanged for 60 days',
    ])
      expect(csv.body).toContain(text);
  });

  it('shared links: PUBLIC_URL/shared/{token} of 128 bits or more, 1 to 365 days (30 by default), never a token in a list', async () => {
    const { app, admin, a } = await world;
    const tokens: string[] = [];
    const check = async (payload: object, days: number) => {
      const before = Date.now();
      const res = await post('organization/sharelink/add', a.champion.token, payload);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body.isSuccess).toBe(true);
      expect(typeof body.message).toBe('string');
      expect(Object.keys(body.data).sort()).toEqual(['expiresOn', 'id', 'url']);
      const prefix = `${PUBLIC_URL}/shared/`;
      expect(body.data.url.startsWith(prefix), body.data.url).toBe(true);
      const token = body.data.url.slice(prefix.length) as string;
      expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
      const bits = /^[0-9a-f]+$/.test(token) ? token.length * 4 : Math.floor(token.length * 6);
      expect(bits).toBeGreaterThanOrEqual(128);
      const ms = Date.parse(body.data.expiresOn) - before;
      expect(Math.abs(ms - days * 86_400_000)).toBeLessThan(2 * 86_400_000);
      tokens.push(token);
      expect((await getShared(token)).statusCode).toBe(200);
    };
    await check({ id: a.id, expiresInDays: 1 }, 1);
    await check({ id: a.id, expiresInDays: 365 }, 365);
    await check({ Id: a.id, ExpiresInDays: 365 }, 365);
    await check({ id: a.id }, 30);
    for (const bad of [0, 366]) {
      const res = await post('organization/sharelink/add', a.champion.token, {
        id: a.id,
        expiresInDays: bad,
      });
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.json().message).toMatch(/\w/);
    }
    const list = await post('organization/sharelink/list', a.champion.token, { id: a.id });
    const listed = list.json();
    expect(Object.keys(listed).sort()).toEqual(['count', 'data']);
    expect(listed.count).toBe(listed.data.length);
    for (const row of listed.data)
      expect(Object.keys(row).sort()).toEqual(['createdBy', 'createdOn', 'expiresOn', 'id', 'revoked']);
    const name = (await db(app, a.id)).name;
    const search = await post('admin/sharelink/search', admin, { query: name, skip: 0, take: 100 });
    const found = search.json();
    expect(found.count).toBe(listed.count);
    for (const row of found.data) expect(row).toMatchObject({ organizationId: a.id, organizationName: name });
    for (const token of tokens) {
      expect(list.body).not.toContain(token);
      expect(search.body).not.toContain(token);
    }
    // The public path matches in any case, like every other path.
    const upper = await api(app, { method: 'GET', url: `/API/Shared/${tokens[0]}` });
    expect(upper.statusCode).toBe(200);
    // It needs no login: a stale or foreign Authorization header does not stand in the way.
    const stale = await api(app, { method: 'GET', url: `/api/shared/${tokens[0]}`, token: 'not-a-token' });
    expect(stale.statusCode).toBe(200);
    // Unknown, revoked and expired: one 404, one body.
    // The newest link is the last one made here (its token last).
    const newest = listed.data.reduce((x: { id: number }, y: { id: number }) => (x.id > y.id ? x : y));
    const revokedToken = tokens[tokens.length - 1]!;
    await post('organization/sharelink/revoke', a.champion.token, { id: newest.id });
    await app.deps.db
      .updateTable('shareLinks')
      .set({ expiresAt: daysAgo(1) })
      .where('organizationId', '=', a.id)
      .where('id', '!=', newest.id)
      .execute();
    const answers = await Promise.all([revokedToken, tokens[0]!, 'Z'.repeat(43)].map((t) => getShared(t)));
    for (const res of answers) {
      expect(res.statusCode).toBe(404);
      expect(res.body).toBe(answers[0]!.body);
    }
  });

  it('assessmentdraft/mine answers { criteria, savedOn } for a draft and 404 without one', async () => {
    const { b } = await world;
    const res = await post('assessmentdraft/mine', b.drafter!.token, { code: 'current-state' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json()).sort()).toEqual(['criteria', 'savedOn']);
    expect((await post('AssessmentDraft/Mine', b.member.token, { Code: 'current-state' })).statusCode).toBe(
      404,
    );
  });
});

describe.each(testDialects())(
  'progress rounds and peer floor against docs/product.md#insights-peers on %s',
  (dialect) => {
    const appPromise = buildTestApp(dialect, { LOGIN_MAX_PER_ADDRESS: '10000' });
    const post = async (url: string, token: string, payload: object = {}) =>
      postAs(await appPromise, url, token, payload);

    it("closes a round on the admin's change into CurrentStateReporting only: later saves by the consultant or champion close none", async () => {
      const app = await appPromise;
      const admin = await login(app, ADMIN.userName, ADMIN.password);
      const { firmId, consultant } = await buildFirm(app, admin);
      const name = unique('Consulted ');
      const form = (status: RoadmapStatusCode, id?: number) =>
        manufacturerSave(app, { id, name, status, consultingFirmId: firmId });
      const made = await post('admin/organization/add', consultant.token, await form('CurrentState'));
      expect(made.json().isSuccess, made.body).toBe(true);
      const id = made.json().data.id as number;
      const champion = await buildUser(app, 3, { organizationId: id });
      const p = await addRespondent(app, id, { fullName: 'Round Person', role: 'engineering' });
      await submitBySection(app, p.token, 'current-state', () => 2);
      const rounds = async () =>
        (await post('organization/progress', consultant.token, { id })).json().rounds as unknown[];
      expect(await rounds()).toHaveLength(0);
      // (Only the institute sets the roadmap status: the consultant's and champion's saves keep it.)
      for (const [who, token, status, expected] of [
        ['admin', admin, 'CurrentStateReporting', 1],
        ['consultant', consultant.token, 'CurrentStateReporting', 1],
        ['champion', champion.token, 'CurrentStateReporting', 1],
        ['consultant', consultant.token, 'FutureState', 1],
        ['admin', admin, 'CurrentStateReporting', 1],
        ['admin', admin, 'FutureStateReporting', 1],
        ['champion', champion.token, 'CurrentStateReporting', 1],
        ['admin', admin, 'CurrentStateReporting', 2],
      ] as const) {
        const saved = await post('admin/organization/update', token, await form(status, id));
        expect(saved.json().isSuccess, `${who}: ${saved.body}`).toBe(true);
        expect(await rounds(), `after ${who}'s save at ${status}`).toHaveLength(expected);
      }
      // A round is a snapshot: results that come after it leave it as it was.
      const before = await rounds();
      const late = await addRespondent(app, id, { fullName: 'Late Person', role: 'engineering' });
      await submitBySection(app, late.token, 'current-state', () => 4);
      expect(await rounds()).toEqual(before);
    });

    it('closes one round when several saves move the roadmap into CurrentStateReporting at once', async () => {
      const app = await appPromise;
      const admin = await login(app, ADMIN.userName, ADMIN.password);
      const name = unique('Racing ');
      const form = (status: RoadmapStatusCode, id?: number) => manufacturerSave(app, { id, name, status });
      const made = await post('admin/organization/add', admin, await form('CurrentState'));
      const id = made.json().data.id as number;
      const body = await form('CurrentStateReporting', id);
      const saves = await Promise.all([1, 2, 3].map(() => post('admin/organization/update', admin, body)));
      for (const saved of saves) expect(saved.statusCode, saved.body).toBe(200);
      const progress = await post('organization/progress', admin, { id });
      expect((progress.json() as Progress).rounds).toHaveLength(1);
    });

    it("needs 5 contributors: the organization's own benchmark counts (built without excluded people or drafts), one excluded from benchmark does not", async () => {
      const app = await appPromise;
      const admin = await login(app, ADMIN.userName, ADMIN.password);
      const peers = async (id: number) => {
        const res = await post('assessmentresult/peers', admin, { id });
        expect(res.statusCode, res.body).toBe(200);
        return res.json() as Peers;
      };
      const id = await bareManufacturer(app, 'CurrentStateReporting');
      for (let n = 0; n < 2; n++) {
        const p = await addRespondent(app, id, { fullName: 'Counted Peer', role: 'engineering' });
        await submitBySection(app, p.token, 'current-state', () => 0);
      }
      for (const extra of [{ excludeUser: true }, { excludeInvite: true }]) {
        const p = await addRespondent(app, id, { fullName: 'Left Out', role: 'engineering', ...extra });
        await submitBySection(app, p.token, 'current-state', () => 4);
      }
      const drafter = await addRespondent(app, id, { fullName: 'Draft Peer', role: 'engineering' });
      await saveFullDraft(app, drafter.token, 'current-state', 4);

      for (let n = 0; n < 3; n++) await addBenchmarkedPeer(app, 3);
      await addBenchmarkedPeer(app, 4, { excludeFromBenchmark: true });
      expect(await peers(id)).toEqual({ contributors: 3, minimum: 5, needed: 2, sections: [] });
      await addBenchmarkedPeer(app, 4);
      // 4 contributors: no figures yet.
      expect(await peers(id)).toEqual({ contributors: 4, minimum: 5, needed: 1, sections: [] });
      const generated = await post('admin/benchmark/generate/byorg', admin, { id });
      expect(generated.json().isSuccess, generated.body).toBe(true);
      // Its own benchmark makes the fifth: the admin (who may read every manufacturer) sees the quartiles
      // of all five, 1 (its own), 3, 3, 3 and 4; its lower quartile 1/4 + 3/2 + 3/4 = 2.5 carries the 1s.
      const five = await peers(id);
      expect(five.contributors).toBe(5);
      expect(five.sections.length).toBeGreaterThan(1);
      for (const s of five.sections) {
        expect(near(s.value, 1), `value of ${s.name}`).toBe(true);
        expect(s.q1, `q1 of ${s.name}: the benchmark counted excluded people or a draft`).toBe(2.5);
        expect(s.q3, `q3 of ${s.name}`).toBe(3.3);
        expect(s, `${s.name}: no lowest or highest`).not.toHaveProperty('min');
      }
      await app.deps.db
        .updateTable('organizations')
        .set({ excludeFromBenchmark: 1 })
        .where('id', '=', id)
        .execute();
      expect(await peers(id)).toEqual({ contributors: 4, minimum: 5, needed: 1, sections: [] });
    });
  },
);

async function db(app: Awaited<ReturnType<typeof buildTestApp>>, id: number) {
  return app.deps.db
    .selectFrom('organizations')
    .select('name')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}
