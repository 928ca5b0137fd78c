import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { LookupType } from '../../domain/codes.js';
import { buildApp } from '../app.js';
import { ADMIN, api, buildTestApp, login, testDialects } from '../test/helpers.js';

type Criteria = {
  sections: { code: string; caption: string; questions: { id: number; caption: string }[] }[];
};

// Several processes may share one database (docs/product.md#running-start): an answer one process keeps in memory
// must change as soon as another process, or any write at all, changes what it is made of.
describe.each(testDialects())('cached reference answers on %s', (dialect) => {
  const firstPromise = buildTestApp(dialect);
  const secondPromise = firstPromise.then((first) => buildApp(first.deps.config));
  afterAll(async () => (await secondPromise).close());

  const call = async (app: FastifyInstance, url: string, payload: object = {}) =>
    api(app, {
      method: 'POST',
      url: `/api/${url}`,
      payload,
      token: await login(app, ADMIN.userName, ADMIN.password),
    });
  /** Whether `check` holds within `ms` (tried every 20 ms). */
  const within = async (ms: number, check: () => Promise<boolean>) => {
    const until = Date.now() + ms;
    for (;;) {
      if (await check()) return true;
      if (Date.now() > until) return false;
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  const criteria = async (app: FastifyInstance) =>
    (await call(app, 'assessment/bycode', { query: 'current-state' })).json() as Criteria;
  const lookups = async (app: FastifyInstance) =>
    (await app.inject({ method: 'GET', url: '/api/admin/lookup/getall' })).json() as { name: string }[];

  it('shows another process its content changes at once', async () => {
    const [first, second] = await Promise.all([firstPromise, secondPromise]);
    const before = await criteria(first); // now cached in the first process
    const { code } = before.sections[0] as Criteria['sections'][number];
    const id = (
      (await call(second, 'admin/section/search', { query: code, skip: 0, take: 10 })).json() as {
        data: { id: number; code: string }[];
      }
    ).data.find((s) => s.code === code)?.id;
    const section = (await call(second, 'admin/section/getbyid', { id })).json();
    const saved = await call(second, 'admin/section/update', { ...section, caption: 'Renamed elsewhere' });
    expect(saved.json().isSuccess).toBe(true);

    const after = await criteria(first);
    expect(after.sections.find((s) => s.code === code)?.caption).toBe('Renamed elsewhere');
  });

  it('shows another process a new lookup at once, and a change written straight to the database', async () => {
    const [first, second] = await Promise.all([firstPromise, secondPromise]);
    expect((await lookups(first)).some((l) => l.name === 'Made in the other process')).toBe(false);
    const added = await call(second, 'admin/lookup/add', {
      name: 'Made in the other process',
      lookupType: LookupType.Division,
    });
    expect(added.json().isSuccess).toBe(true);
    // On PostgreSQL the other process hears of the lookups' change by a NOTIFY, delivered milliseconds
    // after the commit (docs/decisions.md#data-counter-notices), on this test's one event loop too:
    // under a busy CI machine the very next request could come first, so it may take a few tries.
    expect(
      await within(2_000, async () =>
        (await lookups(first)).some((l) => l.name === 'Made in the other process'),
      ),
    ).toBe(true);

    const question = (await criteria(first)).sections[0]?.questions[0] as { id: number };
    await second.deps.db
      .updateTable('questions')
      .set({ caption: 'Written by a script' })
      .where('id', '=', question.id)
      .execute();
    const shown = (await criteria(first)).sections
      .flatMap((s) => s.questions)
      .find((q) => q.id === question.id);
    expect(shown?.caption).toBe('Written by a script');
  });
});
