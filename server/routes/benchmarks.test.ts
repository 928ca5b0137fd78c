import { parse } from 'csv-parse/sync';
import type { KyselyPlugin } from 'kysely';
import { describe, expect, it } from 'vitest';
import { AssessmentType, LookupType, OrganizationType } from '../../domain/codes.js';
import { messages } from '../../domain/messages.js';
import { benchmarkLabel } from '../../domain/rules/organizations.js';
import { overallScore, roundScore, type SectionScore, sectionScores } from '../../domain/rules/scoring.js';
import { readBenchmarkSnapshot } from '../../domain/schemas/benchmark.js';
import { generateBenchmark } from '../commands/generateBenchmark.js';
import { benchmarkCsvHeader } from '../reports/benchmarkCsv.js';
import { benchmarksRepository } from '../repositories/benchmarks.js';
import { organizationDetails } from '../repositories/organizationDetails.js';
import { unique } from '../test/factories.js';
import { ADMIN, api, buildTestApp, login, testDialects } from '../test/helpers.js';
import { buildFirm, manufacturerSave, setRoadmapStatus, signInAs } from '../test/organizations.js';

type Criteria = {
  sections: {
    code: string;
    caption: string;
    questions: { id: number; choices: { id: number; selected: boolean }[] }[];
  }[];
};

describe.each(testDialects())('benchmarks on %s', (dialect) => {
  const appPromise = buildTestApp(dialect);
  const adminToken = appPromise.then((app) => login(app, ADMIN.userName, ADMIN.password));
  const dbOf = async () => (await appPromise).deps.db;

  const call = async (url: string, payload: object, token?: string | Promise<string>) =>
    api(await appPromise, {
      method: 'POST',
      url: `/api/${url}`,
      token: await (token ?? adminToken),
      payload,
    });
  const generate = (id: number, token?: string | Promise<string>) =>
    call('admin/benchmark/generate/byorg', { id }, token);
  const download = async (token?: string) =>
    api(await appPromise, {
      method: 'GET',
      url: '/api/admin/benchmark/download',
      token: token ?? (await adminToken),
    });

  /** Every person made in this file, whose names must never reach the CSV. */
  const people: string[] = [];
  /** The active manufacturers with a benchmark, by id: exactly the CSV's rows. */
  const benchmarked = new Map<number, string>();

  /** A manufacturer saved by the admin with `count` new people (the first a champion) and their two invites. */
  async function manufacturer(count: number, options: { name?: string; consultingFirmId?: number } = {}) {
    const app = await appPromise;
    const users = Array.from({ length: count }, (_, n) => ({
      id: -(n + 1),
      fullName: unique(`Person${n} `),
      userName: unique(`bm${n}`),
      champion: n === 0,
    }));
    people.push(...users.flatMap((u) => [u.fullName, u.userName]));
    const body = await manufacturerSave(app, { users, ...options });
    const res = (await call('admin/organization/add', body)).json();
    if (!res.isSuccess) throw new Error(`manufacturer not created: ${JSON.stringify(res)}`);
    return {
      id: res.data.id as number,
      name: body.organization.name,
      userNames: users.map((u) => u.userName),
    };
  }

  /**
   * Signs the person in and submits the current-state assessment, question k answered with choice
   * (k + offset) mod its count ('Not sure' included). Answers the chosen choice per question.
   */
  async function answer(userName: string, offset: number, code = 'current-state') {
    const token = await signInAs(await appPromise, userName);
    const criteria = (await call('assessment/bycode', { query: code }, token)).json() as Criteria;
    const chosen = new Map<number, number>();
    let k = 0;
    for (const section of criteria.sections)
      for (const q of section.questions) {
        const choice = q.choices[(k++ + offset) % q.choices.length]!;
        choice.selected = true;
        chosen.set(q.id, choice.id);
      }
    const res = (await call('assessmentresult/add', { assessmentResult: criteria }, token)).json();
    if (!res.isSuccess) throw new Error(`not submitted: ${res.message}`);
    return { criteria, chosen, token };
  }

  /** A respondent's section scores by the domain rules, from the content in the database. */
  async function expectedScores(criteria: Criteria, chosen: Map<number, number>): Promise<SectionScore[]> {
    const db = await dbOf();
    const choices = await db.selectFrom('choices').select(['id', 'scoreValue']).execute();
    const questions = await db.selectFrom('questions').select(['id', 'skipScore']).execute();
    const score = new Map(choices.map((c) => [c.id, c.scoreValue]));
    const skip = new Map(questions.map((q) => [q.id, q.skipScore === 1]));
    return sectionScores(
      criteria.sections.flatMap((s) =>
        s.questions.map((q) => ({
          sectionCode: s.code,
          scores: [score.get(chosen.get(q.id)!) ?? null],
          skipScore: skip.get(q.id) ?? false,
        })),
      ),
    );
  }

  const storedSnapshot = async (benchmarkId: number) => {
    const row = await (await dbOf())
      .selectFrom('benchmarks')
      .select(['data', 'organizationId', 'updatedAt'])
      .where('id', '=', benchmarkId)
      .executeTakeFirstOrThrow();
    return { ...row, snapshot: readBenchmarkSnapshot(row.data) };
  };

  const inviteOf = async (organizationId: number, userName: string) =>
    (await dbOf())
      .selectFrom('assessmentInvites as i')
      .innerJoin('users as u', 'u.id', 'i.respondentId')
      .innerJoin('assessments as a', 'a.id', 'i.assessmentId')
      .select('i.id')
      .where('i.organizationId', '=', organizationId)
      .where('u.userNameKey', '=', userName.toLowerCase())
      .where('a.assessmentType', '=', AssessmentType.CurrentState)
      .executeTakeFirstOrThrow();

  it('is offered from current-state reporting on, once a current-state result counts; admins only', async () => {
    const app = await appPromise;
    const refused = { isSuccess: false };
    const m = await manufacturer(3);
    expect((await generate(m.id)).json()).toMatchObject(refused);
    const { token: championToken } = await answer(m.userNames[0]!, 0);
    // A result, but the roadmap is not reporting yet.
    await setRoadmapStatus(app, m.id, 'CurrentState');
    expect((await generate(m.id)).json()).toMatchObject(refused);
    // Reporting, but the only result is excluded: on the invite, then on the respondent.
    await setRoadmapStatus(app, m.id, 'CurrentStateReporting');
    const db = await dbOf();
    const invite = await inviteOf(m.id, m.userNames[0]!);
    await db
      .updateTable('assessmentInvites')
      .set({ excludeFromReport: 1 })
      .where('id', '=', invite.id)
      .execute();
    expect((await generate(m.id)).json()).toMatchObject(refused);
    await db
      .updateTable('assessmentInvites')
      .set({ excludeFromReport: 0 })
      .where('id', '=', invite.id)
      .execute();
    const userKey = m.userNames[0]!.toLowerCase();
    await db.updateTable('users').set({ excludeFromReport: 1 }).where('userNameKey', '=', userKey).execute();
    expect((await generate(m.id)).json()).toMatchObject(refused);
    await db.updateTable('users').set({ excludeFromReport: 0 }).where('userNameKey', '=', userKey).execute();
    // An inactive invite (a removed person) does not count either.
    await db.updateTable('assessmentInvites').set({ isActive: 0 }).where('id', '=', invite.id).execute();
    expect((await generate(m.id)).json()).toMatchObject(refused);
    await db.updateTable('assessmentInvites').set({ isActive: 1 }).where('id', '=', invite.id).execute();

    // Nobody but an admin may generate or download, whatever their reach.
    const { firmId, consultant } = await buildFirm(app, await adminToken);
    await db.updateTable('organizations').set({ consultingFirmId: firmId }).where('id', '=', m.id).execute();
    for (const token of [consultant.token, championToken]) {
      expect((await generate(m.id, token)).statusCode).toBe(403);
      expect((await download(token)).statusCode).toBe(403);
    }
    expect((await api(app, { method: 'GET', url: '/api/admin/benchmark/download' })).statusCode).toBe(401);
    expect((await generate(999_999)).statusCode).toBe(404);
    expect((await generate(firmId)).json()).toMatchObject(refused);

    for (const status of ['CurrentStateReporting', 'FutureState', 'FutureStateReporting'] as const) {
      await setRoadmapStatus(app, m.id, status);
      expect((await generate(m.id)).json()).toMatchObject({
        isSuccess: true,
        message: messages.organization.benchmarkGenerated,
      });
    }
    benchmarked.set(m.id, m.name);
  });

  it('snapshots the averages of the included current-state results, the counts and the demographics', async () => {
    const app = await appPromise;
    const db = await dbOf();
    const m = await manufacturer(6);
    const [a, b, c, d, e, f] = m.userNames as [string, string, string, string, string, string];
    const first = await answer(a, 0);
    const second = await answer(b, 3);
    await answer(c, 1);
    await answer(d, 2);
    await answer(e, 4);
    await answer(f, 5);
    // c's invite and d (the person) are excluded from the report; e's invite is no longer active.
    await db
      .updateTable('assessmentInvites')
      .set({ excludeFromReport: 1 })
      .where('id', '=', (await inviteOf(m.id, c)).id)
      .execute();
    await db
      .updateTable('users')
      .set({ excludeFromReport: 1 })
      .where('userNameKey', '=', d.toLowerCase())
      .execute();
    await db
      .updateTable('assessmentInvites')
      .set({ isActive: 0 })
      .where('id', '=', (await inviteOf(m.id, e)).id)
      .execute();
    // The roadmap moves on to the future state: the current-state results still make the benchmark.
    await setRoadmapStatus(app, m.id, 'FutureState');

    const res = (await generate(m.id)).json();
    expect(res).toMatchObject({ isSuccess: true, message: messages.organization.benchmarkGenerated });
    benchmarked.set(m.id, m.name);
    const { snapshot, organizationId } = await storedSnapshot(res.data);
    expect(organizationId).toBe(m.id);

    const respondents = [
      await expectedScores(first.criteria, first.chosen),
      await expectedScores(second.criteria, second.chosen),
    ];
    // f answered with offset 5: compute theirs from the same pattern.
    const fChosen = new Map<number, number>();
    let k = 0;
    for (const s of first.criteria.sections)
      for (const q of s.questions) fChosen.set(q.id, q.choices[(k++ + 5) % q.choices.length]!.id);
    respondents.push(await expectedScores(first.criteria, fChosen));
    const mean = (xs: number[]) => roundScore(xs.reduce((x, y) => x + y, 0) / xs.length);
    const sections = first.criteria.sections.map((s) => ({
      code: s.code,
      caption: s.caption,
      score: mean(respondents.flatMap((r) => r.filter((x) => x.sectionCode === s.code).map((x) => x.score))),
    }));
    expect(snapshot).toMatchObject({
      respondents: 3,
      excluded: 2,
      overall: mean(respondents.map((r) => overallScore(r)!)),
      sections,
    });
    // The answers vary, so the averages are not one flat figure.
    expect(new Set(sections.map((s) => s.score)).size).toBeGreaterThan(1);

    const org = (await call('admin/organization/getbyid', { id: m.id })).json();
    expect(snapshot!.demographics).toEqual({
      companyMaturity: org.demographic.companyMaturity.name,
      numberOfEmployees: org.demographic.numberOfEmployees.name,
      numberOfFacilities: org.demographic.numberOfFacilities.name,
      hqRegion: 'North America',
      state: 'Ohio',
      businessType: org.businessType.name,
      industries: [org.demographic.industries[0].name],
      supplyChainRoles: [],
    });
  });

  it("updates the same record on 'Update Benchmark', and the manufacturer list says Benchmark Created", async () => {
    const app = await appPromise;
    const db = await dbOf();
    const m = await manufacturer(2, { name: unique('Updating Maker ') });
    const other = await manufacturer(1, { name: unique('Updating Maker ') });
    await answer(m.userNames[0]!, 0);
    await setRoadmapStatus(app, m.id, 'CurrentStateReporting');
    const firstId = (await generate(m.id)).json().data as number;
    benchmarked.set(m.id, m.name);
    const before = await storedSnapshot(firstId);
    expect(before.snapshot).toMatchObject({ respondents: 1, excluded: 0 });

    let org = (await call('admin/organization/getbyid', { id: m.id })).json();
    expect(org.roadmap.benchmark).toEqual({ id: firstId });
    expect(benchmarkLabel(org.roadmap.benchmark != null)).toBe('Update Benchmark');

    await answer(m.userNames[1]!, 2);
    await new Promise((r) => setTimeout(r, 5));
    const again = (await generate(m.id)).json();
    expect(again).toMatchObject({ isSuccess: true, data: firstId });
    const after = await storedSnapshot(firstId);
    expect(after.snapshot).toMatchObject({ respondents: 2 });
    expect(after.updatedAt > before.updatedAt).toBe(true);
    const records = await db
      .selectFrom('benchmarks')
      .select('id')
      .where('organizationId', '=', m.id)
      .execute();
    expect(records).toHaveLength(1);
    org = (await call('admin/organization/getbyid', { id: m.id })).json();
    expect(org.roadmap.benchmark).toEqual({ id: firstId });

    const list = (
      await call('admin/organization/search/bytype', {
        query: 'Updating Maker',
        skip: 0,
        take: 50,
        type: OrganizationType.Manufacturer,
      })
    ).json();
    const created = (id: number) =>
      list.data.find((row: { id: number }) => row.id === id)?.benchmarkCreated as boolean | undefined;
    expect(created(m.id)).toBe(true);
    expect(created(other.id)).toBe(false);
  });

  it('reads and writes in the same number of queries whatever the number of respondents', async () => {
    const app = await appPromise;
    const queriesFor = async (respondents: number) => {
      const m = await manufacturer(respondents);
      for (const [n, userName] of m.userNames.entries()) await answer(userName, n);
      await setRoadmapStatus(app, m.id, 'CurrentStateReporting');
      benchmarked.set(m.id, m.name);
      let queries = 0;
      const counter: KyselyPlugin = {
        transformQuery: (args) => {
          queries++;
          return args.node;
        },
        transformResult: async (args) => args.result,
      };
      const db = app.deps.db.withPlugin(counter);
      const org = await organizationDetails.findById(db, m.id);
      const admin = {
        userId: 1,
        userName: 'admin',
        role: 'admin',
        group: 1,
        organizationId: null,
        requireChangePassword: false,
      } as const;
      const outcome = await generateBenchmark(db, admin, org!);
      expect(outcome).toMatchObject({ ok: true });
      const { snapshot } = await storedSnapshot((outcome as { id: number }).id);
      expect(snapshot!.respondents).toBe(respondents);
      expect(queries).toBeGreaterThan(5);
      return queries;
    };
    expect(await queriesFor(1)).toBe(await queriesFor(7));
  });

  it('keeps manufacturers marked Exclude From Benchmark (and inactive ones) out of the peer figures', async () => {
    const app = await appPromise;
    const db = await dbOf();
    const made: { id: number; name: string }[] = [];
    for (let n = 0; n < 3; n++) {
      const m = await manufacturer(1);
      await answer(m.userNames[0]!, n);
      await setRoadmapStatus(app, m.id, 'CurrentStateReporting');
      made.push(m);
    }
    const [kept, excluded, inactive] = made as [(typeof made)[0], (typeof made)[0], (typeof made)[0]];
    await db
      .updateTable('organizations')
      .set({ excludeFromBenchmark: 1 })
      .where('id', '=', excluded.id)
      .execute();
    for (const m of made) expect((await generate(m.id)).json()).toMatchObject({ isSuccess: true });
    await db.updateTable('organizations').set({ isActive: 0 }).where('id', '=', inactive.id).execute();
    benchmarked.set(kept.id, kept.name);
    benchmarked.set(excluded.id, excluded.name);

    const peers = await benchmarksRepository.peerSnapshots(db);
    const ids = peers.map((p) => p.organizationId);
    expect(ids).toContain(kept.id);
    expect(ids).not.toContain(excluded.id);
    expect(ids).not.toContain(inactive.id);
    expect(ids.every((id) => benchmarked.has(id))).toBe(true);
    const own = peers.find((p) => p.organizationId === kept.id)!;
    const stored = await db
      .selectFrom('roadmaps as r')
      .innerJoin('benchmarks as b', 'b.id', 'r.benchmarkId')
      .select('b.data')
      .where('r.organizationId', '=', kept.id)
      .executeTakeFirstOrThrow();
    expect(own.overall).toBe(readBenchmarkSnapshot(stored.data)!.overall);
  });

  it('downloads one CSV row per benchmarked active manufacturer: demographics and scores, no people', async () => {
    const app = await appPromise;
    const db = await dbOf();
    const { firmId } = await buildFirm(app, await adminToken);
    const firmName = (
      await db.selectFrom('organizations').select('name').where('id', '=', firmId).executeTakeFirstOrThrow()
    ).name;
    const evil = await manufacturer(1, { name: unique('Formula Maker '), consultingFirmId: firmId });
    // The API refuses a name that begins with = (docs/decisions.md#sign-in-names); older rows may still hold one, so the CSV
    // must still neutralise it.
    evil.name = `=HYPERLINK("http://evil.example") ${unique('')}`;
    await db.updateTable('organizations').set({ name: evil.name }).where('id', '=', evil.id).execute();
    await answer(evil.userNames[0]!, 1);
    await setRoadmapStatus(app, evil.id, 'CurrentStateReporting');
    const evilId = (await generate(evil.id)).json().data as number;
    benchmarked.set(evil.id, evil.name);
    // The snapshot keeps the demographics of its day: a later change does not show.
    const hqNow = (
      await db
        .selectFrom('lookupItems')
        .select('id')
        .where('lookupType', '=', LookupType.HqRegion)
        .where('code', '!=', 'north-america')
        .executeTakeFirstOrThrow()
    ).id;
    await db
      .updateTable('demographics')
      .set({ hqRegionId: hqNow })
      .where('organizationId', '=', evil.id)
      .execute();

    // A record from before demographics were kept, and a manufacturer without a benchmark.
    const old = await manufacturer(1, { name: unique('Old Record Maker ') });
    const now = new Date().toISOString();
    const { id: oldId } = await db
      .insertInto('benchmarks')
      .values({
        organizationId: old.id,
        data: JSON.stringify({ respondents: 4, overall: 2.5, sections: [] }),
        createdAt: now,
        updatedAt: '2023-01-05T12:00:00.000Z',
        createdBy: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .updateTable('roadmaps')
      .set({ benchmarkId: oldId })
      .where('organizationId', '=', old.id)
      .execute();
    benchmarked.set(old.id, old.name);
    const none = await manufacturer(1, { name: unique('No Benchmark Maker ') });

    const res = await download();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /filename="SM-Roadmap-Benchmark-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const [header, ...rows] = parse(res.body, { relaxColumnCount: false }) as string[][];

    const criteria = (await call('assessment/bycode', { query: 'current-state' })).json() as Criteria;
    const captions = criteria.sections.map((s) => s.caption);
    expect(captions.length).toBeGreaterThan(1);
    expect(header).toEqual([...benchmarkCsvHeader, ...captions]);
    const column = (name: string) => header!.indexOf(name);

    const expectedNames = [...benchmarked.values()].map((n) => (n.startsWith('=') ? `'${n}` : n));
    expect(rows.map((r) => r[0]).sort()).toEqual(expectedNames.sort());
    expect(rows.some((r) => r[0] === none.name)).toBe(false);

    const evilRow = rows.find((r) => r[0] === `'${evil.name}`)!;
    const { snapshot } = await storedSnapshot(evilId);
    expect(evilRow.slice(1, column('Respondents') + 2)).toEqual([
      firmName,
      expect.stringMatching(/^\d{1,2}\/\d{1,2}\/\d{4}$/),
      'No',
      snapshot!.demographics!.companyMaturity,
      snapshot!.demographics!.numberOfEmployees,
      snapshot!.demographics!.numberOfFacilities,
      'North America',
      'Ohio',
      snapshot!.demographics!.businessType,
      snapshot!.demographics!.industries.join('; '),
      '',
      '1',
      String(snapshot!.overall),
    ]);
    for (const s of criteria.sections) {
      const score = snapshot!.sections.find((x) => x.code === s.code)?.score;
      expect(evilRow[column(s.caption)]).toBe(score == null ? '' : String(score));
    }

    const oldRow = rows.find((r) => r[0] === old.name)!;
    expect(oldRow[column('Updated')]).toBe('1/5/2023');
    expect(
      oldRow.slice(column('Company Maturity'), column('Supply Chain Roles') + 1).every((c) => c === ''),
    ).toBe(true);
    expect(oldRow[column('Respondents')]).toBe('4');
    expect(oldRow[column('Overall')]).toBe('2.5');

    const excludedRows = rows.filter((r) => r[column('Exclude From Benchmark')] === 'Yes');
    expect(excludedRows).toHaveLength(1);

    const users = await db.selectFrom('users').select(['fullName', 'userName', 'email']).execute();
    for (const text of [...people, ...users.flatMap((u) => [u.fullName, u.userName, u.email])])
      if (text) expect(res.body).not.toContain(text);
  });
});
