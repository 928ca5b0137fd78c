import { describe, expect, it } from 'vitest';
import { AssessmentType, InputType, LookupType, UserGroup } from '../../domain/codes.js';
import { submitMessages } from '../commands/submitResult.js';
import { nowIso } from '../db/clock.js';
import { ADMIN, api, buildTestApp, buildUser, login, testDialects } from '../test/helpers.js';

type Criteria = {
  id: number;
  code: string;
  sections: {
    code: string;
    questions: {
      id: number;
      caption: string;
      inputType: number;
      value: unknown;
      choices: { id: number; caption: string; selected: boolean }[];
    }[];
  }[];
};

/** Answers every question: the choice at `pick` for choice questions, a text otherwise. */
function answerAll(criteria: Criteria, pick = 0): Criteria {
  const copy = structuredClone(criteria);
  for (const s of copy.sections) {
    for (const q of s.questions) {
      if (q.choices.length) {
        for (const c of q.choices) c.selected = false;
        const choice = q.choices[Math.min(pick, q.choices.length - 1)]!;
        choice.selected = true;
        q.value = q.inputType === InputType.CheckboxList ? [choice.id] : choice.id;
      } else q.value = q.inputType === InputType.Email ? 'plant@example.com' : 'Our answer';
    }
  }
  return copy;
}

describe.each(testDialects())('taking assessments on %s', (dialect) => {
  const appPromise = buildTestApp(dialect);
  let adminToken: string;
  const call = async (url: string, payload: unknown, token: string) =>
    api(await appPromise, { method: 'POST', url: `/api/${url}`, payload: payload as object, token });

  /** A section with a scored question (choices 1..4 and Not sure) and an optional e-mail question. */
  const content = (async () => {
    const app = await appPromise;
    adminToken = await login(app, ADMIN.userName, ADMIN.password);
    const code = `maintenance-${Date.now().toString(36)}`;
    const section = (
      await call('admin/section/add', { caption: 'Maintenance', code, displayOrder: 1 }, adminToken)
    ).json().data.id;
    await call(
      'admin/question/add',
      {
        caption: 'How do you plan maintenance?',
        displayOrder: 1,
        section: { id: section },
        inputType: InputType.RadioButton,
        isRequired: true,
        choices: [
          { id: '-1', caption: 'When machines break', scoreValue: 1 },
          { id: '-2', caption: 'On a calendar', scoreValue: 2 },
          { id: '-3', caption: 'From runtime counters', scoreValue: 3 },
          { id: '-4', caption: 'Predicted from condition data', scoreValue: 4 },
          { id: '-5', caption: 'Not sure', scoreValue: null },
        ],
      },
      adminToken,
    );
    await call(
      'admin/question/add',
      {
        caption: 'Who should we contact?',
        displayOrder: 2,
        section: { id: section },
        inputType: InputType.Email,
        isRequired: false,
      },
      adminToken,
    );
    return { code };
  })();

  const invite = async (userId: number, organizationId: number, assessmentType: number) => {
    const app = await appPromise;
    const assessment = await app.deps.db
      .selectFrom('assessments')
      .select('id')
      .where('assessmentType', '=', assessmentType)
      .executeTakeFirstOrThrow();
    const now = nowIso();
    await app.deps.db
      .insertInto('assessmentInvites')
      .values({
        respondentId: userId,
        assessmentId: assessment.id,
        organizationId,
        excludeFromReport: 0,
        isActive: 1,
        invitedAt: now,
        createdAt: now,
        updatedAt: now,
        createdBy: null,
        updatedBy: null,
      })
      .execute();
  };

  const setStatus = async (organizationId: number, status: string) => {
    const app = await appPromise;
    const statusId = (
      await app.deps.db
        .selectFrom('lookupItems')
        .select('id')
        .where('lookupType', '=', LookupType.RoadmapStatus)
        .where('code', '=', status)
        .executeTakeFirstOrThrow()
    ).id;
    const now = nowIso();
    await app.deps.db.deleteFrom('roadmaps').where('organizationId', '=', organizationId).execute();
    await app.deps.db
      .insertInto('roadmaps')
      .values({ organizationId, statusId, createdAt: now, updatedAt: now })
      .execute();
  };

  it('takes an invited current-state assessment once, then lists, scores and retakes it', async () => {
    await content;
    const app = await appPromise;
    const user = await buildUser(app, UserGroup.Manufacturer);
    await setStatus(user.organizationId, 'CurrentState');
    const criteria = (
      await call('assessment/bycode', { query: 'current-state' }, user.token)
    ).json() as Criteria;

    const uninvited = await call(
      'assessmentresult/add',
      { assessmentResult: answerAll(criteria) },
      user.token,
    );
    expect(uninvited.json()).toEqual({ isSuccess: false, message: submitMessages.noInvite });

    await invite(user.id, user.organizationId, AssessmentType.CurrentState);
    const pending = (
      await call('assessment/invites/pending/mine', { query: '', skip: 0, take: 99 }, user.token)
    ).json();
    expect(pending.data.map((i: { assessment: { code: string } }) => i.assessment.code)).toEqual([
      'current-state',
    ]);

    const answered = answerAll(criteria, 2);
    const body = { assessmentResult: { ...answered, startDateTime: new Date().toISOString() }, host: 'x' };
    const first = await call('assessmentresult/add', body, user.token);
    expect(first.json()).toMatchObject({ isSuccess: true, data: { id: expect.any(Number) } });
    // A second click on Submit does not make a second result.
    const twice = await call('assessmentresult/add', body, user.token);
    expect(twice.json().isSuccess).toBe(false);
    const results = await app.deps.db
      .selectFrom('assessmentResults')
      .select('id')
      .where('respondentId', '=', user.id)
      .execute();
    expect(results).toHaveLength(1);

    expect((await call('assessment/invites/pending/mine', {}, user.token)).json().count).toBe(0);
    const completed = (await call('assessment/completed/mine', { skip: 0, take: 99 }, user.token)).json();
    expect(completed.data[0]).toMatchObject({
      id: first.json().data.id,
      assessment: { code: 'current-state' },
      canRetake: true,
    });
    expect((await call('assessmentresult/completed/mine', { take: 1 }, user.token)).json().count).toBe(1);

    const id = first.json().data.id;
    const scores = (await call('assessmentresult/scores/byid', { id }, user.token)).json();
    const mine = scores.sections.find((s: { caption: string }) => s.caption === 'Maintenance');
    expect(mine).toMatchObject({ score: 3, level: 'Defined' });

    // Retake: the stored answers come back, and an overwrite replaces them.
    const again = (
      await call('assessmentresult/getbyid/retake', { id, code: 'current-state' }, user.token)
    ).json() as Criteria;
    const q = again.sections
      .flatMap((s) => s.questions)
      .find((x) => x.caption === 'How do you plan maintenance?')!;
    expect(q.choices.find((c) => c.selected)?.caption).toBe('From runtime counters');
    const retaken = answerAll(again, 0);
    retaken.id = id;
    expect(
      (await call('assessmentresult/overwrite', { assessmentResult: retaken }, user.token)).json().isSuccess,
    ).toBe(true);
    const rescored = (await call('assessmentresult/scores/byid', { id }, user.token)).json();
    expect(rescored.sections.find((s: { caption: string }) => s.caption === 'Maintenance').score).toBe(1);

    // Past the current-state stage the result is view-only.
    await setStatus(user.organizationId, 'CurrentStateReporting');
    expect(
      (await call('assessmentresult/overwrite', { assessmentResult: retaken }, user.token)).json(),
    ).toEqual({ isSuccess: false, message: submitMessages.noRetake });
    expect((await call('assessment/completed/mine', {}, user.token)).json().data[0].canRetake).toBe(false);
  });

  it("shows a person's results to them, their champion, their firm's consultants and admins only", async () => {
    await content;
    const app = await appPromise;
    const user = await buildUser(app, UserGroup.Manufacturer);
    await setStatus(user.organizationId, 'CurrentState');
    await invite(user.id, user.organizationId, AssessmentType.CurrentState);
    const criteria = (
      await call('assessment/bycode', { query: 'current-state' }, user.token)
    ).json() as Criteria;
    const id = (
      await call('assessmentresult/add', { assessmentResult: answerAll(criteria, 1) }, user.token)
    ).json().data.id;
    const champion = await buildUser(app, UserGroup.ManufacturerChampion, {
      organizationId: user.organizationId,
    });
    const consultant = await buildUser(app, UserGroup.Consultant);
    await app.deps.db
      .updateTable('organizations')
      .set({ consultingFirmId: consultant.organizationId })
      .where('id', '=', user.organizationId)
      .execute();
    for (const viewer of [user.token, champion.token, consultant.token, adminToken]) {
      const res = (await call('assessmentresult/byuser', { id: user.id }, viewer)).json();
      expect(res.data.map((r: { id: number }) => r.id)).toEqual([id]);
      expect((await call('assessmentresult/scores/byid', { id }, viewer)).statusCode).toBe(200);
    }
    const otherConsultant = await buildUser(app, UserGroup.Consultant);
    const otherChampion = await buildUser(app, UserGroup.ManufacturerChampion);
    const colleague = await buildUser(app, UserGroup.Manufacturer, { organizationId: user.organizationId });
    for (const viewer of [otherConsultant.token, otherChampion.token, colleague.token]) {
      expect((await call('assessmentresult/byuser', { id: user.id }, viewer)).statusCode).toBe(403);
      expect((await call('assessmentresult/getbyid/retake', { id }, viewer)).statusCode).toBe(403);
    }
    // Seeing is not changing: only the respondent may overwrite.
    const again = (await call('assessmentresult/getbyid/retake', { id }, champion.token)).json() as Criteria;
    expect(
      (
        await call(
          'assessmentresult/overwrite',
          { assessmentResult: { ...answerAll(again), id } },
          champion.token,
        )
      ).statusCode,
    ).toBe(403);
    expect((await call('assessmentresult/byuser', { id: 987654 }, adminToken)).statusCode).toBe(404);
  });

  it('refuses invalid answers and stores nothing', async () => {
    await content;
    const app = await appPromise;
    const visitor = await buildUser(app, UserGroup.Visitor);
    const criteria = (await call('assessment/bycode', { query: 'trial' }, visitor.token)).json() as Criteria;
    const missing = await call('assessmentresult/add', { assessmentResult: criteria }, visitor.token);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/^Invalid answers\. '.+': Required; /);
    const wrongChoice = answerAll(criteria);
    const q = wrongChoice.sections
      .flatMap((s) => s.questions)
      .find((x) => x.caption === 'How do you plan maintenance?')!;
    q.value = 999999;
    for (const c of q.choices) c.selected = false;
    expect(
      (await call('assessmentresult/add', { assessmentResult: wrongChoice }, visitor.token)).statusCode,
    ).toBe(400);
    const badEmail = answerAll(criteria);
    badEmail.sections.flatMap((s) => s.questions).find((x) => x.caption === 'Who should we contact?')!.value =
      'nope';
    expect(
      (await call('assessmentresult/add', { assessmentResult: badEmail }, visitor.token)).json().message,
    ).toContain('Invalid email format');
    const unknown = await call(
      'assessmentresult/add',
      { assessmentResult: { ...answerAll(criteria), code: 'no-such' } },
      visitor.token,
    );
    expect(unknown.statusCode).toBe(404);
    const stored = await app.deps.db
      .selectFrom('assessmentResults')
      .select('id')
      .where('respondentId', '=', visitor.id)
      .execute();
    expect(stored).toHaveLength(0);
  });

  it("lets visitors take the trial, keeps others' results private, and refuses the wrong role", async () => {
    await content;
    const app = await appPromise;
    const visitor = await buildUser(app, UserGroup.Visitor);
    const criteria = (await call('assessment/bycode', { query: 'trial' }, visitor.token)).json() as Criteria;
    const done = await call(
      'assessmentresult/add',
      { assessmentResult: answerAll(criteria, 4) },
      visitor.token,
    );
    expect(done.json().isSuccess).toBe(true);
    const id = done.json().data.id;
    // 'Not sure' is left out of the score.
    const scores = (await call('assessmentresult/scores/byid', { id }, visitor.token)).json();
    expect(scores.sections.find((s: { caption: string }) => s.caption === 'Maintenance')).toBeUndefined();

    const other = await buildUser(app, UserGroup.Visitor);
    expect((await call('assessmentresult/getbyid/retake', { id }, other.token)).statusCode).toBe(403);
    expect((await call('assessmentresult/scores/byid', { id }, other.token)).statusCode).toBe(403);
    expect((await call('assessmentresult/scores/byid', { id }, adminToken)).statusCode).toBe(200);
    const manufacturer = await buildUser(app, UserGroup.Manufacturer);
    expect(
      (await call('assessmentresult/add', { assessmentResult: answerAll(criteria) }, manufacturer.token))
        .statusCode,
    ).toBe(403);
    const overwriteOthers = { ...answerAll(criteria), id };
    expect(
      (await call('assessmentresult/overwrite', { assessmentResult: overwriteOthers }, other.token))
        .statusCode,
    ).toBe(403);
  });
});
