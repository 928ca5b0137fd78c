import { describe, expect, it } from 'vitest';
import { UserGroup } from '../../domain/codes.js';
import { benchmarksRepository } from '../repositories/benchmarks.js';
import { buildOrganizationRow } from '../test/factories.js';
import { ADMIN, api, buildTestApp, buildUser, login, testDialects } from '../test/helpers.js';
import { buildFirm } from '../test/organizations.js';
import { addBenchmarkedPeer, addRespondent, bareManufacturer, submitBySection } from '../test/reports.js';

type Answer = {
  contributors: number;
  minimum: number;
  needed: number;
  sections: { id: number; name: string; value: number | null; q1: number; median: number; q3: number }[];
};

describe.each(testDialects())('peer distribution on %s', (dialect) => {
  const appPromise = buildTestApp(dialect, { LOGIN_MAX_PER_ADDRESS: '10000' });
  const peers = async (id: unknown, token: string) =>
    api(await appPromise, { method: 'POST', url: '/api/assessmentresult/peers', token, payload: { id } });
  const answerOf = async (id: number, token: string): Promise<Answer> => {
    const res = await peers(id, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  /**
   * A manufacturer working with a firm: a champion and a plain member, two respondents who count
   * (every section 2 and 4: average 3) and two left out (5 by the invite's flag, 1 by the person's).
   * Another manufacturer and another firm, each with their own people.
   */
  const world = (async () => {
    const app = await appPromise;
    const admin = await login(app, ADMIN.userName, ADMIN.password);
    const own = await buildFirm(app, admin);
    const other = await buildFirm(app, admin);
    const target = await bareManufacturer(app, 'CurrentStateReporting', own.firmId);
    const elsewhere = await bareManufacturer(app, 'CurrentStateReporting', other.firmId);
    const add = (fullName: string, extra: object = {}) =>
      addRespondent(app, target, { fullName, role: 'engineering', ...extra });
    const counted = [await add('Avery Stone'), await add('Casey Quinn')];
    const byInvite = await add('Drew Park', { excludeInvite: true });
    const byPerson = await add('Emery Lane', { excludeUser: true });
    await submitBySection(app, counted[0]!.token, 'current-state', () => 1);
    await submitBySection(app, counted[1]!.token, 'current-state', () => 3);
    await submitBySection(app, byInvite.token, 'current-state', () => 4);
    await submitBySection(app, byPerson.token, 'current-state', () => 0);
    const sections = await app.deps.db
      .selectFrom('sections')
      .select(['id', 'code', 'caption'])
      .where('isActive', '=', 1)
      .orderBy('displayOrder')
      .orderBy('id')
      .execute();
    return {
      app,
      target,
      elsewhere,
      sections,
      tokens: {
        admin,
        consultantOwn: own.consultant.token,
        consultantOther: other.consultant.token,
        champion: (await buildUser(app, 3, { organizationId: target })).token,
        member: counted[0]!.token,
        excludedMember: byPerson.token,
        championOther: (await buildUser(app, 3, { organizationId: elsewhere })).token,
        manufacturerOther: (await buildUser(app, 4, { organizationId: elsewhere })).token,
        visitor: (await buildUser(app, 5)).token,
      },
      ownFirm: own.firmId,
    };
  })();

  it('answers members, the consultant of its firm and admins; 403 for everyone else', async () => {
    const { target, tokens } = await world;
    for (const who of ['admin', 'consultantOwn', 'champion', 'member', 'excludedMember'] as const) {
      const res = await peers(target, tokens[who]);
      expect(res.statusCode, who).toBe(200);
      expect(res.json(), who).toMatchObject({ minimum: 5, sections: [] });
    }
    for (const who of ['consultantOther', 'championOther', 'manufacturerOther', 'visitor'] as const) {
      const res = await peers(target, tokens[who]);
      expect(res.statusCode, who).toBe(403);
      expect(res.json().message, who).toBe('You are not permitted to perform this action.');
    }
    expect((await peers(target, '')).statusCode).toBe(401);
  });

  it('answers the members of another manufacturer for their own organization', async () => {
    const { elsewhere, tokens } = await world;
    expect((await peers(elsewhere, tokens.championOther)).statusCode).toBe(200);
    expect((await peers(elsewhere, tokens.manufacturerOther)).statusCode).toBe(200);
    expect((await peers(elsewhere, tokens.consultantOther)).statusCode).toBe(200);
    expect((await peers(elsewhere, tokens.consultantOwn)).statusCode).toBe(403);
  });

  it('answers 404 for an unknown organization, 400 for a bad id or one that is not a manufacturer', async () => {
    const { app, tokens, ownFirm } = await world;
    const unknown = await peers(999_999, tokens.admin);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('The organization was not found.');
    for (const bad of ['abc', 1.5, null, -3]) {
      const res = await peers(bad, tokens.admin);
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.json().message, String(bad)).toMatch(/The organization id must be a/);
    }
    // The consultant's own firm: a member may ask, but a firm has no peers.
    const firm = await peers(ownFirm, tokens.consultantOwn);
    expect(firm.statusCode).toBe(400);
    expect(firm.json().message).toBe('Peer figures are kept for manufacturers only.');
    const visitorOrg = await buildOrganizationRow(app.deps.db, UserGroup.Visitor);
    const asAdmin = await peers(visitorOrg, tokens.admin);
    expect(asAdmin.statusCode).toBe(400);
  });

  it('gives no figures with 4 contributors, leaving out excluded and inactive manufacturers; figures at 5', async () => {
    const { app, target, tokens, sections } = await world;
    for (const value of [1, 2, 3, 5]) await addBenchmarkedPeer(app, value);
    // Neither counts: one marked 'Exclude manufacturer from benchmark', one deactivated.
    await addBenchmarkedPeer(app, 4.5, { excludeFromBenchmark: true });
    const inactive = await addBenchmarkedPeer(app, 0.5);
    await app.deps.db.updateTable('organizations').set({ isActive: 0 }).where('id', '=', inactive).execute();

    expect(await answerOf(target, tokens.champion)).toEqual({
      contributors: 4,
      minimum: 5,
      needed: 1,
      sections: [],
    });

    await addBenchmarkedPeer(app, 4.2);
    // A saved draft, every answer the top choice, is no result: it never counts.
    const drafting = await addRespondent(app, target, { fullName: 'Frankie Moss', role: 'engineering' });
    const criteria = (
      await api(app, {
        method: 'POST',
        url: '/api/assessment/bycode',
        token: drafting.token,
        payload: { query: 'current-state' },
      })
    ).json();
    for (const section of criteria.sections) for (const q of section.questions) q.choices[4].selected = true;
    await app.deps.db
      .insertInto('assessmentDrafts')
      .values({
        userId: drafting.id,
        assessmentId: criteria.assessmentId,
        criteria: JSON.stringify(criteria),
        savedAt: new Date().toISOString(),
      })
      .execute();
    const five = await answerOf(target, tokens.champion);
    expect(five.contributors).toBe(5);
    expect(five.minimum).toBe(5);
    expect(five.needed).toBe(0);
    // Each current section, by its id and caption, in display order.
    expect(five.sections.map((s) => [s.id, s.name])).toEqual(sections.map((s) => [s.id, s.caption]));
    // Peers 1, 2, 3, 4.2, 5, quartiles smoothed over one rank (1/4 + 2/2 + 3/4 = 2; 2/4 + 3/2 + 4.2/4
    // = 3.05; 3/4 + 4.2/2 + 5/4 = 4.1), no lowest or highest; the organization's own two counted
    // respondents average 3 (2 and 4): the excluded invite (5) and the excluded person (1) would
    // have moved it.
    for (const s of five.sections)
      expect(s, s.name).toEqual({ id: s.id, name: s.name, value: 3, q1: 2, median: 3.1, q3: 4.1 });
    // The same for everyone allowed.
    for (const who of ['admin', 'consultantOwn', 'member'] as const)
      expect(await answerOf(target, tokens[who]), who).toEqual(five);
  });

  it("counts the organization itself once it has a generated benchmark, but leaves it out of its own members' figures", async () => {
    const { target, tokens } = await world;
    const generated = await api((await world).app, {
      method: 'POST',
      url: '/api/admin/benchmark/generate/byorg',
      token: tokens.admin,
      payload: { id: target },
    });
    expect(generated.json().isSuccess, generated.body).toBe(true);
    const six = await answerOf(target, tokens.member);
    expect(six.contributors).toBe(6);
    // Its members (and its consultant) can read its figures: the quartiles are the other five's.
    expect(six.sections[0]).toEqual({ ...six.sections[0], value: 3, q1: 2, median: 3.1, q3: 4.1 });
    expect(await answerOf(target, tokens.consultantOwn)).toEqual(six);
    // The admin's are of all six: 1, 2, 3, 3 (its own benchmark), 4.2, 5.
    const all = await answerOf(target, tokens.admin);
    expect(all.sections[0]).toEqual({ ...all.sections[0], value: 3, q1: 2.3, median: 3, q3: 3.9 });
    // Excluded from the benchmark, it no longer counts.
    await (await world).app.deps.db
      .updateTable('organizations')
      .set({ excludeFromBenchmark: 1 })
      .where('id', '=', target)
      .execute();
    expect((await answerOf(target, tokens.member)).contributors).toBe(5);
    expect((await answerOf(target, tokens.admin)).sections[0]).toMatchObject({ q1: 2, median: 3.1, q3: 4.1 });
  });

  it('gives a manufacturer without results of its own the spread with no value', async () => {
    const { elsewhere, tokens } = await world;
    const answer = await answerOf(elsewhere, tokens.championOther);
    expect(answer.contributors).toBe(5);
    expect(answer.sections.length).toBeGreaterThan(0);
    for (const s of answer.sections) expect(s.value).toBeNull();
  });

  it('leaves out every client of a consultant, and says how many more manufacturers outside them are needed', async () => {
    const { app, target, tokens, ownFirm } = await world;
    // Five contributors besides the target (excluded above), and two of the firm's clients.
    const two = [await addBenchmarkedPeer(app, 2.5), await addBenchmarkedPeer(app, 3.5)];
    for (const id of two)
      await app.deps.db
        .updateTable('organizations')
        .set({ consultingFirmId: ownFirm })
        .where('id', '=', id)
        .execute();
    // The member sees the seven others; the consultant only the five outside its firm.
    const member = await answerOf(target, tokens.member);
    expect(member).toMatchObject({ contributors: 7, needed: 0 });
    const consultant = await answerOf(target, tokens.consultantOwn);
    expect(consultant).toMatchObject({ contributors: 7, needed: 0 });
    expect(consultant.sections[0]).toMatchObject({ q1: 2, median: 3.1, q3: 4.1 });
    expect(member.sections[0]!.median).not.toBe(consultant.sections[0]!.median);
    // One more client: four remain outside the firm, so the consultant gets no figures; the member does.
    const outside = (await benchmarksRepository.peerSnapshots(app.deps.db)).find(
      (p) => p.consultingFirmId === null,
    )!;
    await app.deps.db
      .updateTable('organizations')
      .set({ consultingFirmId: ownFirm })
      .where('id', '=', outside.organizationId)
      .execute();
    expect(await answerOf(target, tokens.consultantOwn)).toEqual({
      contributors: 7,
      minimum: 5,
      needed: 1,
      sections: [],
    });
    expect((await answerOf(target, tokens.member)).sections.length).toBeGreaterThan(0);
  });
});
