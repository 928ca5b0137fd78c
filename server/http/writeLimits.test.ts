import { describe, expect, it } from 'vitest';
import { UserGroup, UserStatus } from '../../domain/codes.js';
import { messages } from '../../domain/messages.js';
import { nowIso } from '../db/clock.js';
import { ADMIN, api, buildTestApp, buildUser, login, testDialects } from '../test/helpers.js';
import { buildManufacturer, signInAs } from '../test/organizations.js';
import {
  DRAFT_SAVES,
  MAIL_ACTIONS,
  RESEND_SUBJECTS,
  SAME_INVITE,
  SUBMISSIONS,
  WRITE_LIMITS,
} from './writeLimits.js';

// docs/decisions.md#http-write-limits: per-user limits on submissions, draft saves and the calls that send e-mail, counted in the
// database before the body is read.
describe.each(testDialects())('per-user write limits on %s', (dialect) => {
  const appPromise = buildTestApp(dialect);
  const post = async (url: string, token: string, payload: unknown) =>
    api(await appPromise, {
      method: 'POST',
      url,
      token,
      headers: { 'content-type': 'application/json' },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });

  it('names only routes that exist, so a renamed route cannot drop its limit unnoticed', async () => {
    const app = await appPromise;
    const routes = new Set(app.apiRoutes.flatMap((r) => [r.method].flat().map((m) => `${m} ${r.url}`)));
    for (const key of [...Object.keys(WRITE_LIMITS), ...Object.keys(RESEND_SUBJECTS)])
      expect(routes.has(key), key).toBe(true);
  });

  it('submissions and retakes share a per-user allowance, counted before the body is parsed', async () => {
    const app = await appPromise;
    const visitor = await buildUser(app, UserGroup.Visitor);
    const other = await buildUser(app, UserGroup.Visitor);
    // Not even JSON: each call within the allowance is refused for its body, and still counts.
    for (let i = 0; i < SUBMISSIONS.max; i++) {
      const url = i % 2 ? '/api/assessmentresult/overwrite' : '/api/assessmentresult/add';
      expect((await post(url, visitor.token, '{"assessmentResult":')).statusCode).toBe(400);
    }
    const over = await post('/api/assessmentresult/add', visitor.token, '{"assessmentResult":');
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ isSuccess: false, message: messages.limits.submissions });
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect((await post('/api/assessmentresult/overwrite', visitor.token, {})).statusCode).toBe(429);
    // Someone else is not affected.
    expect((await post('/api/assessmentresult/add', other.token, '{"assessmentResult":')).statusCode).toBe(
      400,
    );
  });

  it('draft saves allow far more than the web app sends, then answer 429', async () => {
    const app = await appPromise;
    const visitor = await buildUser(app, UserGroup.Visitor);
    const criteria = (await post('/api/assessment/bycode', visitor.token, { query: 'trial' })).json();
    const question = criteria.sections[0].questions[0];
    const draft = {
      code: 'trial',
      criteria: {
        code: 'trial',
        startDateTime: nowIso(),
        sections: [
          {
            code: criteria.sections[0].code,
            questions: [{ id: question.id, value: question.choices[0].id }],
          },
        ],
      },
    };
    // The web app saves at most once per 1.5 s: 40 a minute.
    for (let i = 0; i < 40; i++)
      expect((await post('/api/assessmentdraft/save', visitor.token, draft)).json()).toMatchObject({
        isSuccess: true,
      });
    for (let i = 40; i < DRAFT_SAVES.max; i++) await post('/api/assessmentdraft/save', visitor.token, '{');
    const over = await post('/api/assessmentdraft/save', visitor.token, draft);
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toBe(messages.account.tooManyRequests);
  });

  const mailsTo = async (email: string) => {
    const app = await appPromise;
    const rows = await app.deps.db.selectFrom('mailQueue').select('recipients').execute();
    return rows.filter((r) => (JSON.parse(r.recipients) as string[]).includes(email)).length;
  };

  it('one invite re-sent 25 times sends 5 mails, and a champion still e-mails 60 people in a minute', async () => {
    const app = await appPromise;
    const adminToken = await login(app, ADMIN.userName, ADMIN.password);
    const people = Array.from({ length: 60 }, (_, i) => ({
      id: -(i + 1),
      fullName: `Workshop Person ${i}`,
      userName: `workshop${i}x${Date.now().toString(36)}`,
      champion: i === 0,
    }));
    const maker = await buildManufacturer(app, adminToken, { users: people });
    const champion = await signInAs(app, people[0]!.userName);
    const invites = await app.deps.db
      .selectFrom('assessmentInvites')
      .innerJoin('users', 'users.id', 'assessmentInvites.respondentId')
      .innerJoin('assessments', 'assessments.id', 'assessmentInvites.assessmentId')
      .select(['assessmentInvites.id', 'users.email'])
      .where('assessmentInvites.organizationId', '=', maker.id)
      .where('assessments.code', '=', 'current-state')
      .orderBy('assessmentInvites.id')
      .execute();
    expect(invites).toHaveLength(60);
    // Everyone of the workshop, once, within the minute.
    for (const invite of invites) {
      const res = await post('/api/admin/assessmentinvite/sendinvite', champion, {
        invite: { id: invite.id },
      });
      expect(res.json(), String(invite.id)).toMatchObject({ isSuccess: true });
    }
    // One of them, again and again: 5 mails an hour, then a readable 429.
    const [first] = invites;
    const answers = [];
    for (let i = 0; i < 25; i++)
      answers.push(
        await post('/api/admin/assessmentinvite/sendinvite', champion, { invite: { id: first!.id } }),
      );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(SAME_INVITE.max - 1);
    const refused = answers.filter((a) => a.statusCode === 429);
    expect(refused).toHaveLength(25 - (SAME_INVITE.max - 1));
    expect(refused[0]!.json().message).toBe(messages.limits.sameInvite);
    expect(await mailsTo(first!.email!)).toBe(SAME_INVITE.max);
    // The admin still may, and a stranger's calls use up nobody's allowance but their own.
    const stranger = await buildUser(app, UserGroup.ManufacturerChampion);
    for (let i = 0; i < SAME_INVITE.max + 1; i++)
      expect(
        (
          await post('/api/admin/assessmentinvite/sendinvite', stranger.token, {
            invite: { id: invites[1]!.id },
          })
        ).statusCode,
      ).not.toBe(200);
    expect(
      (
        await post('/api/admin/assessmentinvite/sendinvite', champion, { invite: { id: invites[1]!.id } })
      ).json(),
    ).toMatchObject({ isSuccess: true });
    expect(
      (
        await post('/api/admin/assessmentinvite/sendinvite', adminToken, { invite: { id: first!.id } })
      ).json(),
    ).toMatchObject({ isSuccess: true });
  });

  it('saving the organization again and again with Invite ticked e-mails one invite 5 times an hour', async () => {
    const app = await appPromise;
    const adminToken = await login(app, ADMIN.userName, ADMIN.password);
    const maker = await buildManufacturer(app, adminToken);
    const rows = await app.deps.db
      .selectFrom('assessmentInvites')
      .innerJoin('users', 'users.id', 'assessmentInvites.respondentId')
      .select([
        'assessmentInvites.id',
        'assessmentInvites.respondentId',
        'assessmentInvites.assessmentId',
        'users.email',
        'users.userName',
      ])
      .where('assessmentInvites.organizationId', '=', maker.id)
      .orderBy('assessmentInvites.id')
      .execute();
    const users = await app.deps.db
      .selectFrom('users')
      .select('id')
      .where('organizationId', '=', maker.id)
      .orderBy('id')
      .execute();
    const [first] = rows;
    const body = {
      ...maker.body,
      organization: { ...maker.body.organization, id: maker.id },
      users: maker.body.users.map((u, i) => ({ ...u, id: users[i]!.id })),
      assessmentInvites: rows.map((r) => ({
        id: r.id,
        respondent: { id: r.respondentId },
        assessment: { id: r.assessmentId },
        sendInvite: r.id === first!.id,
        isActive: true,
      })),
    };
    const answers = [];
    for (let i = 0; i < SAME_INVITE.max + 3; i++)
      answers.push((await post('/api/admin/organization/update', adminToken, body)).json());
    // Every save goes through; past the budget the answer says the invite was not e-mailed again.
    for (const answer of answers) expect(answer).toMatchObject({ isSuccess: true });
    expect(answers.at(-1)!.message).toContain(messages.limits.sameInvite);
    expect(answers[0]!.message).not.toContain(messages.limits.sameInvite);
    expect(await mailsTo(first!.email!)).toBe(SAME_INVITE.max);
    // The sendinvite route counts in the same budget: it is used up too.
    expect(
      (await post('/api/admin/assessmentinvite/sendinvite', adminToken, { invite: { id: first!.id } }))
        .statusCode,
    ).toBe(429);
  });

  it('re-sending one person their account invite is limited the same way', async () => {
    const app = await appPromise;
    const adminToken = await login(app, ADMIN.userName, ADMIN.password);
    const person = await buildUser(app, UserGroup.Visitor);
    await app.deps.db
      .updateTable('users')
      .set({ registrationComplete: null, passwordHash: null, status: UserStatus.Visitor })
      .where('id', '=', person.id)
      .execute();
    const answers = [];
    for (let i = 0; i < 25; i++)
      answers.push(await post('/api/admin/user/resendinvite', adminToken, { user: { id: person.id } }));
    expect(answers.filter((a) => a.json().isSuccess === true)).toHaveLength(SAME_INVITE.max);
    expect(answers.at(-1)!.statusCode).toBe(429);
    expect(answers.at(-1)!.json().message).toBe(messages.limits.sameInvite);
    expect(await mailsTo(`${person.userName}@example.com`)).toBe(SAME_INVITE.max);
  });

  it('calls that may send e-mail share a per-user allowance for everyone but the administrators', async () => {
    const app = await appPromise;
    const adminToken = await login(app, ADMIN.userName, ADMIN.password);
    const champion = await buildUser(app, UserGroup.ManufacturerChampion);
    // Not even JSON: each call within the allowance is refused for its body, and still counts.
    for (let i = 0; i < MAIL_ACTIONS.max; i++)
      expect((await post('/api/admin/organization/update', champion.token, '{')).statusCode).not.toBe(429);
    const over = await post('/api/admin/organization/update', champion.token, '{');
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toBe(messages.limits.mailActions);
    // The institute saves organizations all day: its administrators are not counted.
    for (let i = 0; i <= MAIL_ACTIONS.max; i++)
      expect((await post('/api/admin/organization/update', adminToken, '{')).statusCode).toBe(400);
  });
});
