import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { LookupType, OrganizationType } from '../../domain/codes.js';
import { attentionCutoffs, attentionReasons, type PortfolioSort } from '../../domain/rules/portfolio.js';
import { buildApp } from '../app.js';
import { nowIso } from '../db/clock.js';
import type { Executor } from '../db/database.js';
import { unique } from '../test/factories.js';
import { ADMIN, buildTestApp, login, testDialects } from '../test/helpers.js';
import { buildFirm, lookupIds } from '../test/organizations.js';
import { addRespondent, bareManufacturer, submitBySection } from '../test/reports.js';
import { portfolioRepository } from './portfolio.js';

// The portfolio's kept figures (portfolioSnapshot.ts) against the same figures read afresh, one
// manufacturer at a time and uncached (factsOf, scoresOf), after each kind of write the figures are made
// of, in the process that wrote and in a second process on the same database: the next read sees it.

const everySort: PortfolioSort[] = (['name', 'roadmapStatus', 'lastActivityOn'] as const).flatMap((column) =>
  (['asc', 'desc'] as const).map((direction) => ({ column, direction })),
);

describe.each(testDialects())('kept portfolio figures on %s', (dialect) => {
  const firstPromise = buildTestApp(dialect);
  const secondPromise = firstPromise.then((first) => buildApp(first.deps.config));
  afterAll(async () => (await secondPromise).close());

  const tag = unique('Snap');
  const scenario = (async () => {
    const app = await firstPromise;
    const admin = await login(app, ADMIN.userName, ADMIN.password);
    const firm = await buildFirm(app, admin);
    const db = app.deps.db;
    const maker = async (name: string, status: Parameters<typeof bareManufacturer>[1], firmId?: number) => {
      const id = await bareManufacturer(app, status, firmId);
      await db
        .updateTable('organizations')
        .set({ name: `${tag} ${name}` })
        .where('id', '=', id)
        .execute();
      return id;
    };
    const alpha = await maker('alpha', 'CurrentState', firm.firmId);
    // Two names alike but for case: the database's lower() ties them, the id decides.
    const beta = await maker('Beta', 'FutureState');
    const betaToo = await maker('beta', 'PreAssessment', firm.firmId);
    const a = await addRespondent(app, alpha, { fullName: 'Ann Able', role: 'engineering' });
    const b = await addRespondent(app, alpha, { fullName: 'Ben Baker', role: 'engineering' });
    const c = await addRespondent(app, beta, { fullName: 'Cal Cole', role: 'engineering' });
    const d = await addRespondent(app, betaToo, { fullName: 'Dee Dunn', role: 'engineering' });
    await submitBySection(app, a.token, 'current-state', () => 4);
    await submitBySection(app, c.token, 'current-state', (i) => i % 5);
    return { db, firm, alpha, beta, betaToo, a, b, c, d };
  })();

  /** Every manufacturer of the tag read afresh, one at a time, in name-then-id order. */
  async function afresh(db: Executor) {
    const ids = (
      await db
        .selectFrom('organizations')
        .select('id')
        .where('name', 'like', `${tag}%`)
        .orderBy(sql`lower(name)`)
        .orderBy('id')
        .execute()
    ).map((r) => r.id);
    const rows = [];
    for (const id of ids) rows.push(await portfolioRepository.factsOf(db, id));
    return { rows, scores: await portfolioRepository.scoresOf(db, ids) };
  }

  /** What the kept figures answer, in every order. */
  async function kept(db: Executor, sort?: PortfolioSort, firmId?: number) {
    const cutoffs = attentionCutoffs(new Date());
    const page = await portfolioRepository.search(
      db,
      { query: tag, ...(firmId === undefined ? {} : { consultingFirmId: firmId }) },
      { take: 100, sort },
      cutoffs,
    );
    const scores = await portfolioRepository.pageScoresOf(
      db,
      page.rows.map((r) => r.id),
    );
    return { ...page, scores };
  }

  /** Both processes' kept figures equal the fresh ones, in every order; answers the figures. */
  async function expectFresh() {
    const [first, second] = await Promise.all([firstPromise, secondPromise]);
    const fresh = await afresh(first.deps.db);
    for (const app of [first, second]) {
      const byName = await kept(app.deps.db);
      expect(byName.rows).toEqual(fresh.rows);
      expect(byName.count).toBe(fresh.rows.length);
      expect(byName.scores).toEqual(fresh.scores);
      for (const sort of everySort) {
        const rows = (await kept(app.deps.db, sort)).rows;
        // The database's order for these ASCII names: the key, then lower(name) A to Z, then id.
        const dir = sort.direction === 'desc' ? -1 : 1;
        const compare = (x: string | number, y: string | number) => (x === y ? 0 : x < y ? -1 : 1);
        const name = (r: (typeof fresh.rows)[number]) => r?.name.toLowerCase() ?? '';
        const key = (r: (typeof fresh.rows)[number]) =>
          sort.column === 'roadmapStatus' ? (r?.statusOrder ?? -1) : (r?.lastActivityAt ?? '');
        const expected = [...fresh.rows].sort(
          (x, y) =>
            (sort.column === 'name'
              ? dir * compare(name(x), name(y))
              : dir * compare(key(x), key(y)) || compare(name(x), name(y))) || (x?.id ?? 0) - (y?.id ?? 0),
        );
        expect(rows.map((r) => r.id)).toEqual(expected.map((r) => r?.id));
      }
    }
    return JSON.stringify({ rows: fresh.rows, scores: [...fresh.scores] });
  }

  it('match the figures read afresh after each kind of write, in both processes', async () => {
    const { db, firm, alpha, beta, betaToo, a, b, c, d } = await scenario;
    const app = await firstPromise;
    const second = await secondPromise;
    let figures = await expectFresh();
    const step = async (what: string, write: () => Promise<unknown>) => {
      await write();
      const now = await expectFresh();
      expect(now, `${what} changed nothing the test can see`).not.toBe(figures);
      figures = now;
    };

    await step('a result submitted', () => submitBySection(app, b.token, 'current-state', () => 1));
    await step('answers deleted', async () => {
      const result = await db
        .selectFrom('assessmentResults')
        .select('id')
        .where('respondentId', '=', a.id)
        .executeTakeFirstOrThrow();
      await db.deleteFrom('answers').where('assessmentResultId', '=', result.id).execute();
    });
    await step('a result moved in time', () =>
      db
        .updateTable('assessmentResults')
        .set({ completionDateTime: '2020-01-01T00:00:00.000Z' })
        .where('respondentId', '=', c.id)
        .execute(),
    );
    await step('a result deleted', () =>
      db.deleteFrom('assessmentResults').where('respondentId', '=', b.id).execute(),
    );
    await step('an invite made inactive', () =>
      db.updateTable('assessmentInvites').set({ isActive: 0 }).where('respondentId', '=', b.id).execute(),
    );
    await step('an invite excluded from report', () =>
      db
        .updateTable('assessmentInvites')
        .set({ excludeFromReport: 1 })
        .where('respondentId', '=', a.id)
        .execute(),
    );
    await step('a person excluded from report', () =>
      db.updateTable('users').set({ excludeFromReport: 1 }).where('id', '=', c.id).execute(),
    );
    await step('a roadmap status changed', async () => {
      const statusId = await lookupIds(app).byCode(LookupType.RoadmapStatus, 'CurrentStateReporting');
      await db
        .updateTable('roadmaps')
        .set({ statusId, statusChangedAt: '2021-06-01T00:00:00.000Z' })
        .where('organizationId', '=', betaToo)
        .execute();
    });
    await step('the statuses reordered (a lookup)', () =>
      db
        .updateTable('lookupItems')
        .set({ displayOrder: sql`0 - display_order` })
        .where('lookupType', '=', LookupType.RoadmapStatus)
        .execute(),
    );
    await step('a manufacturer renamed', () =>
      db
        .updateTable('organizations')
        .set({ name: `${tag} zulu` })
        .where('id', '=', alpha)
        .execute(),
    );
    await step('a manufacturer added', async () => {
      const id = await bareManufacturer(app, 'CurrentState');
      await db
        .updateTable('organizations')
        .set({ name: `${tag} new` })
        .where('id', '=', id)
        .execute();
    });
    await step('a person deleted (their invites with them)', () =>
      db.deleteFrom('users').where('id', '=', d.id).execute(),
    );
    await step('a manufacturer deleted', () =>
      db.deleteFrom('organizations').where('id', '=', beta).execute(),
    );

    // A consultant's reach follows its firm's manufacturers as they move.
    const firmIds = async () => (await kept(second.deps.db, undefined, firm.firmId)).rows.map((r) => r.id);
    expect(await firmIds()).toEqual([betaToo, alpha]);
    await db.updateTable('organizations').set({ consultingFirmId: null }).where('id', '=', alpha).execute();
    expect(await firmIds()).toEqual([betaToo]);
    // The text searched for is matched anew once a name changes.
    const rename = (name: string) =>
      db.updateTable('organizations').set({ name }).where('id', '=', betaToo).execute();
    await rename('Renamed away');
    expect(await firmIds()).toEqual([]);
    await rename(`${tag} beta`);
    expect(await firmIds()).toEqual([betaToo]);
    await db
      .updateTable('organizations')
      .set({ type: OrganizationType.Visitor, updatedAt: nowIso() })
      .where('id', '=', betaToo)
      .execute();
    expect(await firmIds()).toEqual([]);
  });

  it('names the manufacturers needing attention as the clock moves on and back, as the rule does afresh', async () => {
    const { db, firm } = await scenario;
    const day = 24 * 60 * 60 * 1000;
    const start = Date.now();
    // Forward past each threshold, then a clock set back, then forward again: kept lists are reused
    // between moments that change nothing and must be dropped for the others.
    const moments = [0, 1, 15, 15.5, 31, 61, 400, 0, 20, 20].map((days) => new Date(start + days * day));
    let needing = 0;
    for (const moment of moments) {
      const cutoffs = attentionCutoffs(moment);
      for (const sort of [undefined, ...everySort])
        for (const firmId of [undefined, firm.firmId]) {
          const filter = { query: tag, ...(firmId === undefined ? {} : { consultingFirmId: firmId }) };
          const all = await portfolioRepository.search(db, filter, { take: 100, sort }, cutoffs);
          const expected = all.rows.filter((r) => attentionReasons(r, cutoffs).length > 0);
          const page = await portfolioRepository.search(
            db,
            { ...filter, query: undefined, needsAttention: true },
            { take: 5_000, sort },
            cutoffs,
          );
          const ours = page.rows.filter((r) => r.name.startsWith(tag));
          expect(ours.map((r) => r.id)).toEqual(expected.map((r) => r.id));
          needing += expected.length;
        }
    }
    // The moments did move manufacturers in and out of the list.
    expect(needing).toBeGreaterThan(0);
  });
});
