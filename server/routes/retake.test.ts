import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { UserGroup } from '../../domain/codes.js';
import { criteriaView } from '../../domain/schemas/assessmentView.js';
import { buildApp } from '../app.js';
import { presentCriteria } from '../presenters/assessment.js';
import { withAnswers } from '../presenters/result.js';
import { assessmentsRepository } from '../repositories/assessments.js';
import { resultsRepository } from '../repositories/results.js';
import { ADMIN, api, buildTestApp, buildUser, login, testDialects } from '../test/helpers.js';
import { setAnonymize } from '../test/insights.js';

type Criteria = {
  sections: {
    questions: {
      id: number;
      caption: string;
      value: unknown;
      choices: { id: number; selected: boolean }[];
    }[];
  }[];
};

// A retake's criteria are written into bytes kept per content change (answeredCriteria.ts), and the
// whole answer is kept per result (cachedRetakes.ts): the bytes must be those the criteria built per
// call would serialize to, show every change at once, whichever process made it, and reach no caller
// the result is not open to as things stand now.
describe.each(testDialects())('a result opened to retake on %s', (dialect) => {
  const firstPromise = buildTestApp(dialect);
  const secondPromise = firstPromise.then((first) => buildApp(first.deps.config));
  afterAll(async () => (await secondPromise).close());

  /** The answer built afresh from the database, as the route built it per call before it was kept. */
  const builtAfresh = async (app: FastifyInstance, id: number) => {
    const db = app.deps.db;
    const result = (await resultsRepository.findById(db, id))!;
    const assessment = (await assessmentsRepository.findByCode(db, result.assessmentCode))!;
    const content = await assessmentsRepository.content(db, assessment.id);
    const built = withAnswers(
      presentCriteria(assessment, content),
      result,
      await resultsRepository.answersOf(db, id),
    );
    return JSON.stringify(z.encode(criteriaView, built));
  };

  /** A visitor's trial, each choice question answered with its choice at `pick`. */
  const submitTrial = async (app: FastifyInstance, pick: number) => {
    const visitor = await buildUser(app, UserGroup.Visitor);
    const post = (url: string, payload: object) =>
      api(app, { method: 'POST', url: `/api/${url}`, payload, token: visitor.token });
    const criteria = (await post('assessment/bycode', { query: 'trial' })).json() as Criteria;
    const answered = (c: Criteria, at: number) => {
      for (const q of c.sections.flatMap((s) => s.questions)) {
        const choice = q.choices[Math.min(at, q.choices.length - 1)];
        for (const other of q.choices) other.selected = other === choice;
        q.value = choice ? choice.id : `Answer ${at}`;
      }
      return c;
    };
    const add = await post('assessmentresult/add', { assessmentResult: answered(criteria, pick) });
    const id = add.json().data.id as number;
    /** The respondent retakes it in `on` (this process or another), each choice question at `at`. */
    const overwrite = async (on: FastifyInstance, at: number) => {
      const body = { assessmentResult: { ...answered(structuredClone(criteria), at), id } };
      const res = await api(on, {
        method: 'POST',
        url: '/api/assessmentresult/overwrite',
        payload: body,
        token: visitor.token,
      });
      expect(res.json().isSuccess).toBe(true);
    };
    return { visitor, id, overwrite };
  };

  const retakeOf = (app: FastifyInstance, id: number, token: string) =>
    api(app, { method: 'POST', url: '/api/assessmentresult/getbyid/retake', payload: { id }, token });
  const choiceQuestion = (payload: string) =>
    (JSON.parse(payload) as Criteria).sections
      .flatMap((s) => s.questions)
      .find((q) => q.choices.length >= 2)!;

  it('answers the bytes the criteria built per call serialize to, and shows each change at once', async () => {
    const [app, second] = await Promise.all([firstPromise, secondPromise]);
    const visitor = await buildUser(app, UserGroup.Visitor);
    const call = (url: string, payload: object) =>
      api(app, { method: 'POST', url: `/api/${url}`, payload, token: visitor.token });
    const criteria = (await call('assessment/bycode', { query: 'trial' })).json() as Criteria;
    for (const q of criteria.sections.flatMap((s) => s.questions)) {
      const choice = q.choices[1] ?? q.choices[0];
      if (choice) {
        choice.selected = true;
        q.value = choice.id;
      } else q.value = 'Our "answer" ✓';
    }
    const id = (await call('assessmentresult/add', { assessmentResult: criteria })).json().data.id as number;

    const asBefore = () => builtAfresh(app, id);
    const retake = () => call('assessmentresult/getbyid/retake', { id });
    const first = await retake();
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(first.payload).toBe(await asBefore());
    expect((await retake()).payload).toBe(first.payload);

    // Another process renames a question and changes an answer, straight in the database.
    const question = (first.json() as Criteria).sections
      .flatMap((s) => s.questions)
      .find((q) => q.choices.length >= 2)!;
    await second.deps.db
      .updateTable('questions')
      .set({ caption: 'Renamed elsewhere' })
      .where('id', '=', question.id)
      .execute();
    await second.deps.db
      .updateTable('answers')
      .set({ choiceId: question.choices[0]!.id })
      .where('assessmentResultId', '=', id)
      .where('questionId', '=', question.id)
      .execute();
    const after = await retake();
    expect(after.payload).toBe(await asBefore());
    const changed = (after.json() as Criteria).sections
      .flatMap((s) => s.questions)
      .find((q) => q.id === question.id)!;
    expect([changed.caption, changed.value]).toEqual(['Renamed elsewhere', question.choices[0]!.id]);
    expect(changed.choices.map((c) => c.selected)).toEqual(question.choices.map((_, i) => i === 0));
  });

  it('shows a retake, a change of the result and its deletion at once, whichever process made them', async () => {
    const [app, second] = await Promise.all([firstPromise, secondPromise]);
    const { visitor, id, overwrite } = await submitTrial(app, 1);
    const retake = () => retakeOf(app, id, visitor.token);
    const kept = (await retake()).payload;
    expect(kept).toBe(await builtAfresh(app, id));
    const question = choiceQuestion(kept);
    expect(question.value).toBe(question.choices[1]!.id);

    // Retaken through this process, then through another one sharing the database.
    await overwrite(app, 0);
    const once = (await retake()).payload;
    expect(once).toBe(await builtAfresh(app, id));
    expect(choiceQuestion(once).value).toBe(question.choices[0]!.id);
    await overwrite(second, 1);
    const twice = (await retake()).payload;
    expect(twice).toBe(await builtAfresh(app, id));
    expect(choiceQuestion(twice).value).toBe(question.choices[1]!.id);

    // The result's row changed straight in the database by another process.
    const started = '2020-01-02T03:04:05.000Z';
    await second.deps.db
      .updateTable('assessmentResults')
      .set({ startDateTime: started })
      .where('id', '=', id)
      .execute();
    const moved = await retake();
    expect(moved.payload).toBe(await builtAfresh(app, id));
    expect(moved.json().startDateTime).toBe(started);

    // Deleted by another process: the same refusal as a result that never was.
    await second.deps.db.deleteFrom('assessmentResults').where('id', '=', id).execute();
    const gone = await retake();
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual((await retakeOf(app, 987_654_321, visitor.token)).json());
    expect(gone.json().message).toBe('The assessment result was not found.');
  });

  it("refuses whoever may not see the person's results now, before and after the answer is kept", async () => {
    const [app, second] = await Promise.all([firstPromise, secondPromise]);
    const admin = await login(app, ADMIN.userName, ADMIN.password);
    const { visitor, id } = await submitTrial(app, 2);
    const organizationId = visitor.organizationId;
    const champion = await buildUser(app, UserGroup.ManufacturerChampion, { organizationId });
    const otherChampion = await buildUser(app, UserGroup.ManufacturerChampion);
    const otherVisitor = await buildUser(app, UserGroup.Visitor);
    const consultant = await buildUser(app, UserGroup.Consultant);
    const status = async (token: string) => (await retakeOf(app, id, token)).statusCode;
    const refusal = { isSuccess: false, message: 'You are not permitted to perform this action.' };

    // Refused before anything is kept, and again once the owner's read has kept it.
    expect((await retakeOf(app, id, otherVisitor.token)).json()).toMatchObject(refusal);
    const own = (await retakeOf(app, id, visitor.token)).payload;
    for (const token of [otherVisitor.token, otherChampion.token, consultant.token]) {
      const refused = await retakeOf(app, id, token);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject(refusal);
    }
    for (const token of [champion.token, admin]) expect((await retakeOf(app, id, token)).payload).toBe(own);

    // Each change made by another process decides the next call: the firm's consultant let in ...
    await second.deps.db
      .updateTable('organizations')
      .set({ consultingFirmId: consultant.organizationId })
      .where('id', '=', organizationId)
      .execute();
    expect(await status(consultant.token)).toBe(200);
    // ... Anonymize Results set: the champion and the consultant refused, the person and admins not ...
    await setAnonymize(second, organizationId, true);
    expect([await status(champion.token), await status(consultant.token)]).toEqual([403, 403]);
    expect([await status(visitor.token), await status(admin)]).toEqual([200, 200]);
    await setAnonymize(second, organizationId, false);
    expect(await status(champion.token)).toBe(200);
    // ... and the person moved to another organization: its champion, no longer the old one.
    await second.deps.db
      .updateTable('users')
      .set({ organizationId: otherChampion.organizationId })
      .where('id', '=', visitor.id)
      .execute();
    expect([await status(champion.token), await status(otherChampion.token)]).toEqual([403, 200]);
  });
});
