import { createHash, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { LookupType, OrganizationType, UserGroup } from '../../domain/codes.js';
import { messages } from '../../domain/messages.js';
import { submitResultSchema } from '../../domain/schemas/results.js';
import { idempotencyMessages, REPLAYED_HEADER, stableJson } from '../http/idempotency.js';
import { ADMIN, api, buildTestApp, buildUser, login, testDialects } from '../test/helpers.js';
import { buildManufacturer, lookupIds, manufacturerSave, submitAssessment } from '../test/organizations.js';

// docs/decisions.md#data-idempotency: a request sent again with its Idempotency-Key gets the first answer and does nothing twice.

type Criteria = { sections: { questions: { choices: { selected: boolean }[] }[] }[]; startDateTime?: string };

describe.each(testDialects())('idempotent submissions and saves on %s', async (dialect) => {
  const app = await buildTestApp(dialect, { LOGIN_MAX_PER_ADDRESS: '1000' });
  const db = app.deps.db;
  const adminToken = await login(app, ADMIN.userName, ADMIN.password);
  const send = (url: string, payload: object, token: string, key?: string) =>
    api(app, {
      method: 'POST',
      url: `/api/${url}`,
      token,
      payload,
      headers: key === undefined ? {} : { 'idempotency-key': key },
    });

  /** The trial answered with the nth choice everywhere, without a start time (no other de-duplication). */
  const trialAnswers = async (token: string, nth: number) => {
    const criteria = (await send('assessment/bycode', { query: 'trial' }, token)).json() as Criteria;
    for (const section of criteria.sections)
      for (const q of section.questions) {
        const choice = q.choices[Math.min(nth, q.choices.length - 1)];
        if (choice) choice.selected = true;
      }
    criteria.startDateTime = undefined;
    return { assessmentResult: criteria };
  };
  const resultsOf = async (userId: number) =>
    (await db.selectFrom('assessmentResults').select('id').where('respondentId', '=', userId).execute()).map(
      (r) => r.id,
    );

  it('answers a retried submission with the first answer and keeps one result', async () => {
    const visitor = await buildUser(app, UserGroup.Visitor);
    const body = await trialAnswers(visitor.token, 1);
    const key = randomUUID();
    const first = await send('assessmentresult/add', body, visitor.token, key);
    expect(first.statusCode).toBe(200);
    expect(first.json().isSuccess).toBe(true);
    expect(first.headers[REPLAYED_HEADER]).toBeUndefined();

    const again = await send('assessmentresult/add', body, visitor.token, key);
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    expect(again.headers[REPLAYED_HEADER]).toBe('true');
    expect(again.headers['content-type']).toMatch(/application\/json/);
    expect(await resultsOf(visitor.id)).toEqual([first.json().data.id]);

    // Without a key the same body is a new attempt: the trial may be taken again.
    expect((await send('assessmentresult/add', body, visitor.token)).json().isSuccess).toBe(true);
    expect(await resultsOf(visitor.id)).toHaveLength(2);
  });

  it('lets one of several copies sent at once through, and gives them all its answer', async () => {
    const visitor = await buildUser(app, UserGroup.Visitor);
    const body = await trialAnswers(visitor.token, 2);
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => send('assessmentresult/add', body, visitor.token, key)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(6).fill(200));
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(answers[0]?.json().isSuccess).toBe(true);
    const results = await resultsOf(visitor.id);
    expect(results).toEqual([answers[0]?.json().data.id]);
    const answerRows = await db
      .selectFrom('answers')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('assessmentResultId', '=', results[0] as number)
      .executeTakeFirstOrThrow();
    expect(Number(answerRows.n)).toBeGreaterThan(0);
  });

  it('refuses a key used again for a different request, and another route, with a readable 422', async () => {
    const visitor = await buildUser(app, UserGroup.Visitor);
    const key = randomUUID();
    expect(
      (await send('assessmentresult/add', await trialAnswers(visitor.token, 0), visitor.token, key))
        .statusCode,
    ).toBe(200);
    const other = await send(
      'assessmentresult/add',
      await trialAnswers(visitor.token, 3),
      visitor.token,
      key,
    );
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ isSuccess: false, message: idempotencyMessages.reused });
    expect(await resultsOf(visitor.id)).toHaveLength(1);
  });

  /** A body sent as this very text (bytes), not as the test client would serialize an object. */
  const sendText = (url: string, text: string, token: string, key: string) =>
    api(app, {
      method: 'POST',
      url: `/api/${url}`,
      token,
      payload: text,
      headers: { 'content-type': 'application/json', 'idempotency-key': key },
    });

  // docs/decisions.md#data-idempotency-fingerprint: a resend matches its key by the body's bytes.
  it('takes a resend with the same bytes as a retry and other bytes of the same content as another request', async () => {
    const visitor = await buildUser(app, UserGroup.Visitor);
    const body = await trialAnswers(visitor.token, 1);
    const key = randomUUID();
    const first = await sendText('assessmentresult/add', JSON.stringify(body), visitor.token, key);
    expect(first.json().isSuccess).toBe(true);
    const again = await sendText('assessmentresult/add', JSON.stringify(body), visitor.token, key);
    expect(again.body).toBe(first.body);
    expect(again.headers[REPLAYED_HEADER]).toBe('true');
    const spaced = await sendText('assessmentresult/add', JSON.stringify(body, null, 1), visitor.token, key);
    expect(spaced.statusCode).toBe(422);
    expect(spaced.json()).toMatchObject({ isSuccess: false, message: idempotencyMessages.reused });
    expect(await resultsOf(visitor.id)).toEqual([first.json().data.id]);
  });

  it('answers a resend whose answer was kept before the upgrade, under the fingerprint of the sorted body', async () => {
    const visitor = await buildUser(app, UserGroup.Visitor);
    const body = await trialAnswers(visitor.token, 2);
    const key = randomUUID();
    const first = await send('assessmentresult/add', body, visitor.token, key);
    expect(first.json().isSuccess).toBe(true);
    // What the server of before kept: the digest of the validated body's text with its keys sorted.
    const validated = submitResultSchema.parse(body);
    const before = createHash('sha256')
      .update(`POST /api/assessmentresult/add\n${stableJson(validated)}`)
      .digest('base64url');
    const keys = db.withTables<{ idempotencyKeys: { userId: number; key: string; requestHash: string } }>();
    await keys.updateTable('idempotencyKeys').set({ requestHash: before }).where('key', '=', key).execute();
    // Its resend matched whatever the keys' order or spacing; it still does, and another body does not.
    for (const text of [JSON.stringify(body), JSON.stringify(body, null, 2)]) {
      const again = await sendText('assessmentresult/add', text, visitor.token, key);
      expect(again.body).toBe(first.body);
      expect(again.headers[REPLAYED_HEADER]).toBe('true');
    }
    const other = await send(
      'assessmentresult/add',
      await trialAnswers(visitor.token, 3),
      visitor.token,
      key,
    );
    expect(other.statusCode).toBe(422);
    expect(await resultsOf(visitor.id)).toEqual([first.json().data.id]);
  });

  it("treats another user's key as theirs alone", async () => {
    const first = await buildUser(app, UserGroup.Visitor);
    const second = await buildUser(app, UserGroup.Visitor);
    const key = randomUUID();
    const body = await trialAnswers(first.token, 1);
    const mine = await send('assessmentresult/add', body, first.token, key);
    const theirs = await send('assessmentresult/add', body, second.token, key);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.headers[REPLAYED_HEADER]).toBeUndefined();
    expect(theirs.json().data.id).not.toBe(mine.json().data.id);
    expect(await resultsOf(first.id)).toHaveLength(1);
    expect(await resultsOf(second.id)).toHaveLength(1);
  });

  it('refuses a malformed key with 400 and writes nothing', async () => {
    const visitor = await buildUser(app, UserGroup.Visitor);
    const body = await trialAnswers(visitor.token, 0);
    for (const bad of ['short', 'x'.repeat(101), 'has spaces in it here', 'semi;colons;are;not;ok'])
      expect((await send('assessmentresult/add', body, visitor.token, bad)).json()).toMatchObject({
        isSuccess: false,
        statusCode: 400,
        message: idempotencyMessages.badKey,
      });
    expect(await resultsOf(visitor.id)).toHaveLength(0);
  });

  it('forgets a key after 24 hours', async () => {
    const visitor = await buildUser(app, UserGroup.Visitor);
    const key = randomUUID();
    await send('assessmentresult/add', await trialAnswers(visitor.token, 0), visitor.token, key);
    const keys = db.withTables<{ idempotencyKeys: { userId: number; key: string; createdAt: string } }>();
    await keys
      .updateTable('idempotencyKeys')
      .set({ createdAt: new Date(Date.now() - 25 * 3600_000).toISOString() })
      .where('userId', '=', visitor.id)
      .execute();
    // The expired key is free again: another body is no reuse, and runs.
    const later = await send(
      'assessmentresult/add',
      await trialAnswers(visitor.token, 2),
      visitor.token,
      key,
    );
    expect(later.json().isSuccess).toBe(true);
    expect(later.headers[REPLAYED_HEADER]).toBeUndefined();
    expect(await resultsOf(visitor.id)).toHaveLength(2);
  });

  it('answers a retried overwrite with the first answer', async () => {
    const visitor = await buildUser(app, UserGroup.Visitor);
    const resultId = await submitAssessment(app, visitor.token, 'trial', 0);
    const criteria = (await send('assessmentresult/getbyid/retake', { id: resultId }, visitor.token)).json();
    const body = { assessmentResult: criteria };
    const key = randomUUID();
    const first = await send('assessmentresult/overwrite', body, visitor.token, key);
    expect(first.json()).toMatchObject({ isSuccess: true, data: { id: resultId } });
    const again = await send('assessmentresult/overwrite', body, visitor.token, key);
    expect(again.body).toBe(first.body);
    expect(again.headers[REPLAYED_HEADER]).toBe('true');
  });

  it('saves an organization with its users and invites once, however often the save is sent', async () => {
    const body = await manufacturerSave(app, {
      users: [
        { id: -1, fullName: 'Idem Potent', userName: `idem${Date.now().toString(36)}a` },
        { id: -2, fullName: 'Re Try', userName: `idem${Date.now().toString(36)}b`, champion: true },
      ],
    });
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 3 }, () => send('admin/organization/add', body, adminToken, key)),
    );
    const later = await send('admin/organization/add', body, adminToken, key);
    expect(new Set([...answers, later].map((a) => a.body)).size).toBe(1);
    expect(later.json()).toMatchObject({ isSuccess: true, message: messages.admin.saved });
    const orgs = await db
      .selectFrom('organizations')
      .select('id')
      .where('name', '=', body.organization.name)
      .execute();
    expect(orgs.map((o) => o.id)).toEqual([later.json().data.id]);
    const people = await db
      .selectFrom('users')
      .select('id')
      .where('organizationId', '=', orgs[0]?.id as number)
      .execute();
    expect(people).toHaveLength(2);
    const invites = await db
      .selectFrom('assessmentInvites')
      .select('id')
      .where('organizationId', '=', orgs[0]?.id as number)
      .execute();
    expect(invites).toHaveLength(4);

    // An update sent twice with its key: the second gets the first answer.
    const update = await manufacturerSave(app, {
      id: orgs[0]?.id,
      name: `${body.organization.name} renamed`,
    });
    const updateKey = randomUUID();
    const saved = await send('admin/organization/update', update, adminToken, updateKey);
    const resent = await send('admin/organization/update', update, adminToken, updateKey);
    expect(resent.body).toBe(saved.body);
    expect(resent.headers[REPLAYED_HEADER]).toBe('true');
  });

  it('converts a visitor once: the retry gets the first answer, not a refusal', async () => {
    const maker = await buildManufacturer(app, adminToken);
    const visitor = await buildUser(app, UserGroup.Visitor);
    await submitAssessment(app, visitor.token, 'trial', 1);
    const body = {
      id: visitor.id,
      organization: { id: maker.id },
      functionalRole: { id: await lookupIds(app).first(LookupType.FunctionalRole) },
      email: null,
      referredBy: null,
      referredByOther: null,
      consultingFirm: null,
      host: null,
    };
    const key = randomUUID();
    const first = await send('admin/user/visitor/convert', body, adminToken, key);
    expect(first.json()).toMatchObject({ isSuccess: true, data: { organizationId: maker.id } });
    const again = await send('admin/user/visitor/convert', body, adminToken, key);
    expect(again.body).toBe(first.body);
    // Without the key, the same request is refused: the user is no visitor any more.
    expect((await send('admin/user/visitor/convert', body, adminToken)).json().isSuccess).toBe(false);
  });

  it('adds a user once and saves a user once under one key', async () => {
    const maker = await buildManufacturer(app, adminToken);
    const userName = `idemuser${Date.now().toString(36)}`;
    const ids = lookupIds(app);
    const user = {
      userName,
      fullName: 'Kept Once',
      email: `${userName}@example.com`,
      phoneNumber: null,
      group: { enumValue: UserGroup.Manufacturer },
      functionalRole: { id: await ids.first(LookupType.FunctionalRole) },
      state: { id: await ids.byCode(LookupType.State, 'oh') },
      division: null,
      department: null,
      organization: {
        id: maker.id,
        businessType: { id: await ids.first(LookupType.BusinessType, OrganizationType.Manufacturer) },
      },
    };
    const key = randomUUID();
    const [a, b] = await Promise.all([
      send('admin/user/visitor/add', { user, sendInvite: false }, adminToken, key),
      send('admin/user/visitor/add', { user, sendInvite: false }, adminToken, key),
    ]);
    expect(a?.json()).toMatchObject({ isSuccess: true });
    expect(b?.body).toBe(a?.body);
    const id = a?.json().data.id as number;
    const saveKey = randomUUID();
    const update = { user: { ...user, id, fullName: 'Kept Twice' } };
    const saved = await send('admin/user/visitor/update', update, adminToken, saveKey);
    expect(saved.json()).toMatchObject({ isSuccess: true, data: { id } });
    expect((await send('admin/user/visitor/update', update, adminToken, saveKey)).body).toBe(saved.body);
    const rows = await db
      .selectFrom('users')
      .select('fullName')
      .where('userNameKey', '=', userName)
      .execute();
    expect(rows).toEqual([{ fullName: 'Kept Twice' }]);
  });
});
