import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs } from 'kysely';
import { describe, expect, it } from 'vitest';
import { AssessmentType } from '../../domain/codes.js';
import { nowIso } from '../db/clock.js';
import { unique } from '../test/factories.js';
import { ADMIN, api, buildTestApp, login, testDialects } from '../test/helpers.js';
import { addRespondent, bareManufacturer, setAlias, submitBySection } from '../test/reports.js';
import { portfolioRepository } from './portfolio.js';
import { reportData } from './reportData.js';
import { resultsRepository } from './results.js';

/** Counts the statements a database handle runs, and those that read answers. */
class QueryCounter implements KyselyPlugin {
  count = 0;
  answerReads = 0;
  transformQuery(args: PluginTransformQueryArgs) {
    this.count++;
    if (JSON.stringify(args.node).includes('"answers"')) this.answerReads++;
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs) {
    return args.result;
  }
}

const figures = (data: {
  respondents: { resultId: number; roleGroup: string; functionalRole: string | null; scores: object }[];
}) =>
  data.respondents.map((r) => {
    const { overall, sections } = r.scores as { overall: number | null; sections: Record<string, number> };
    return {
      resultId: r.resultId,
      roleGroup: r.roleGroup,
      functionalRole: r.functionalRole,
      overall,
      sections,
    };
  });

describe.each(testDialects())('Cached result scores on %s', (dialect) => {
  const appPromise = buildTestApp(dialect, { LOGIN_MAX_PER_ADDRESS: '10000' });

  it('figures exactly what the report figures, through retakes and content changes, reading only changed answers', async () => {
    const app = await appPromise;
    const admin = await login(app, ADMIN.userName, ADMIN.password);
    const call = async (url: string, payload: object, token = admin) =>
      api(app, { method: 'POST', url: `/api/${url}`, token, payload });
    const { db } = app.deps;
    // Another handle on the same database with its own kept scores: a second process, which hears of
    // no change but through the database.
    const counter = new QueryCounter();
    const other = db.withPlugin(counter);

    const org = await bareManufacturer(app, 'CurrentState');
    await setAlias(app, org, 'quality', 'Makers');
    const ann = await addRespondent(app, org, { fullName: 'Ann', role: 'engineering' });
    const ben = await addRespondent(app, org, { fullName: 'Ben', role: 'quality' });
    const cal = await addRespondent(app, org, { fullName: 'Cal', role: 'engineering', excludeUser: true });
    const dee = await addRespondent(app, org, { fullName: 'Dee', role: 'finance', excludeInvite: true });
    const eve = await addRespondent(app, org, { fullName: 'Eve', role: 'finance' });
    const picks = [
      (i: number) => [0, 4, 2, 5, 3, 1, 4, 2][i] ?? 0, // 'Not sure' (the sixth) in the fourth section
      (i: number) => (i * 3) % 5,
      () => 4,
      () => 0,
      (i: number) => (i + 1) % 6,
    ];
    const people = [ann, ben, cal, dee, eve];
    const current: number[] = [];
    for (const [i, p] of people.entries()) {
      current.push(await submitBySection(app, p.token, 'current-state', picks[i] as (i: number) => number));
      await submitBySection(
        app,
        p.token,
        'future-state',
        (s) => ((picks[i] as (i: number) => number)(s) + 1) % 5,
      );
    }

    // A second current-state assessment over some of the sections, answered by one more person.
    const main = await db
      .selectFrom('assessments')
      .select(['id'])
      .where('assessmentType', '=', AssessmentType.CurrentState)
      .where('isActive', '=', 1)
      .executeTakeFirstOrThrow();
    const now = nowIso();
    const second = await db
      .insertInto('assessments')
      .values({
        code: unique('cs2'),
        name: 'Current State (short)',
        description: null,
        assessmentType: AssessmentType.CurrentState,
        isActive: 0,
        createdAt: now,
        updatedAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const mainSections = await db
      .selectFrom('assessmentSections')
      .select('sectionId')
      .where('assessmentId', '=', main.id)
      .orderBy('sectionId')
      .execute();
    await db
      .insertInto('assessmentSections')
      .values(mainSections.slice(0, 3).map((s) => ({ assessmentId: second.id, sectionId: s.sectionId })))
      .execute();
    const fay = await addRespondent(app, org, { fullName: 'Fay', role: 'quality' });
    const invite = await db
      .insertInto('assessmentInvites')
      .values({
        respondentId: fay.id,
        assessmentId: second.id,
        organizationId: org,
        consultingFirmId: null,
        excludeFromReport: 0,
        isActive: 1,
        invitedAt: now,
        createdAt: now,
        updatedAt: now,
        createdBy: null,
        updatedBy: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const questions = await db
      .selectFrom('questions as q')
      .innerJoin('choices as c', 'c.questionId', 'q.id')
      .select(['q.id as questionId', 'c.id as choiceId', 'c.displayOrder'])
      .where(
        'q.sectionId',
        'in',
        mainSections.slice(0, 3).map((s) => s.sectionId),
      )
      .where('q.isActive', '=', 1)
      .where('c.isActive', '=', 1)
      .orderBy('q.id')
      .orderBy('c.displayOrder')
      .execute();
    const byQuestion = new Map<number, number[]>();
    for (const q of questions)
      byQuestion.set(q.questionId, [...(byQuestion.get(q.questionId) ?? []), q.choiceId]);
    await db.transaction().execute(async (trx) => {
      const id = await resultsRepository.insert(trx, {
        assessmentId: second.id,
        respondentId: fay.id,
        organizationId: org,
        assessmentInviteId: invite.id,
        startDateTime: null,
        submissionKey: null,
      });
      // Several choices of one question: a multi-select's mean.
      await resultsRepository.replaceAnswers(
        trx,
        id,
        [...byQuestion].map(([questionId, choices], k) => ({
          questionId,
          choiceIds: k % 2 ? choices.slice(1, 3) : choices.slice(0, 1),
          text: null,
          otherText: null,
        })),
      );
    });

    /** Both loaders agree to the last bit on both types; the portfolio averages the same scores. */
    const agree = async () => {
      for (const type of [AssessmentType.CurrentState, AssessmentType.FutureState]) {
        const full = await reportData.organizationResults(db, org, type);
        const scores = await reportData.organizationScores(other, org, type);
        expect(figures(scores)).toEqual(figures(full));
        expect(scores.content.sections).toEqual(full.content.sections);
        expect(scores.assessment).toEqual(full.assessment);
        expect(scores.excluded).toBe(full.excluded);
        expect(scores.respondents.map((r) => r.completionDateTime)).toEqual(
          full.respondents.map((r) => r.completionDateTime),
        );
      }
      return reportData.organizationResults(db, org, AssessmentType.CurrentState);
    };

    const first = await agree();
    expect(first.respondents.map((r) => r.fullName).sort()).toEqual(['Ann', 'Ben', 'Eve', 'Fay']);
    expect(new Set(first.respondents.map((r) => r.assessmentId))).toEqual(new Set([main.id, second.id]));
    expect(first.excluded).toBe(2);
    expect(first.respondents.find((r) => r.fullName === 'Ben')?.roleGroup).toBe('Makers');

    // Nothing changed: no answer is read again, two statements in all.
    counter.count = 0;
    counter.answerReads = 0;
    await reportData.organizationScores(other, org, AssessmentType.CurrentState);
    expect(counter.answerReads).toBe(0);
    expect(counter.count).toBe(2);

    // A retake overwrites Ann's answers (and moves her completion time): read again, hers only.
    const criteria = (await call('assessment/bycode', { query: 'current-state' }, ann.token)).json();
    for (const section of criteria.sections)
      for (const q of section.questions) (q.choices[4] as { selected: boolean }).selected = true;
    criteria.id = current[0];
    await new Promise((resolve) => setTimeout(resolve, 5));
    const retake = await call('assessmentresult/overwrite', { assessmentResult: criteria }, ann.token);
    expect(retake.json().isSuccess, retake.body).toBe(true);
    counter.answerReads = 0;
    const after = await reportData.organizationScores(other, org, AssessmentType.CurrentState);
    expect(counter.answerReads).toBe(1);
    expect(after.respondents.find((r) => r.resultId === current[0])?.scores.overall).toBe(5);
    await agree();

    // Answers replaced while the completion time stays (two retakes in one millisecond): still seen.
    const annAnswers = await resultsRepository.answersOf(db, current[0] as number);
    const grouped = new Map<number, number[]>();
    for (const x of annAnswers)
      if (x.choiceId !== null) grouped.set(x.questionId, [...(grouped.get(x.questionId) ?? []), x.choiceId]);
    await db.transaction().execute((trx) =>
      resultsRepository.replaceAnswers(
        trx,
        current[1] as number,
        [...grouped].map(([questionId, choiceIds]) => ({
          questionId,
          choiceIds,
          text: null,
          otherText: null,
        })),
      ),
    );
    const same = await reportData.organizationScores(other, org, AssessmentType.CurrentState);
    expect(same.respondents.find((r) => r.resultId === current[1])?.scores.overall).toBe(5);
    await agree();

    // A choice's score changed by an administrator: every result is figured afresh.
    const firstQuestion = criteria.sections[0].questions[0].id as number;
    const question = (await call('admin/question/getbyid', { id: firstQuestion })).json();
    const was = question.choices[0].scoreValue;
    question.choices[0].scoreValue = '1.7';
    expect((await call('admin/question/update', question)).json().isSuccess).toBe(true);
    await agree();

    // A question made inactive no longer counts, on both.
    const other2 = (
      await call('admin/question/getbyid', { id: criteria.sections[1].questions[0].id })
    ).json();
    other2.isActive = false;
    expect((await call('admin/question/update', other2)).json().isSuccess).toBe(true);
    const last = await agree();

    // The portfolio's overall averages are the report's.
    const portfolio = (await portfolioRepository.scoresOf(other, [org])).get(org);
    const average = (list: { scores: { overall: number | null } }[]) =>
      Math.round((list.reduce((a, r) => a + (r.scores.overall ?? 0), 0) / list.length) * 10) / 10;
    expect(portfolio?.current).toBe(average(last.respondents));
    const future = await reportData.organizationResults(db, org, AssessmentType.FutureState);
    expect(portfolio?.future).toBe(average(future.respondents));

    // Restore the content for the other tests of this database.
    question.choices[0].scoreValue = String(was);
    other2.isActive = true;
    expect((await call('admin/question/update', question)).json().isSuccess).toBe(true);
    expect((await call('admin/question/update', other2)).json().isSuccess).toBe(true);
  });
});
