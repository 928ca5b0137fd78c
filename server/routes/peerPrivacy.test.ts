import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  candidatesByPlace,
  joinedCandidates,
  type Publish,
  publishLegacy,
  regeneratedCandidates,
  tenths,
} from '../../domain/rules/peerDistribution.attack.js';
import { quartilesOf } from '../../domain/rules/peerDistribution.js';
import { ADMIN, api, buildTestApp, buildUser, login, testDialects } from '../test/helpers.js';
import { buildFirm } from '../test/organizations.js';
import {
  addBenchmarkedPeer,
  addRespondent,
  bareManufacturer,
  readWorkbook,
  submitBySection,
  tableAfter,
} from '../test/reports.js';

// docs/decisions.md#trust-peers, finding 3: the attacks on peer figures replayed through the API, as a consultant or a
// champion would. The observer (domain/rules/peerDistribution.attack.ts) knows how the figures are
// made (the old lowest / quartiles / highest when the answer carries them, else today's quartiles) and
// tries every score. A manufacturer's figure is taken apart when one score alone fits.

type Section = { name: string; min?: number; q1: number; median: number; q3: number; max?: number };
type Answer = { contributors: number; minimum: number; needed?: number; sections: Section[] };

const publishQuartiles: Publish = (scores) => Object.values(quartilesOf(scores)).join(' ');
/** The figures a section publishes, as the observer compares them, and how such figures are made. */
const seen = (s: Section) =>
  s.min !== undefined
    ? { key: [s.min, s.q1, s.median, s.q3, s.max].join(' '), publish: publishLegacy }
    : { key: [s.q1, s.median, s.q3].join(' '), publish: publishQuartiles };

/** The scores one unknown manufacturer can have, per section, given the scores the observer knows. */
function fifthCandidates(answer: Answer, known: readonly number[]) {
  const grid = tenths(0, 5);
  return answer.sections.map((s) => {
    const { key, publish } = seen(s);
    return new Set(grid.filter((y) => publish([...known, y]) === key));
  });
}

describe.each(testDialects())('peer figures cannot be taken apart on %s', (dialect) => {
  const post = (app: FastifyInstance, url: string, token: string, payload: object) =>
    api(app, { method: 'POST', url: `/api/${url}`, token, payload });
  const answerOf = async (app: FastifyInstance, id: number, token: string): Promise<Answer> => {
    const res = await post(app, 'assessmentresult/peers', token, { id });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const setFirm = (app: FastifyInstance, id: number, consultingFirmId: number) =>
    app.deps.db.updateTable('organizations').set({ consultingFirmId }).where('id', '=', id).execute();

  it("gives a consultant with four clients among five contributors no figures, so the fifth's scores stay unknown", async () => {
    const app = await buildTestApp(dialect, { LOGIN_MAX_PER_ADDRESS: '10000' });
    const admin = await login(app, ADMIN.userName, ADMIN.password);
    const { firmId, consultant } = await buildFirm(app, admin);
    const known = [2.1, 2.6, 3.4, 3.9];
    const clients: number[] = [];
    for (const value of known) {
      const id = await addBenchmarkedPeer(app, value);
      await setFirm(app, id, firmId);
      clients.push(id);
    }
    const fifth = 3; // another firm's manufacturer, or none's
    await addBenchmarkedPeer(app, fifth);
    // A client with a result, so that its report can be downloaded too.
    const respondent = await addRespondent(app, clients[0]!, { fullName: 'Rowan Hale', role: 'engineering' });
    await submitBySection(app, respondent.token, 'current-state', () => 2);

    const answer = await answerOf(app, clients[0]!, consultant.token);
    // The attack of the issue: subtract the four clients' scores from what is shown.
    const pinned = fifthCandidates(answer, known).filter((c) => c.size === 1);
    expect(
      pinned.map((c) => [...c]),
      'sections whose fifth score the consultant works out',
    ).toEqual([]);
    // Its four clients are left out: one manufacturer remains, four more are needed.
    expect(answer).toEqual({ contributors: 5, minimum: 5, needed: 4, sections: [] });

    // The organization workbook says the same, and prints no peer figure.
    const res = await post(app, 'assessmentresult/report/byorg/download', consultant.token, {
      id: clients[0],
      assessmentType: 1,
    });
    expect(res.statusCode, res.body).toBe(200);
    const summary = (await readWorkbook(res.rawPayload)).sheets.Summary!;
    expect(summary.flat()).toContain('4 more benchmarked manufacturers are needed to show peer figures.');
    expect(tableAfter(summary, 'Practice area', 1)).toEqual([]);

    // The admin, who may read every manufacturer anyway, sees the figures of all five: quartiles only.
    const all = await answerOf(app, clients[0]!, admin);
    expect(all.sections.length).toBeGreaterThan(0);
    for (const s of all.sections)
      expect(Object.keys(s).sort()).toEqual(['id', 'median', 'name', 'q1', 'q3', 'value']);
  });

  it('lets no one work out a regenerated or newly generated benchmark from the answers before and after', async () => {
    const app = await buildTestApp(dialect, { LOGIN_MAX_PER_ADDRESS: '10000' });
    const admin = await login(app, ADMIN.userName, ADMIN.password);
    // The observer: the champion of a manufacturer that is no contributor, so all five are outside. It
    // is told, on top, that every score lies between 1.5 and 4.5.
    const own = await bareManufacturer(app, 'CurrentStateReporting');
    const champion = (await buildUser(app, 3, { organizationId: own })).token;
    for (const value of [2.1, 2.6, 3.4, 3.9]) await addBenchmarkedPeer(app, value);
    const generate = async (id: number) => {
      const res = await post(app, 'admin/benchmark/generate/byorg', admin, { id });
      expect(res.json().isSuccess, res.body).toBe(true);
    };
    /** A manufacturer whose benchmark is generated for real, from results of its people. */
    const maker = await bareManufacturer(app, 'CurrentStateReporting');
    const answerBy = async (pick: number) => {
      const person = await addRespondent(app, maker, { fullName: 'Sam Reyes', role: 'engineering' });
      await submitBySection(app, person.token, 'current-state', () => pick);
    };
    await answerBy(3); // 4 in every section
    await generate(maker);
    const before = await answerOf(app, own, champion);
    expect(before.contributors).toBe(5);
    expect(before.sections.length).toBeGreaterThan(0);
    // At one moment: the five (2.1, 2.6, 3.4, 3.9 and 4) are all outside the champion's reach, and no
    // place among them is pinned to one score by what the answer shows.
    const grid = tenths(1.5, 4.5);
    const first = seen(before.sections[0]!);
    const places = candidatesByPlace(grid, 5, first.publish, first.key);
    const real = [2.1, 2.6, 3.4, 3.9, 4];
    for (const [i, c] of places.entries()) {
      expect(c.has(real[i]!), `place ${i + 1} can hold its real score`).toBe(true);
      expect(c.size, `place ${i + 1}: ${[...c].join(', ')}`).toBeGreaterThan(1);
    }

    // Regenerated: a second result (2 everywhere) brings it to 3.0, into the middle of the five.
    await answerBy(1);
    await generate(maker);
    const after = await answerOf(app, own, champion);
    expect(after.sections.map((s) => s.name)).toEqual(before.sections.map((s) => s.name));
    const regenerated = new Map<string, Set<number>>();
    after.sections.forEach((s, i) => {
      const was = seen(before.sections[i]!);
      const now = seen(s);
      const pair = `${was.key} / ${now.key}`;
      if (!regenerated.has(pair))
        regenerated.set(pair, regeneratedCandidates(grid, 5, now.publish, was.key, now.key));
      const found = regenerated.get(pair)!;
      expect(found.has(3), `${s.name}: the observer's model fits`).toBe(true);
      expect(
        [...found].length,
        `${s.name}: its new score is one of ${[...found].join(', ')}`,
      ).toBeGreaterThan(1);
    });

    // A sixth manufacturer's first benchmark (2 everywhere), then its exclusion from the benchmark:
    // the same two answers, in both orders.
    const newcomer = await bareManufacturer(app, 'CurrentStateReporting');
    const person = await addRespondent(app, newcomer, { fullName: 'Noa Finch', role: 'engineering' });
    await submitBySection(app, person.token, 'current-state', () => 1);
    await generate(newcomer);
    const joined = await answerOf(app, own, champion);
    expect(joined.contributors).toBe(6);
    expect(joined.sections.map((s) => s.name)).toEqual(after.sections.map((s) => s.name));
    const joinedSeen = new Map<string, Set<number>>();
    joined.sections.forEach((s, i) => {
      const was = seen(after.sections[i]!);
      const now = seen(s);
      const pair = `${was.key} / ${now.key}`;
      if (!joinedSeen.has(pair))
        joinedSeen.set(pair, joinedCandidates(grid, 5, now.publish, was.key, now.key));
      const found = joinedSeen.get(pair)!;
      expect(found.has(2), `${s.name}: the observer's model fits`).toBe(true);
      expect([...found].length, `${s.name}: its score is one of ${[...found].join(', ')}`).toBeGreaterThan(1);
    });
    await app.deps.db
      .updateTable('organizations')
      .set({ excludeFromBenchmark: 1 })
      .where('id', '=', newcomer)
      .execute();
    expect(await answerOf(app, own, champion)).toEqual(after);
  });
});
