import { describe, expect, it } from 'vitest';
import { ADMIN, api, buildTestApp, buildUser, login, testDialects } from '../test/helpers.js';
import {
  buildFirm,
  buildManufacturer,
  setRoadmapStatus,
  signInAs,
  submitAssessment,
} from '../test/organizations.js';
import {
  addBenchmarkedPeer,
  addRespondent,
  bareManufacturer,
  factOf,
  type Respondent,
  readWorkbook,
  setAlias,
  submitBySection,
  tableAfter,
} from '../test/reports.js';

const SECTIONS = 8;
const QUESTIONS = 46;

describe.each(testDialects())('Excel reports on %s', (dialect) => {
  const appPromise = buildTestApp(dialect, { LOGIN_MAX_PER_ADDRESS: '10000' });

  const post = async (url: string, payload: object, token: string) =>
    api(await appPromise, { method: 'POST', url: `/api/${url}`, token, payload });
  const byOrg = (id: number, assessmentType: number | string, token: string) =>
    post('assessmentresult/report/byorg/download', { id, assessmentType }, token);
  const workbookOf = async (res: Awaited<ReturnType<typeof post>>) => {
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    return readWorkbook(res.rawPayload);
  };

  /**
   * A manufacturer working with a consulting firm, at current-state reporting, with a champion and
   * respondents in four functional roles: Executive Leadership ('Leaders'), Engineering and Quality
   * (both 'Technical'), Finance (blank alias); plus one excluded by invite and one excluded as a person.
   */
  const organizationWithRespondents = async () => {
    const app = await appPromise;
    const admin = await login(app, ADMIN.userName, ADMIN.password);
    const { firmId, consultant } = await buildFirm(app, admin);
    const id = await bareManufacturer(app, 'CurrentStateReporting', firmId);
    await setAlias(app, id, 'executive-leadership', 'Leaders');
    await setAlias(app, id, 'engineering', 'Technical');
    await setAlias(app, id, 'quality', 'Technical');
    await setAlias(app, id, 'finance', '  ');
    const champion = await buildUser(app, 3, { organizationId: id });
    const add = (fullName: string, role: string, extra: object = {}) =>
      addRespondent(app, id, { fullName, role, ...extra });
    const avery = await add('Avery Stone', 'executive-leadership');
    const casey = await add('Casey Quinn', 'engineering');
    const drew = await add('Drew Park', 'quality');
    const emery = await add('Emery Lane', 'finance');
    const frankie = await add('Frankie Moss', 'maintenance', { excludeInvite: true });
    const gale = await add('Gale Hart', 'maintenance', { excludeUser: true });
    const pending = await add('Harper Vale', 'maintenance');
    // Section scores: Avery 4 everywhere, Casey 2, Drew 5 in the first section and 3 elsewhere, Emery 1.
    await submitBySection(app, avery.token, 'current-state', () => 3);
    await submitBySection(app, casey.token, 'current-state', () => 1);
    await submitBySection(app, drew.token, 'current-state', (i) => (i === 0 ? 4 : 2));
    await submitBySection(app, emery.token, 'current-state', () => 0);
    await submitBySection(app, frankie.token, 'current-state', () => 4);
    await submitBySection(app, gale.token, 'current-state', () => 4);
    const people = [avery, casey, drew, emery, frankie, gale, pending];
    return { app, admin, consultant, champion, id, people, counted: [avery, casey, drew, emery] };
  };

  /** Every text of every cell of every sheet, and the sheet names. */
  const allText = (book: Awaited<ReturnType<typeof readWorkbook>>) =>
    [...book.names, ...Object.values(book.sheets).flatMap((rows) => rows.flat())].join('\n').toLowerCase();
  const identifying = (p: Respondent) => [p.fullName, p.userName, p.email].map((s) => s.toLowerCase());

  it('sums up the included results: averages, maturity levels, exclusions, role groups, respondents and responses', async () => {
    const { admin, id, counted } = await organizationWithRespondents();
    const book = await workbookOf(await byOrg(id, 1, admin));
    expect(book.names).toEqual([
      'Summary',
      'By Role',
      'Role Alignment',
      'Respondents',
      'Responses',
      'Progress',
      'Action Plan',
    ]);

    const summary = book.sheets.Summary!;
    expect(summary[0]![0]).toMatch(/^Current State .*: Maker /);
    expect(factOf(summary, 'Respondents counted')).toBe('4');
    expect(factOf(summary, 'Respondents excluded')).toBe('2');
    // Overall scores 4, 2, 3.3 (26/8 rounded) and 1: their mean 2.575 shows as 2.6.
    expect(factOf(summary, 'Overall average')).toBe('2.6');
    expect(factOf(summary, 'Maturity level')).toBe('Developing');
    expect(summary.map((r) => r[0])).toEqual(
      expect.arrayContaining(['Organization', 'HQ region', 'Industries']),
    );
    const sections = tableAfter(summary, 'Practice area');
    expect(sections).toHaveLength(SECTIONS);
    expect(sections[0]!.slice(1)).toEqual(['3', 'Defined']); // (4 + 2 + 5 + 1) / 4
    for (const row of sections.slice(1)) expect(row.slice(1)).toEqual(['2.5', 'Developing']);
    expect(book.dataBars.Summary).toContain(
      `B${summary.indexOf(sections[0]!) + 1}:B${summary.indexOf(sections[7]!) + 1}`,
    );

    // Roles sharing an alias are one group; a blank alias is the role's name.
    const groups = tableAfter(book.sheets['By Role']!, 'Role group');
    expect(groups.map((g) => g.slice(0, 3))).toEqual([
      ['Finance', 'Finance', '1'],
      ['Leaders', 'Executive Leadership', '1'],
      ['Technical', 'Engineering; Quality', '2'],
    ]);
    expect(groups[2]![4]).toBe('3.5'); // first section: (2 + 5) / 2
    expect(groups[2]![5]).toBe('2.5');
    expect(groups[1]![3]).toBe('4');
    expect(book.dataBars['By Role']).toEqual([`D2:${String.fromCharCode(68 + SECTIONS)}4`]);

    const respondents = book.sheets.Respondents!;
    expect(respondents[0]!.slice(0, 6)).toEqual([
      'Respondent',
      'User name',
      'Role group',
      'Functional role',
      'Completed',
      'Overall',
    ]);
    expect(respondents.slice(1).map((r) => [r[0], r[1], r[2], r[5]])).toEqual([
      ['Avery Stone', counted[0]!.userName, 'Leaders', '4'],
      ['Casey Quinn', counted[1]!.userName, 'Technical', '2'],
      ['Drew Park', counted[2]!.userName, 'Technical', '3.3'],
      ['Emery Lane', counted[3]!.userName, 'Finance', '1'],
    ]);
    expect(respondents[1]![4]).toMatch(/^\d{1,2}\/\d{1,2}\/\d{4}$/);

    const responses = book.sheets.Responses!;
    expect(responses[0]).toEqual([
      'Practice area',
      'Practice',
      'Average',
      'Avery Stone',
      'Casey Quinn',
      'Drew Park',
      'Emery Lane',
    ]);
    expect(responses).toHaveLength(QUESTIONS + 1);
    expect(responses[1]![2]).toBe('3');
    expect(responses[QUESTIONS]![2]).toBe('2.5');
    for (const row of responses.slice(1)) expect(row.slice(3).every((cell) => cell.length > 0)).toBe(true);

    const text = allText(book);
    for (const name of ['Frankie Moss', 'Gale Hart', 'Harper Vale'])
      expect(text).not.toContain(name.toLowerCase());
  });

  it("anonymizes respondents for the organization's consultant and champion in every sheet, and names them for admins", async () => {
    const { app, admin, consultant, champion, id, people } = await organizationWithRespondents();
    await app.deps.db
      .updateTable('organizations')
      .set({ anonymizeResults: 1 })
      .where('id', '=', id)
      .execute();

    for (const token of [consultant.token, champion.token]) {
      const res = await byOrg(id, 'current', token);
      const book = await workbookOf(res);
      expect(book.sheets.Respondents![0]).not.toContain('User name');
      expect(book.sheets.Respondents!.slice(1).map((r) => r[0])).toEqual([
        'Respondent 1',
        'Respondent 2',
        'Respondent 3',
        'Respondent 4',
      ]);
      expect(book.sheets.Responses![0]!.slice(3)).toEqual([
        'Respondent 1',
        'Respondent 2',
        'Respondent 3',
        'Respondent 4',
      ]);
      const text = allText(book);
      for (const p of people) for (const s of identifying(p)) expect(text).not.toContain(s);
      for (const s of identifying(people[0]!))
        expect(res.headers['content-disposition']!.toLowerCase()).not.toContain(s);
    }

    const shown = await workbookOf(await byOrg(id, 1, admin));
    expect(shown.sheets.Respondents!.slice(1).map((r) => r[0])).toEqual([
      'Avery Stone',
      'Casey Quinn',
      'Drew Park',
      'Emery Lane',
    ]);
  });

  it('sets the future state against the current state in a Roadmap sheet, largest gap first', async () => {
    const app = await appPromise;
    const admin = await login(app, ADMIN.userName, ADMIN.password);
    const id = await bareManufacturer(app, 'FutureStateReporting');
    const a = await addRespondent(app, id, { fullName: 'Indy Frost', role: 'engineering' });
    const b = await addRespondent(app, id, { fullName: 'Jules Reed', role: 'quality' });
    // Current state 2 everywhere; future targets per section: 5, 3, 4, 2, 1, 5, 3, 4 (by index below).
    const targets = [4, 2, 3, 1, 0, 4, 2, 3];
    for (const p of [a, b]) {
      await submitBySection(app, p.token, 'current-state', () => 1);
      await submitBySection(app, p.token, 'future-state', (i) => targets[i] ?? 1);
    }
    expect((await byOrg(id, 2, admin)).statusCode).toBe(200);
    await setRoadmapStatus(app, id, 'CurrentStateReporting');
    expect((await byOrg(id, 2, admin)).statusCode).toBe(400); // the future report is hidden then
    await setRoadmapStatus(app, id, 'FutureStateReporting');

    const book = await workbookOf(await byOrg(id, 'future', admin));
    expect(book.names).toEqual([
      'Summary',
      'By Role',
      'Role Alignment',
      'Respondents',
      'Responses',
      'Roadmap',
      'Progress',
      'Action Plan',
    ]);
    const roadmap = book.sheets.Roadmap!;
    const areas = tableAfter(roadmap, 'Practice area');
    expect(areas).toHaveLength(SECTIONS);
    const gaps = areas.map((r) => Number(r[3]));
    expect(gaps).toEqual([3, 3, 2, 2, 1, 1, 0, -1]);
    for (const r of areas) expect(Number(r[2]) - Number(r[1])).toBeCloseTo(Number(r[3]), 5);
    expect(areas.every((r) => r[1] === '2')).toBe(true);
    const practices = tableAfter(roadmap, 'Practice area', 1);
    expect(practices).toHaveLength(QUESTIONS);
    const practiceGaps = practices.map((r) => Number(r[4]));
    expect(practiceGaps).toEqual([...practiceGaps].sort((x, y) => y - x));
    expect(book.dataBars.Roadmap).toHaveLength(2);
    // The future report's overall: section targets 5, 3, 4, 2, 1, 5, 3, 4 average 3.4 (27 / 8 = 3.375).
    expect(factOf(book.sheets.Summary!, 'Overall average')).toBe('3.4');
  });

  it('compares with peers only when 5 benchmarked manufacturers contribute, leaving out excluded ones', async () => {
    const app = await appPromise;
    const admin = await login(app, ADMIN.userName, ADMIN.password);
    const id = await bareManufacturer(app, 'CurrentStateReporting');
    const p = await addRespondent(app, id, { fullName: 'Kai Moreno', role: 'engineering' });
    await submitBySection(app, p.token, 'current-state', () => 3); // 4 everywhere
    for (const value of [1, 2, 3, 5]) await addBenchmarkedPeer(app, value);
    await addBenchmarkedPeer(app, 4.5, { excludeFromBenchmark: true });

    const few = (await workbookOf(await byOrg(id, 1, admin))).sheets.Summary!;
    expect(few.flat()).toContain('1 more benchmarked manufacturers are needed to show peer figures.');
    expect(tableAfter(few, 'Practice area', 1)).toEqual([]);

    await addBenchmarkedPeer(app, 4.2);
    const summary = (await workbookOf(await byOrg(id, 1, admin))).sheets.Summary!;
    expect(summary.flat().join(' ')).not.toContain('more benchmarked manufacturers are needed');
    const peers = tableAfter(summary, 'Practice area', 1);
    expect(peers).toHaveLength(SECTIONS + 1);
    // Peers 1, 2, 3, 4.2, 5 (the admin may read them all): the quartiles of the results page (2, 3.05,
    // 4.1; domain/rules/peerDistribution.ts), no lowest, highest, average or rank (docs/decisions.md#trust-peers); then
    // this organization's 4.
    expect(peers[0]!.slice(1)).toEqual(['4', '2', '3.1', '4.1']);
    expect(peers[SECTIONS]![0]).toBe('Overall');
    expect(factOf(summary, 'Benchmarked manufacturers')).toBe('5');
  });

  it("keeps the reports within reach: 403 for someone else's organization or result", async () => {
    const { app, admin, id, counted } = await organizationWithRespondents();
    const stranger = (await buildFirm(app, admin)).consultant.token;
    const otherChampion = (await buildUser(app, 3)).token;
    const colleague = counted[1]!.token;
    for (const token of [stranger, otherChampion]) expect((await byOrg(id, 1, token)).statusCode).toBe(403);
    expect((await byOrg(id, 1, colleague)).statusCode).toBe(403); // a manufacturer may not call it
    expect((await byOrg(999_999, 1, admin)).statusCode).toBe(404);

    const maker = await buildManufacturer(app, admin);
    const respondent = await signInAs(app, maker.userNames[0]);
    const resultId = await submitAssessment(app, respondent, 'current-state', 3);
    for (const token of [stranger, otherChampion, colleague])
      expect((await post('assessmentresult/report/byid/download', { id: resultId }, token)).statusCode).toBe(
        403,
      );
    expect((await post('assessmentresult/report/byid/download', { id: 999_999 }, admin)).statusCode).toBe(
      404,
    );
  });

  it("writes one person's report: summary with data bars and every question with its answer and score", async () => {
    const { app, consultant, id, counted } = await organizationWithRespondents();
    const drew = counted[2]!;
    const resultId = (
      await app.deps.db
        .selectFrom('assessmentResults')
        .select('id')
        .where('respondentId', '=', drew.id)
        .executeTakeFirstOrThrow()
    ).id;
    const mine = await post('assessmentresult/report/byid/download', { id: resultId }, drew.token);
    expect(mine.headers['content-disposition']).toContain('Drew Park');
    expect(mine.headers['content-disposition']).toMatch(/Maker .* \d{4}-\d{2}-\d{2} Current State/);
    const book = await workbookOf(mine);
    expect(book.names).toEqual(['Summary', 'Responses']);
    const summary = book.sheets.Summary!;
    expect(factOf(summary, 'Respondent')).toBe('Drew Park');
    expect(factOf(summary, 'Functional role')).toBe('Quality');
    expect(factOf(summary, 'Role group')).toBe('Technical');
    expect(factOf(summary, 'Overall score')).toBe('3.3');
    expect(factOf(summary, 'Maturity level')).toBe('Defined');
    expect(factOf(summary, 'Completion date')).toMatch(/^\d{1,2}\/\d{1,2}\/\d{4}$/);
    const sections = tableAfter(summary, 'Practice area');
    expect(sections.map((r) => r[1])).toEqual(['5', '3', '3', '3', '3', '3', '3', '3']);
    expect(book.dataBars.Summary).toHaveLength(1);
    const responses = book.sheets.Responses!;
    expect(responses[0]).toEqual(['Practice area', 'Practice', 'Answer', 'Other (please specify)', 'Score']);
    expect(responses).toHaveLength(QUESTIONS + 1);
    expect(responses[1]![4]).toBe('5');
    expect(responses[1]![2]!.length).toBeGreaterThan(0);
    expect(responses[QUESTIONS]![4]).toBe('3');

    await app.deps.db
      .updateTable('organizations')
      .set({ anonymizeResults: 1 })
      .where('id', '=', id)
      .execute();
    // Anonymize Results: another person's report is refused to the consultant (docs/decisions.md#trust-anonymize), whatever it
    // would have called the respondent.
    const hidden = await post('assessmentresult/report/byid/download', { id: resultId }, consultant.token);
    expect(hidden.statusCode).toBe(403);
    expect(hidden.body.toLowerCase()).not.toContain('drew park');
    const own = await workbookOf(
      await post('assessmentresult/report/byid/download', { id: resultId }, drew.token),
    );
    expect(factOf(own.sheets.Summary!, 'Respondent')).toBe('Drew Park');
  });
});
