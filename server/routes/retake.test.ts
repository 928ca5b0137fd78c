import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { UserGroup } from '../../domain/codes.js';
import { criteriaView } from '../../domain/schemas/assessmentView.js';
import { buildApp } from '../app.js';
import { presentCriteria } from '../presenters/assessment.js';
import { withAnswers } from '../presenters/result.js';
import { assessmentsRepository } from '../repositories/assessments.js';
import { resultsRepository } from '../repositories/results.js';
import { api, buildTestApp, buildUser, testDialects } from '../test/helpers.js';

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

// A retake's criteria are written into bytes kept per content change (answeredCriteria.ts): the bytes
// must be those the criteria built per call would serialize to, and show every change at once.
describe.each(testDialects())('a result opened to retake on %s', (dialect) => {
  const firstPromise = buildTestApp(dialect);
  const secondPromise = firstPromise.then((first) => buildApp(first.deps.config));
  afterAll(async () => (await secondPromise).close());

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

    const asBefore = async () => {
      const db = app.deps.db;
      const result = (await resultsRepository.findById(db, id))!;
      const assessment = (await assessmentsRepository.findByCode(db, 'trial'))!;
      const content = await assessmentsRepository.content(db, assessment.id);
      const built = withAnswers(
        presentCriteria(assessment, content),
        result,
        await resultsRepository.answersOf(db, id),
      );
      return JSON.stringify(z.encode(criteriaView, built));
    };
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
});
