import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { UserGroup } from '../../domain/codes.js';
import { progressRoundsRepository } from '../repositories/progressRounds.js';
import { ADMIN, api, buildTestApp, buildUser, login, testDialects } from '../test/helpers.js';
import { identifiersOf, setAnonymize } from '../test/insights.js';
import { assessmentIds, buildFirm, manufacturerSave } from '../test/organizations.js';
import {
  addBenchmarkedPeer,
  addRespondent,
  bareManufacturer,
  type Respondent,
  readWorkbook,
  submitBySection,
  tableAfter,
  type Workbook,
} from '../test/reports.js';

// The privacy suite of Anonymize Results (docs/decisions.md#trust-anonymize, docs/product.md#rules-anonymity 'Anonymize Results is a promise, not
// a label'): for each role and each call that lists or reads results, invites or reports, no caller but
// an admin and the person themselves can tie a result, an answer or a score to a person of an
// organization with Anonymize Results set; and the same calls answer as before without it.

type Caller = { name: string; token: string };

describe.each(testDialects())('Anonymize Results on %s', (dialect) => {
  const appPromise = buildTestApp(dialect, { LOGIN_MAX_PER_ADDRESS: '10000' });
  const post = async (url: string, token: string, payload: object) =>
    api(await appPromise, { method: 'POST', url: `/api/${url}`, token, payload });

  /**
   * A manufacturer at current-state reporting working with a consulting firm, with a champion and five
   * respondents: three engineers (a role held by 3) and one each in Finance and Quality (roles held by
   * one person). They complete in an order unlike their scores' order: Finance (score 5), an engineer
   * (1), Quality (4), an engineer (2), an engineer (3). Another firm's consultant looks on.
   */
  const manufacturer = async (app: FastifyInstance, anonymize: boolean) => {
    const admin = await login(app, ADMIN.userName, ADMIN.password);
    const { firmId, consultant } = await buildFirm(app, admin);
    const { consultant: stranger } = await buildFirm(app, admin);
    const id = await bareManufacturer(app, 'CurrentStateReporting', firmId);
    const champion = await buildUser(app, UserGroup.ManufacturerChampion, { organizationId: id });
    const add = (fullName: string, role: string) => addRespondent(app, id, { fullName, role });
    const finance = await add('Finley Cash', 'finance');
    const engineers = [await add('Eddie Gear', 'engineering')];
    const quality = await add('Quinn Gauge', 'quality');
    engineers.push(await add('Erin Bolt', 'engineering'), await add('Ezra Weld', 'engineering'));
    const scores = new Map<Respondent, number>([
      [finance, 4],
      [engineers[0]!, 0],
      [quality, 3],
      [engineers[1]!, 1],
      [engineers[2]!, 2],
    ]);
    const results = new Map<Respondent, number>();
    for (const [person, pick] of scores)
      results.set(person, await submitBySection(app, person.token, 'current-state', () => pick));
    await setAnonymize(app, id, anonymize);
    const people = [finance, ...engineers, quality];
    return {
      id,
      admin: { name: 'admin', token: admin },
      consultant: { name: "the firm's consultant", token: consultant.token },
      champion: { name: 'the champion', token: champion.token },
      // A plain member of the manufacturer: an engineer, looking at the finance person's result.
      member: { name: 'a member', token: engineers[0]!.token },
      self: { name: 'the person', token: finance.token },
      stranger: { name: "another firm's consultant", token: stranger.token },
      finance,
      people,
      financeResult: results.get(finance)!,
      results,
    };
  };
  type Org = Awaited<ReturnType<typeof manufacturer>>;

  // Each by-id read of one person's result, as a client calls it.
  const reads = (o: Org) => [
    { call: 'assessmentresult/byuser', body: { id: o.finance.id } },
    { call: 'assessmentresult/getbyid/retake', body: { id: o.financeResult, code: 'current-state' } },
    { call: 'assessmentresult/scores/byid', body: { id: o.financeResult } },
    { call: 'assessmentresult/report/byid/download', body: { id: o.financeResult } },
  ];
  const inviteRows = async (caller: Caller, o: Org) => {
    const res = await post('admin/assessmentInvite/search/byorg', caller.token, {
      organizationId: o.id,
      query: '',
      skip: 0,
      take: 9999,
    });
    expect(res.statusCode, `${caller.name}: ${res.body.slice(0, 200)}`).toBe(200);
    return res.json().data as {
      respondent: { id: number; fullName: string };
      assessment: { assessmentType: number };
      assessmentResult: { id?: number; completionDateTime: string } | null;
    }[];
  };
  const completedRows = (rows: Awaited<ReturnType<typeof inviteRows>>) =>
    rows.filter((r) => r.assessment.assessmentType === 1 && r.assessmentResult !== null);
  const orgReport = async (caller: Caller, o: Org): Promise<Workbook> => {
    const res = await post('assessmentresult/report/byorg/download', caller.token, {
      id: o.id,
      assessmentType: 1,
    });
    expect(res.statusCode, `${caller.name}: ${res.body.slice(0, 200)}`).toBe(200);
    return readWorkbook(res.rawPayload);
  };
  const textOf = (book: Workbook) => Object.values(book.sheets).flat(2).join('\n').toLowerCase();

  describe('with Anonymize Results set', () => {
    const orgPromise = appPromise.then((app) => manufacturer(app, true));

    it("gives the firm's consultant and the champion invite rows that name invitees and say who completed, with no result id", async () => {
      const o = await orgPromise;
      for (const caller of [o.consultant, o.champion]) {
        const rows = completedRows(await inviteRows(caller, o));
        expect(rows.map((r) => r.respondent.fullName).sort()).toEqual(o.people.map((p) => p.fullName).sort());
        for (const row of rows) {
          expect(row.assessmentResult, caller.name).not.toHaveProperty('id');
          expect(row.assessmentResult!.completionDateTime).toMatch(/^\d{4}-\d{2}-\d{2}T/);
        }
      }
      const mine = await post('admin/assessmentInvite/search/byorg/mine', o.champion.token, {
        query: '',
        skip: 0,
        take: 9999,
      });
      for (const row of completedRows(mine.json().data))
        expect(row.assessmentResult).not.toHaveProperty('id');
      // The admin still sees which result each invite has.
      const adminRows = completedRows(await inviteRows(o.admin, o));
      expect(adminRows.map((r) => r.assessmentResult!.id).sort()).toEqual([...o.results.values()].sort());
      const all = await post('admin/assessmentinvite/search', o.admin.token, {
        query: o.finance.userName,
        isComplete: true,
      });
      expect(all.json().data[0].assessmentResult.id).toBe(o.financeResult);
      // Everyone else reaches no invite list of the organization at all.
      for (const caller of [o.member, o.self, o.stranger]) {
        const res = await post('admin/assessmentInvite/search/byorg', caller.token, { organizationId: o.id });
        expect(res.statusCode, caller.name).toBe(403);
      }
    });

    it("refuses another person's result to the consultant, the champion, a member and another firm's consultant, by every by-id read", async () => {
      const o = await orgPromise;
      for (const caller of [o.consultant, o.champion, o.member, o.stranger])
        for (const { call, body } of reads(o)) {
          const res = await post(call, caller.token, body);
          expect(res.statusCode, `${caller.name}: ${call}`).toBe(403);
          expect(res.body.toLowerCase()).not.toContain(o.finance.fullName.toLowerCase());
        }
    });

    it('still answers the admin and the person themselves', async () => {
      const o = await orgPromise;
      for (const caller of [o.admin, o.self]) {
        for (const { call, body } of reads(o)) {
          const res = await post(call, caller.token, body);
          expect(res.statusCode, `${caller.name}: ${call}`).toBe(200);
        }
        const list = (await post('assessmentresult/byuser', caller.token, { id: o.finance.id })).json();
        expect(list.data.map((r: { id: number }) => r.id)).toEqual([o.financeResult]);
        const scores = (
          await post('assessmentresult/scores/byid', caller.token, { id: o.financeResult })
        ).json();
        expect(scores.overall.score).toBe(5);
      }
      // The admin's report names the person; the person's own names them too.
      const named = await post('assessmentresult/report/byid/download', o.admin.token, {
        id: o.financeResult,
      });
      expect(textOf(await readWorkbook(named.rawPayload))).toContain('finley cash');
    });

    it('gives no role of fewer than 3 respondents, no names, no completion dates and no completion order in the report of the consultant and the champion', async () => {
      const o = await orgPromise;
      for (const caller of [o.consultant, o.champion]) {
        const book = await orgReport(caller, o);
        const text = textOf(book);
        for (const s of identifiersOf(o.people)) expect(text, caller.name).not.toContain(s);
        // Finance and Quality are each one person's role: no sheet that lists people or groups names them.
        const groupText = ['Respondents', 'By Role', 'Role Alignment']
          .flatMap((name) => book.sheets[name]!.flat())
          .join('\n')
          .toLowerCase();
        expect(groupText, caller.name).not.toContain('finance');
        expect(groupText, caller.name).not.toContain('quality');

        const respondents = book.sheets.Respondents!;
        expect(respondents[0]!.slice(0, 3)).toEqual(['Respondent', 'Role group', 'Overall']);
        expect(respondents[0]).not.toContain('Functional role');
        expect(respondents[0]).not.toContain('Completed');
        const rows = respondents.slice(1).filter((r) => r.length > 0);
        expect(rows).toHaveLength(5);
        const perGroup = new Map<string, number>();
        for (const r of rows) perGroup.set(r[1]!, (perGroup.get(r[1]!) ?? 0) + 1);
        for (const [group, n] of perGroup) expect(n, `${caller.name}: ${group}`).toBeGreaterThanOrEqual(3);
        // The rows are not in the order the invite list shows people completing (5, 1, 4, 2, 3).
        expect(rows.map((r) => r[2])).not.toEqual(['5', '1', '4', '2', '3']);
        for (const r of rows) expect(r.join(' ')).not.toMatch(/\d{1,2}\/\d{1,2}\/\d{4}/);
        // The data bars still cover the overall and the eight practice areas (columns C to K).
        expect(book.dataBars.Respondents).toEqual(['C2:K6']);

        const byRole = tableAfter(book.sheets['By Role']!, 'Role group');
        expect(byRole.length).toBeGreaterThan(0);
        for (const g of byRole) expect(Number(g[2]), `${caller.name}: ${g[0]}`).toBeGreaterThanOrEqual(3);
        expect(byRole.reduce((n, g) => n + Number(g[2]), 0)).toBe(5);

        const alignment = tableAfter(book.sheets['Role Alignment']!, 'Role group');
        for (const g of alignment) expect(Number(g[1])).toBeGreaterThanOrEqual(3);
      }
    });

    it('names every respondent with their role to the admin', async () => {
      const o = await orgPromise;
      const book = await orgReport(o.admin, o);
      const rows = book.sheets.Respondents!;
      expect(rows[0]!.slice(0, 5)).toEqual([
        'Respondent',
        'User name',
        'Role group',
        'Functional role',
        'Completed',
      ]);
      expect(rows.slice(1).map((r) => r[0])).toEqual([
        'Finley Cash',
        'Eddie Gear',
        'Quinn Gauge',
        'Erin Bolt',
        'Ezra Weld',
      ]);
      expect(rows.find((r) => r[0] === 'Finley Cash')![3]).toBe('Finance');
      expect(tableAfter(book.sheets['By Role']!, 'Role group').map((g) => g[2])).toContain('1');
    });

    it('keeps the promise after the person moves to an organization that does not anonymize', async () => {
      const app = await appPromise;
      const from = await manufacturer(app, true);
      const to = await manufacturer(app, false);
      await app.deps.db
        .updateTable('users')
        .set({ organizationId: to.id })
        .where('id', '=', from.finance.id)
        .execute();
      // The new organization's champion and consultant may see the person's results, but not the one
      // given where results are anonymized.
      for (const caller of [to.champion, to.consultant]) {
        const list = await post('assessmentresult/byuser', caller.token, { id: from.finance.id });
        expect(list.statusCode, caller.name).toBe(200);
        expect(list.json()).toMatchObject({ data: [], count: 0 });
        for (const { call, body } of reads(from).slice(1))
          expect((await post(call, caller.token, body)).statusCode, `${caller.name}: ${call}`).toBe(403);
      }
      const own = await post('assessmentresult/byuser', from.self.token, { id: from.finance.id });
      expect(own.json().data.map((r: { id: number }) => r.id)).toEqual([from.financeResult]);
    });

    it("gives a member, the person and another firm's consultant no organization report", async () => {
      const o = await orgPromise;
      for (const caller of [o.member, o.self, o.stranger]) {
        const res = await post('assessmentresult/report/byorg/download', caller.token, {
          id: o.id,
          assessmentType: 1,
        });
        expect(res.statusCode, caller.name).toBe(403);
      }
    });

    it('names no respondent next to a figure in the insight answers (guards what already held)', async () => {
      const o = await orgPromise;
      const names = identifiersOf(o.people);
      const calls: [Caller, string, object][] = [
        [o.consultant, 'organization/portfolio', { query: '', skip: 0, take: 100 }],
        [o.consultant, 'organization/alignment', { id: o.id, assessmentType: 1 }],
        [o.champion, 'organization/alignment', { id: o.id, assessmentType: 1 }],
        [o.champion, 'organization/progress', { id: o.id }],
        [o.champion, 'assessmentresult/peers', { id: o.id }],
      ];
      for (const [caller, call, body] of calls) {
        const res = await post(call, caller.token, body);
        expect(res.statusCode, `${caller.name}: ${call}`).toBe(200);
        const text = res.body.toLowerCase();
        for (const s of names) expect(text, `${caller.name}: ${call}`).not.toContain(s);
        for (const resultId of o.results.values())
          expect(text, `${caller.name}: ${call}`).not.toContain(`"resultid":${resultId}`);
      }
      const alignment = (
        await post('organization/alignment', o.champion.token, { id: o.id, assessmentType: 1 })
      ).json() as { groups: { respondents: number }[] };
      for (const g of alignment.groups) expect(g.respondents).toBeGreaterThanOrEqual(3);
    });
  });

  describe('without Anonymize Results', () => {
    const orgPromise = appPromise.then((app) => manufacturer(app, false));

    it("gives the firm's consultant and the champion each invite's result and that result as before", async () => {
      const o = await orgPromise;
      for (const caller of [o.consultant, o.champion]) {
        const rows = completedRows(await inviteRows(caller, o));
        expect(rows.map((r) => r.assessmentResult!.id).sort()).toEqual([...o.results.values()].sort());
        for (const { call, body } of reads(o)) {
          const res = await post(call, caller.token, body);
          expect(res.statusCode, `${caller.name}: ${call}`).toBe(200);
        }
        const named = await post('assessmentresult/report/byid/download', caller.token, {
          id: o.financeResult,
        });
        expect(textOf(await readWorkbook(named.rawPayload))).toContain('finley cash');
      }
      for (const caller of [o.member, o.stranger])
        for (const { call, body } of reads(o))
          expect((await post(call, caller.token, body)).statusCode, `${caller.name}: ${call}`).toBe(403);
    });

    it('names respondents with their roles and completion dates in the report, in the order they completed', async () => {
      const o = await orgPromise;
      for (const caller of [o.consultant, o.champion, o.admin]) {
        const rows = (await orgReport(caller, o)).sheets.Respondents!;
        expect(rows[0]!.slice(0, 5)).toEqual([
          'Respondent',
          'User name',
          'Role group',
          'Functional role',
          'Completed',
        ]);
        expect(rows.slice(1).map((r) => r[0])).toEqual([
          'Finley Cash',
          'Eddie Gear',
          'Quinn Gauge',
          'Erin Bolt',
          'Ezra Weld',
        ]);
        expect(rows.slice(1).map((r) => r[3])).toContain('Finance');
        expect(rows.slice(1).map((r) => r[5])).toEqual(['5', '1', '4', '2', '3']);
      }
    });
  });

  /**
   * A manufacturer at current-state reporting, working with a firm, with a champion and one respondent
   * per role given, each completing the current state (and the future state too when `future`) with
   * the choice given (0 scores 1 ... 4 scores 5) in every section.
   */
  const small = async (
    app: FastifyInstance,
    people: [string, number][],
    anonymize: boolean,
    future = false,
    status: 'CurrentState' | 'CurrentStateReporting' = 'CurrentStateReporting',
  ) => {
    const admin = await login(app, ADMIN.userName, ADMIN.password);
    const { firmId, consultant } = await buildFirm(app, admin);
    const id = await bareManufacturer(app, status, firmId);
    const champion = await buildUser(app, UserGroup.ManufacturerChampion, { organizationId: id });
    const respondents: Respondent[] = [];
    for (const [i, [role, pick]] of people.entries()) {
      const person = await addRespondent(app, id, { fullName: `Person ${i} ${role}`, role });
      await submitBySection(app, person.token, 'current-state', () => pick);
      if (future) await submitBySection(app, person.token, 'future-state', () => 4);
      respondents.push(person);
    }
    await setAnonymize(app, id, anonymize);
    return {
      id,
      firmId,
      respondents,
      admin: { name: 'admin', token: admin },
      consultant: { name: "the firm's consultant", token: consultant.token },
      champion: { name: 'the champion', token: champion.token },
      member: { name: 'a member', token: respondents[0]!.token },
    };
  };
  type Small = Awaited<ReturnType<typeof small>>;
  type Alignment = {
    groups: { name: string; respondents: number }[];
    sections: { name: string; averages: { group: string; average: number | null }[] }[];
  };
  const alignmentOf = async (caller: Caller, o: Small) => {
    const res = await post('organization/alignment', caller.token, { id: o.id, assessmentType: 1 });
    expect(res.statusCode, `${caller.name}: ${res.body.slice(0, 200)}`).toBe(200);
    return res.json() as Alignment;
  };
  /** The shared link's current-state section averages, by section name (the link made by `caller`). */
  const sharedCurrent = async (caller: Caller, o: Small) => {
    const app = await appPromise;
    const made = await post('organization/sharelink/add', caller.token, { id: o.id });
    expect(made.statusCode, made.body).toBe(200);
    const token = (made.json().data.url as string).split('/shared/')[1];
    const res = await api(app, { method: 'GET', url: `/api/shared/${token}` });
    expect(res.statusCode, res.body).toBe(200);
    const sections = res.json().sections as { name: string; current: number | null }[];
    return new Map(sections.map((s) => [s.name, s.current]));
  };

  describe('differencing and few respondents under Anonymize Results', () => {
    // Three engineers (scoring 1, 2, 3) and one person in Finance (scoring 5 everywhere).
    const lone: [string, number][] = [
      ['engineering', 0],
      ['engineering', 1],
      ['engineering', 2],
      ['finance', 4],
    ];

    it("gives no lone person's scores from role alignment and the overall averages", async () => {
      const app = await appPromise;
      const o = await small(app, lone, true);
      for (const caller of [o.champion, o.consultant]) {
        const alignment = await alignmentOf(caller, o);
        // The attack: each section's overall average (the shared link) times the respondents, minus each
        // group shown times its size, is the sum of those left out: with one left out, their score.
        const shown = alignment.groups.reduce((n, g) => n + g.respondents, 0);
        expect(shown, `${caller.name}: every respondent is in a group shown`).toBe(4);
        for (const g of alignment.groups) expect(g.respondents, caller.name).toBeGreaterThanOrEqual(3);
        const overall = await sharedCurrent(caller, o);
        for (const section of alignment.sections) {
          const total = (overall.get(section.name) ?? 0) * 4;
          const groupsSum = section.averages.reduce(
            (sum, a, i) => sum + (a.average ?? 0) * alignment.groups[i]!.respondents,
            0,
          );
          expect(Math.abs(total - groupsSum), `${caller.name}: ${section.name}`).toBeLessThan(0.5);
        }
        // The report's Role Alignment sheet groups alike.
        const res = await post('assessmentresult/report/byorg/download', caller.token, {
          id: o.id,
          assessmentType: 1,
        });
        expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
        const sheet = (await readWorkbook(res.rawPayload)).sheets['Role Alignment']!;
        const groups = tableAfter(sheet, 'Role group');
        expect(
          groups.reduce((n, r) => n + Number(r[1]), 0),
          caller.name,
        ).toBe(4);
      }
      // The admin, and an organization without Anonymize Results, keep the contract's rule: a small
      // Other is left out.
      expect((await alignmentOf(o.admin, o)).groups).toEqual([{ name: 'Engineering', respondents: 3 }]);
      const plain = await small(app, lone, false);
      expect((await alignmentOf(plain.champion, plain)).groups).toEqual([
        { name: 'Engineering', respondents: 3 },
      ]);
    });

    it("refuses to let the champion or the consultant change an invite's Exclude From Report", async () => {
      const app = await appPromise;
      // At CurrentState, while current-state invites may still be changed.
      const o = await small(app, lone, true, false, 'CurrentState');
      const plain = await small(app, lone, false, false, 'CurrentState');
      const { current } = await assessmentIds(app);
      const inviteOf = async (person: Respondent) =>
        app.deps.db
          .selectFrom('assessmentInvites')
          .select(['id', 'excludeFromReport'])
          .where('respondentId', '=', person.id)
          .where('assessmentId', '=', current)
          .executeTakeFirstOrThrow();
      /** Saves the organization with one row: the person's current-state invite, excluded or not. */
      const save = async (caller: Caller, org: Small, person: Respondent, exclude: boolean) => {
        const body = await manufacturerSave(app, {
          id: org.id,
          consultingFirmId: org.firmId,
          status: 'CurrentState',
        });
        const invite = await inviteOf(person);
        body.assessmentInvites = [
          {
            id: invite.id,
            respondent: { id: person.id },
            assessment: { id: current },
            excludeFromReport: exclude,
            isActive: true,
          } as never,
        ];
        return post('admin/organization/update', caller.token, body);
      };
      const finance = o.respondents[3]!;
      for (const caller of [o.champion, o.consultant]) {
        const res = await save(caller, o, finance, true);
        expect(res.statusCode, `${caller.name}: ${res.body.slice(0, 200)}`).toBe(403);
        expect(res.json().message).toMatch(/only an administrator can change Exclude From Report/);
        expect((await inviteOf(finance)).excludeFromReport, caller.name).toBe(0);
        // Sending the saved value is no change.
        const same = await save(caller, o, finance, false);
        expect(same.json().isSuccess, `${caller.name}: ${same.body.slice(0, 200)}`).toBe(true);
      }
      // The admin may; so may the champion of an organization without Anonymize Results.
      expect((await save(o.admin, o, finance, true)).json().isSuccess).toBe(true);
      expect((await inviteOf(finance)).excludeFromReport).toBe(1);
      // (The tests' save body has no Anonymize Results, so the admin's save cleared it: set it again.)
      await setAnonymize(app, o.id, true);
      // Nor may the champion undo the admin's exclusion.
      expect((await save(o.champion, o, finance, false)).statusCode).toBe(403);
      expect((await inviteOf(finance)).excludeFromReport).toBe(1);
      const other = plain.respondents[3]!;
      expect((await save(plain.champion, plain, other, true)).json().isSuccess).toBe(true);
      expect((await inviteOf(other)).excludeFromReport).toBe(1);
    });

    it('gives the champion, the consultant and a member no figures of an organization with 1 or 2 respondents, and the admin all', async () => {
      const app = await appPromise;
      for (const people of [
        [['finance', 4]],
        [
          ['finance', 4],
          ['engineering', 0],
        ],
      ] as [string, number][][]) {
        const o = await small(app, people, true, true);
        await progressRoundsRepository.close(app.deps.db, o.id, null);
        for (let i = 0; i < 5; i++) await addBenchmarkedPeer(app, 3);
        const n = people.length;
        for (const caller of [o.champion, o.consultant]) {
          const label = `${caller.name}, ${n} respondent(s)`;
          const report = await post('assessmentresult/report/byorg/download', caller.token, {
            id: o.id,
            assessmentType: 1,
          });
          expect(report.statusCode, label).toBe(400);
          expect(report.json().message, label).toContain('figures appear once 3 respondents have completed');
          expect((await alignmentOf(caller, o)).groups, label).toEqual([]);
          const progress = (await post('organization/progress', caller.token, { id: o.id })).json();
          expect(progress.target, label).toBeNull();
          expect(
            progress.rounds.map((r: { respondents: number }) => r.respondents),
            label,
          ).toEqual([n]);
          expect(progress.rounds[0].overall, label).toBeNull();
          for (const s of progress.rounds[0].sections) expect(s.average, label).toBeNull();
          for (const value of (await sharedCurrent(caller, o)).values()) expect(value, label).toBeNull();
        }
        const portfolio = async (caller: Caller) => {
          const res = await post('organization/portfolio', caller.token, { query: '', skip: 0, take: 9999 });
          return (
            res.json().data as { id: number; currentScore: number | null; futureScore: number | null }[]
          ).find((r) => r.id === o.id)!;
        };
        expect(await portfolio(o.consultant)).toMatchObject({
          currentScore: null,
          futureScore: null,
          gap: null,
        });
        const peersOf = async (caller: Caller) =>
          (await post('assessmentresult/peers', caller.token, { id: o.id })).json().sections as {
            value: number | null;
          }[];
        for (const caller of [o.member, o.champion]) {
          const sections = await peersOf(caller);
          expect(sections.length, caller.name).toBeGreaterThan(0);
          for (const s of sections) expect(s.value, caller.name).toBeNull();
        }
        // The admin sees every figure.
        const adminReport = await post('assessmentresult/report/byorg/download', o.admin.token, {
          id: o.id,
          assessmentType: 1,
        });
        expect(adminReport.statusCode).toBe(200);
        const adminProgress = (await post('organization/progress', o.admin.token, { id: o.id })).json();
        expect(adminProgress.target).not.toBeNull();
        expect(adminProgress.rounds[0].overall).not.toBeNull();
        expect((await portfolio(o.admin)).currentScore).not.toBeNull();
        for (const s of await peersOf(o.admin)) expect(s.value).not.toBeNull();
      }
    });

    it('shows the figures of 3 respondents, and those of 1 or 2 without Anonymize Results', async () => {
      const app = await appPromise;
      const three = await small(app, lone.slice(1), true);
      const plain = await small(app, [['finance', 4]], false);
      for (const o of [three, plain]) {
        const report = await post('assessmentresult/report/byorg/download', o.champion.token, {
          id: o.id,
          assessmentType: 1,
        });
        expect(report.statusCode).toBe(200);
        for (const value of (await sharedCurrent(o.champion, o)).values()) expect(value).not.toBeNull();
      }
    });
  });
});
