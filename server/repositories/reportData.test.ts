import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs } from 'kysely';
import { describe, expect, it } from 'vitest';
import { AssessmentType } from '../../domain/codes.js';
import { roundScore } from '../../domain/rules/scoring.js';
import { ADMIN, api, buildTestApp, login, testDialects } from '../test/helpers.js';
import { addRespondent, bareManufacturer, submitBySection } from '../test/reports.js';
import { reportData } from './reportData.js';

/** Counts the statements a database handle runs. */
class QueryCounter implements KyselyPlugin {
  count = 0;
  transformQuery(args: PluginTransformQueryArgs) {
    this.count++;
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs) {
    return args.result;
  }
}

describe.each(testDialects())('Report data on %s', (dialect) => {
  const appPromise = buildTestApp(dialect, { LOGIN_MAX_PER_ADDRESS: '10000' });

  it('loads an organization report in the same number of queries for 2 respondents or 6', async () => {
    const app = await appPromise;
    const id = await bareManufacturer(app, 'CurrentStateReporting');
    const load = async () => {
      const counter = new QueryCounter();
      const data = await reportData.organizationResults(
        app.deps.db.withPlugin(counter),
        id,
        AssessmentType.CurrentState,
      );
      return { data, queries: counter.count };
    };
    for (let i = 0; i < 2; i++) {
      const p = await addRespondent(app, id, { fullName: `Few ${i}`, role: 'engineering' });
      await submitBySection(app, p.token, 'current-state', () => i);
    }
    const few = await load();
    for (let i = 0; i < 4; i++) {
      const p = await addRespondent(app, id, { fullName: `More ${i}`, role: 'quality' });
      await submitBySection(app, p.token, 'current-state', () => i);
    }
    const many = await load();
    expect(few.data.respondents).toHaveLength(2);
    expect(many.data.respondents).toHaveLength(6);
    expect(many.queries).toBe(few.queries);
    expect(many.queries).toBe(6);
    expect(many.data.content.questions).toHaveLength(46);
    expect(many.data.respondents.every((r) => r.answers.length === 46)).toBe(true);
  });

  it('scores each result as the results screen does', async () => {
    const app = await appPromise;
    const admin = await login(app, ADMIN.userName, ADMIN.password);
    const id = await bareManufacturer(app, 'CurrentStateReporting');
    const p = await addRespondent(app, id, { fullName: 'Screen Check', role: 'finance' });
    const resultId = await submitBySection(
      app,
      p.token,
      'current-state',
      (i) => [0, 4, 2, 5, 3, 1, 4, 2][i] ?? 0,
    );
    const screen = (
      await api(app, {
        method: 'POST',
        url: '/api/assessmentresult/scores/byid',
        token: admin,
        payload: { id: resultId },
      })
    ).json() as { overall: { score: number }; sections: { code: string; score: number }[] };
    const [mine] = (await reportData.organizationResults(app.deps.db, id, AssessmentType.CurrentState))
      .respondents;
    expect(roundScore(mine!.scores.overall!)).toBe(screen.overall.score);
    // 'Not sure' (the sixth choice) in the fourth section leaves it unscored on both.
    expect(Object.entries(mine!.scores.sections).map(([code, s]) => [code, roundScore(s)])).toEqual(
      screen.sections.map((s) => [s.code, s.score]),
    );
    expect(mine!.roleGroup).toBe('Finance');
  });
});
