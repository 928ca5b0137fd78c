import { describe, expect, it } from 'vitest';
import { UserGroup } from '../../domain/codes.js';
import { draftMessages } from '../../domain/schemas/drafts.js';
import { ADMIN, api, buildTestApp, buildUser, login, testDialects } from '../test/helpers.js';
import { addRespondent, bareManufacturer, readWorkbook, submitBySection } from '../test/reports.js';

type Criteria = {
  id: number;
  code: string;
  startDateTime?: string | null;
  sections: {
    code: string;
    questions: {
      id: number;
      inputType: number;
      value: unknown;
      choices: { id: number; selected: boolean; isOtherChoice: boolean; other: string | null }[];
    }[];
  }[];
};

/** The criteria with the first `count` questions answered (the choice at `pick`), as for assessmentresult/add. */
function partlyAnswered(criteria: Criteria, count: number, pick: number, startDateTime: string): Criteria {
  const copy = structuredClone(criteria);
  copy.startDateTime = startDateTime;
  let left = count;
  for (const section of copy.sections)
    for (const q of section.questions) {
      if (left-- <= 0) continue;
      const choice = q.choices[Math.min(pick, q.choices.length - 1)]!;
      choice.selected = true;
      q.value = choice.id;
    }
  return copy;
}

/** The chosen choice ids of a draft, question by question, in order. */
const chosen = (draft: { sections: { questions: { id: number; value: unknown }[] }[] }) =>
  draft.sections.flatMap((s) => s.questions.map((q) => [q.id, q.value]));

describe.each(testDialects())('save and resume on %s', (dialect) => {
  const appPromise = buildTestApp(dialect, { LOGIN_MAX_PER_ADDRESS: '10000' });
  const post = async (url: string, payload: unknown, token: string) =>
    api(await appPromise, { method: 'POST', url: `/api/${url}`, payload: payload as object, token });
  const criteriaOf = async (code: string, token: string) =>
    (await post('assessment/bycode', { query: code }, token)).json() as Criteria;
  const save = (code: string, criteria: unknown, token: string) =>
    post('assessmentdraft/save', { code, criteria }, token);
  const mine = (code: string, token: string) => post('assessmentdraft/mine', { code }, token);
  const draftRows = async (userId: number) =>
    (await appPromise).deps.db
      .selectFrom('assessmentDrafts')
      .selectAll()
      .where('userId', '=', userId)
      .execute();

  it('keeps one draft per person and assessment: the newer save replaces the older, others see none', async () => {
    const app = await appPromise;
    const visitor = await buildUser(app, UserGroup.Visitor);
    const other = await buildUser(app, UserGroup.Visitor);
    const criteria = await criteriaOf('trial', visitor.token);
    const start = '2026-01-02T03:04:05.000Z';

    expect((await mine('trial', visitor.token)).statusCode).toBe(404);
    expect((await mine('trial', visitor.token)).json().message).toBe(draftMessages.none);

    const first = await save('trial', partlyAnswered(criteria, 2, 0, start), visitor.token);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ isSuccess: true, data: { savedOn: expect.any(String) } });
    const second = await save('TRIAL', partlyAnswered(criteria, 3, 2, start), visitor.token);
    expect(second.json().isSuccess).toBe(true);
    expect(Date.parse(second.json().data.savedOn)).toBeGreaterThanOrEqual(
      Date.parse(first.json().data.savedOn),
    );

    const restored = await mine('trial', visitor.token);
    expect(restored.statusCode).toBe(200);
    const { criteria: draft, savedOn } = restored.json();
    expect(savedOn).toBe(second.json().data.savedOn);
    expect(draft.startDateTime).toBe(start);
    expect(draft.code).toBe('trial');
    // The three answered questions of the newer save, each with its chosen choice marked selected.
    const expected = criteria.sections
      .flatMap((s) => s.questions)
      .slice(0, 3)
      .map((q) => [q.id, q.choices[Math.min(2, q.choices.length - 1)]!.id]);
    expect(chosen(draft)).toEqual(expected);
    const firstQuestion = draft.sections[0].questions[0];
    expect(firstQuestion.choices).toEqual([{ id: expected[0]![1], selected: true, other: null }]);

    expect(await draftRows(visitor.id)).toHaveLength(1);
    expect((await mine('trial', other.token)).statusCode).toBe(404);
  });

  it('stays one row when saves arrive at once', async () => {
    const app = await appPromise;
    const visitor = await buildUser(app, UserGroup.Visitor);
    const criteria = await criteriaOf('trial', visitor.token);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        save('trial', partlyAnswered(criteria, i + 1, 1, '2026-01-02T03:04:05.000Z'), visitor.token),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(200));
    expect(await draftRows(visitor.id)).toHaveLength(1);
  });

  it('keeps only answers the assessment has: unknown questions and choices, blank texts are dropped', async () => {
    const app = await appPromise;
    const visitor = await buildUser(app, UserGroup.Visitor);
    const criteria = await criteriaOf('trial', visitor.token);
    const [q1, q2] = criteria.sections[0]!.questions;
    const res = await save(
      'trial',
      {
        code: 'trial',
        sections: [
          {
            code: criteria.sections[0]!.code,
            questions: [
              { id: q1!.id, value: q1!.choices[1]!.id },
              { id: q2!.id, value: 999_999 },
              { id: 888_888, value: 'not a question of this assessment' },
            ],
          },
        ],
      },
      visitor.token,
    );
    expect(res.json().isSuccess).toBe(true);
    const { criteria: draft } = (await mine('trial', visitor.token)).json();
    expect(chosen(draft)).toEqual([[q1!.id, q1!.choices[1]!.id]]);
    expect(draft.startDateTime).toBeNull();
  });

  it('lets save only those who may take the assessment, as assessment/bycode', async () => {
    const app = await appPromise;
    const admin = await login(app, ADMIN.userName, ADMIN.password);
    const consultant = await buildUser(app, UserGroup.Consultant);
    const champion = await buildUser(app, UserGroup.ManufacturerChampion);
    const maker = await buildUser(app, UserGroup.Manufacturer);
    const visitor = await buildUser(app, UserGroup.Visitor);
    const body = { sections: [] };
    const status = async (code: string, token: string) => (await save(code, body, token)).statusCode;
    expect(await status('trial', admin)).toBe(200);
    expect(await status('trial', consultant.token)).toBe(200);
    expect(await status('trial', champion.token)).toBe(200);
    expect(await status('trial', visitor.token)).toBe(200);
    expect(await status('trial', maker.token)).toBe(403);
    expect((await mine('trial', maker.token)).statusCode).toBe(403);
    expect(await status('current-state', maker.token)).toBe(200);
    expect(await status('current-state', champion.token)).toBe(200);
    expect(await status('current-state', consultant.token)).toBe(403);
    expect(await status('current-state', visitor.token)).toBe(403);
    expect((await mine('future-state', visitor.token)).statusCode).toBe(403);
    expect(await status('trial', '')).toBe(401);
    expect((await mine('trial', '')).statusCode).toBe(401);
    // An unknown code, as assessment/bycode says it.
    const unknown = await save('no-such-assessment', body, visitor.token);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Assessment page cannot be found.');
    expect((await mine('no-such-assessment', visitor.token)).statusCode).toBe(404);
  });

  it('refuses a malformed body with 400 and a readable message, never a 500', async () => {
    const app = await appPromise;
    const visitor = await buildUser(app, UserGroup.Visitor);
    const criteria = await criteriaOf('trial', visitor.token);
    const qid = criteria.sections[0]!.questions[0]!.id;
    const bad: unknown[] = [
      {},
      { code: 'trial' },
      { code: '', criteria: { sections: [] } },
      { code: 'trial', criteria: 'answers' },
      { code: 'trial', criteria: { sections: 'all' } },
      { code: 'trial', criteria: { sections: [{ questions: [{ id: 'x' }] }] } },
      { code: 'trial', criteria: { sections: [{ questions: [{ id: qid, value: { a: 1 } }] }] } },
      { code: 'trial', criteria: { sections: [{ questions: [{ id: qid, value: 'x'.repeat(4001) }] }] } },
      { code: 'trial', criteria: { sections: Array.from({ length: 101 }, () => ({})) } },
      { code: 'trial', criteria: { sections: [{ questions: [{ id: 2 ** 40 }] }] } },
      { code: 'trial', criteria: { sections: [{ questions: [{ id: qid, value: 'a\u0000b' }] }] } },
      { code: 'x'.repeat(101), criteria: { sections: [] } },
      { code: 'trial', criteria: { code: 'current-state', sections: [] } },
    ];
    for (const body of bad) {
      const res = await post('assessmentdraft/save', body, visitor.token);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json().message, res.body).toMatch(/\w/);
    }
    expect((await post('assessmentdraft/mine', {}, visitor.token)).statusCode).toBe(400);
    expect(await draftRows(visitor.id)).toHaveLength(0);
  });

  it('is deleted by a submitted result (add, then overwrite), and a late save of that attempt is refused', async () => {
    const app = await appPromise;
    const visitor = await buildUser(app, UserGroup.Visitor);
    const criteria = await criteriaOf('trial', visitor.token);
    const start = '2026-02-03T04:05:06.000Z';
    await save('trial', partlyAnswered(criteria, 2, 1, start), visitor.token);
    const full = partlyAnswered(criteria, 10_000, 1, start);
    const added = (await post('assessmentresult/add', { assessmentResult: full }, visitor.token)).json();
    expect(added.isSuccess, added.message).toBe(true);
    expect((await mine('trial', visitor.token)).statusCode).toBe(404);
    expect(await draftRows(visitor.id)).toHaveLength(0);

    // A save of the submitted attempt (sent just before Submit) does not bring the draft back.
    const late = (await save('trial', partlyAnswered(criteria, 2, 1, start), visitor.token)).json();
    expect(late).toMatchObject({ isSuccess: false, message: draftMessages.alreadySubmitted });
    expect(await draftRows(visitor.id)).toHaveLength(0);

    // A new attempt's draft, then a retake of the result: the overwrite deletes the draft too.
    await save('trial', partlyAnswered(criteria, 1, 0, '2026-02-04T00:00:00.000Z'), visitor.token);
    expect((await mine('trial', visitor.token)).statusCode).toBe(200);
    const again = { ...partlyAnswered(criteria, 10_000, 0, start), id: added.data.id };
    const overwritten = (
      await post('assessmentresult/overwrite', { assessmentResult: again }, visitor.token)
    ).json();
    expect(overwritten.isSuccess, overwritten.message).toBe(true);
    expect((await mine('trial', visitor.token)).statusCode).toBe(404);
    expect(await draftRows(visitor.id)).toHaveLength(0);
  });

  it('tells the pending list how much of a started assessment is answered, from the draft', async () => {
    const app = await appPromise;
    const id = await bareManufacturer(app, 'CurrentState');
    const person = await addRespondent(app, id, { fullName: 'Jordan Reyes', role: 'engineering' });
    type Pending = { data: { assessment: { code: string }; progress: unknown }[] };
    const pending = async () =>
      (await post('assessment/invites/pending/mine', { skip: 0, take: 99 }, person.token)).json() as Pending;
    const progressOf = (list: Pending, code: string) =>
      list.data.find((i) => i.assessment.code === code)?.progress;
    const before = await pending();
    expect(before.data.length).toBeGreaterThan(0);
    for (const invite of before.data) expect(invite.progress).toBeNull();

    const criteria = await criteriaOf('current-state', person.token);
    const total = criteria.sections.reduce((n, s) => n + s.questions.length, 0);
    expect(total).toBeGreaterThan(12);
    await save('current-state', partlyAnswered(criteria, 12, 1, new Date().toISOString()), person.token);
    const after = await pending();
    expect(progressOf(after, 'current-state')).toEqual({ answered: 12, total });
    expect(progressOf(after, 'future-state') ?? null).toBeNull();
  });

  it('never counts: reports, benchmarks, completed and pending lists are the same with a draft', async () => {
    const app = await appPromise;
    const admin = await login(app, ADMIN.userName, ADMIN.password);
    const id = await bareManufacturer(app, 'CurrentStateReporting');
    const add = (fullName: string, role: string) => addRespondent(app, id, { fullName, role });
    const done = [
      await add('Avery Stone', 'executive-leadership'),
      await add('Casey Quinn', 'engineering'),
      await add('Drew Park', 'quality'),
    ];
    for (const [i, person] of done.entries())
      await submitBySection(app, person.token, 'current-state', () => i);
    const drafting = await add('Harper Vale', 'finance');

    const snapshot = async () => {
      const report = await post('assessmentresult/report/byorg/download', { id, assessmentType: 1 }, admin);
      expect(report.statusCode).toBe(200);
      const benchmark = (await post('admin/benchmark/generate/byorg', { id }, admin)).json();
      expect(benchmark.isSuccess, benchmark.message).toBe(true);
      const stored = await app.deps.db
        .selectFrom('benchmarks')
        .select('data')
        .where('organizationId', '=', id)
        .executeTakeFirstOrThrow();
      const list = (url: string, token: string) => post(url, { skip: 0, take: 99 }, token);
      return {
        report: (await readWorkbook(report.rawPayload)).sheets,
        benchmark: JSON.parse(stored.data),
        pending: (await list('assessment/invites/pending/mine', drafting.token)).json(),
        completed: (await list('assessment/completed/mine', drafting.token)).json(),
        latest: (await post('assessmentresult/completed/mine', { take: 1 }, drafting.token)).json(),
        byUser: (await post('assessmentresult/byuser', { id: drafting.id }, admin)).json(),
        results: await app.deps.db
          .selectFrom('assessmentResults')
          .select('id')
          .where('organizationId', '=', id)
          .execute(),
      };
    };
    // Generated once first: the report's peer figures count this manufacturer once it has a benchmark.
    await post('admin/benchmark/generate/byorg', { id }, admin);
    const before = await snapshot();
    expect(before.pending.count).toBe(2);
    expect(before.completed.count).toBe(0);

    // Every question answered (all a submission needs), yet only saved as a draft.
    const criteria = await criteriaOf('current-state', drafting.token);
    const saved = await save(
      'current-state',
      partlyAnswered(criteria, 10_000, 4, new Date().toISOString()),
      drafting.token,
    );
    expect(saved.json().isSuccess).toBe(true);
    expect((await mine('current-state', drafting.token)).statusCode).toBe(200);
    // The pending list says how far the draft is (the test above); nothing else changes.
    const after = await snapshot();
    const withoutProgress = (list: { data: { progress?: unknown }[] }) => ({
      ...list,
      data: list.data.map(({ progress: _progress, ...invite }) => invite),
    });
    expect({ ...after, pending: withoutProgress(after.pending) }).toEqual({
      ...before,
      pending: withoutProgress(before.pending),
    });
  });

  it('is deleted with its person', async () => {
    const app = await appPromise;
    const admin = await login(app, ADMIN.userName, ADMIN.password);
    const visitor = await buildUser(app, UserGroup.Visitor);
    await save('trial', { sections: [] }, visitor.token);
    expect(await draftRows(visitor.id)).toHaveLength(1);
    const res = (await post('admin/user/visitor/delete', { id: visitor.id }, admin)).json();
    expect(res.isSuccess, res.message).toBe(true);
    expect(await draftRows(visitor.id)).toHaveLength(0);
  });
});
