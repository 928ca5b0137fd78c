import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { UserGroup } from '../../domain/codes.js';
import { submitResult } from '../commands/submitResult.js';
import { IdempotencyKey } from '../http/idempotency.js';
import type { IdempotencyKeysTable } from '../stores/idempotencyKeyStore.js';
import { api, buildTestApp, buildUser, testDialects } from '../test/helpers.js';

// What a submission writes (docs/decisions.md#data-one-statement-submission): on PostgreSQL one
// statement, on SQLite one transaction; the same rows on both, and all of them or none.

type Criteria = {
  startDateTime?: string | null;
  sections: { questions: { id: number; value: unknown; choices: { id: number; selected: boolean }[] }[] }[];
};

describe.each(testDialects())('a submission’s writes on %s', async (dialect) => {
  const app = await buildTestApp(dialect);
  const db = app.deps.db;
  const keys = db.withTables<{ idempotencyKeys: IdempotencyKeysTable }>();
  const post = (url: string, payload: object, token: string, headers: Record<string, string> = {}) =>
    api(app, { method: 'POST', url: `/api/${url}`, payload, token, headers });

  /** The trial with every question answered (the nth choice), begun at `start`. */
  const answered = async (token: string, nth: number, start: string) => {
    const criteria = (await post('assessment/bycode', { query: 'trial' }, token)).json() as Criteria;
    criteria.startDateTime = start;
    const chosen: [number, number][] = [];
    for (const section of criteria.sections)
      for (const q of section.questions) {
        const choice = q.choices[Math.min(nth, q.choices.length - 1)];
        if (!choice) continue;
        choice.selected = true;
        q.value = choice.id;
        chosen.push([q.id, choice.id]);
      }
    return { criteria, chosen };
  };
  const rowsOf = async (userId: number) => ({
    results: await db
      .selectFrom('assessmentResults')
      .selectAll()
      .where('respondentId', '=', userId)
      .execute(),
    answers: await db
      .selectFrom('answers')
      .innerJoin('assessmentResults as r', 'r.id', 'answers.assessmentResultId')
      .select(['answers.id', 'answers.questionId', 'answers.choiceId', 'answers.valueText'])
      .where('r.respondentId', '=', userId)
      .orderBy('answers.id')
      .execute(),
    audit: await db
      .selectFrom('auditLog')
      .select(['actorId', 'action', 'entity', 'entityId', 'details'])
      .where('actorId', '=', userId)
      .execute(),
    drafts: await db.selectFrom('assessmentDrafts').select('userId').where('userId', '=', userId).execute(),
    kept: await keys.selectFrom('idempotencyKeys').selectAll().where('userId', '=', userId).execute(),
  });

  it('stores the result, its answers, its audit entry and its kept answer, and ends the draft', async () => {
    const visitor = await buildUser(app, UserGroup.Visitor);
    const start = '2026-03-04T05:06:07.000Z';
    const { criteria, chosen } = await answered(visitor.token, 1, start);
    expect(
      (await post('assessmentdraft/save', { code: 'trial', criteria }, visitor.token)).json().isSuccess,
    ).toBe(true);
    const key = randomUUID();
    const res = await post('assessmentresult/add', { assessmentResult: criteria }, visitor.token, {
      'idempotency-key': key,
    });
    expect(res.json().isSuccess).toBe(true);
    const id = res.json().data.id as number;

    const rows = await rowsOf(visitor.id);
    expect(rows.results).toHaveLength(1);
    const [result] = rows.results;
    expect(result).toMatchObject({
      id,
      respondentId: visitor.id,
      organizationId: visitor.organizationId,
      assessmentInviteId: null,
      startDateTime: start,
      submissionKey: `attempt:${visitor.id}:${result?.assessmentId}:${start}`,
    });
    expect(result?.completionDateTime).toBe(result?.createdAt);
    const byQuestion = (a: (number | null)[], b: (number | null)[]) => (a[0] ?? 0) - (b[0] ?? 0);
    expect(rows.answers.map((a) => [a.questionId, a.choiceId]).sort(byQuestion)).toEqual(
      chosen.sort(byQuestion),
    );
    expect(rows.answers.every((a) => a.valueText === null)).toBe(true);
    expect(rows.audit).toEqual([
      { actorId: visitor.id, action: 'submit', entity: 'assessment-result', entityId: id, details: null },
    ]);
    expect(rows.drafts).toEqual([]);
    expect(rows.kept).toMatchObject([{ key, statusCode: 200, body: res.body }]);

    // The same attempt sent again without its key: answered with the result stored, nothing written.
    const again = await post('assessmentresult/add', { assessmentResult: criteria }, visitor.token);
    expect(again.json()).toMatchObject({ isSuccess: true, data: { id } });
    expect(await rowsOf(visitor.id)).toEqual(rows);
  });

  it('writes nothing when its Idempotency-Key is already kept for another request', async () => {
    const visitor = await buildUser(app, UserGroup.Visitor);
    const { criteria } = await answered(visitor.token, 0, '2026-03-04T05:06:08.000Z');
    expect(
      (await post('assessmentdraft/save', { code: 'trial', criteria }, visitor.token)).json().isSuccess,
    ).toBe(true);
    // A copy of the request with this key committed first, between the route's look at the key and
    // the write (the race the route cannot see): the write must fail, and leave nothing behind.
    const key = randomUUID();
    await keys
      .insertInto('idempotencyKeys')
      .values({
        userId: visitor.id,
        key,
        requestHash: 'another request',
        statusCode: 200,
        body: '{"isSuccess":true}',
        createdAt: new Date().toISOString(),
      })
      .execute();
    const before = await rowsOf(visitor.id);
    const actor = {
      userId: visitor.id,
      userName: visitor.userName,
      role: 'visitor',
      group: UserGroup.Visitor,
      organizationId: visitor.organizationId,
      requireChangePassword: false,
    } as const;
    const keep = new IdempotencyKey(visitor.id, key, 'this request').keep((o) => o);
    await expect(submitResult(db, actor, criteria, 'add', keep)).rejects.toThrow();
    expect(await rowsOf(visitor.id)).toEqual(before);
    expect(before.drafts).toHaveLength(1);
  });
});
