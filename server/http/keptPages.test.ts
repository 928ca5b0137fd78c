import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LookupType, UserGroup } from '../../domain/codes.js';
import { buildApp } from '../app.js';
import { unique } from '../test/factories.js';
import { ADMIN, api, buildTestApp, buildUser, login, testDialects } from '../test/helpers.js';
import {
  buildFirm,
  buildManufacturer,
  lookupIds,
  setRoadmapStatus,
  signInAs,
  submitAssessment,
} from '../test/organizations.js';
import { keptPageStore, keptPages } from './keptPages.js';

// docs/decisions.md#kept-pages: the admin lists answer a page asked again from the bytes kept while
// every table it reads stands still. What a client would notice: the same bytes, every write in the
// next answer (whichever table, whichever app process), and never another caller's page.

type Page = { data: Record<string, unknown>[]; count: number };

describe.each(testDialects())('kept list pages on %s', (dialect) => {
  const appPromise = buildTestApp(dialect, { LOGIN_MAX_PER_ADDRESS: '1000' });
  const adminToken = appPromise.then((app) => login(app, ADMIN.userName, ADMIN.password));

  const ask = async (url: string, payload: object, token?: string, app?: FastifyInstance) =>
    api(app ?? (await appPromise), {
      method: 'POST',
      url: `/api/${url}`,
      token: token ?? (await adminToken),
      payload,
    });
  const page = async (url: string, payload: object, token?: string, app?: FastifyInstance) => {
    const res = await ask(url, payload, token, app);
    expect(res.statusCode, res.body).toBe(200);
    return res;
  };
  /** The page's text twice: the second is the kept one, and it must be the first byte for byte. */
  const twice = async (url: string, payload: object, token?: string) => {
    const first = await page(url, payload, token);
    const second = await page(url, payload, token);
    expect(second.body).toBe(first.body);
    expect(second.headers['content-type']).toBe(first.headers['content-type']);
    return first.body;
  };

  /** A manufacturer of its own (two people, four invites), its name the text its lists are asked for. */
  async function maker(consultingFirmId?: number) {
    const app = await appPromise;
    const made = await buildManufacturer(app, await adminToken, consultingFirmId ? { consultingFirmId } : {});
    const name = made.body.organization.name;
    const users = await app.deps.db
      .selectFrom('users')
      .select(['id', 'userName'])
      .where('organizationId', '=', made.id)
      .orderBy('id')
      .execute();
    return { id: made.id, name, users, userNames: made.userNames };
  }

  it('answers a page asked again with the bytes of the first answer, the JSON type and a count', async () => {
    const m = await maker();
    const q = { query: m.name, skip: 0, take: 50 };
    const users = JSON.parse(await twice('admin/user/search', q)) as Page;
    expect(users.count).toBe(2);
    expect(users.data.map((u) => u.userName).sort()).toEqual([...m.userNames].sort());
    for (const url of [
      'admin/user/search/approved',
      'admin/user/search/inactive',
      'admin/user/search/suspended',
      'admin/assessmentinvite/search',
      'admin/audit/search',
      'admin/sharelink/search',
    ])
      await twice(url, q);
    await twice('admin/user/search/bygroup', { ...q, userGroup: 4 });
    expect(
      (JSON.parse(await twice('admin/organization/search/bytype', { ...q, type: 3 })) as Page).count,
    ).toBe(1);
    expect((JSON.parse(await twice('admin/assessmentinvite/search', q)) as Page).count).toBe(4);
    // A different page, sort or filter is a page of its own.
    const second = JSON.parse((await page('admin/user/search', { ...q, skip: 1, take: 1 })).body) as Page;
    expect(second.data).toHaveLength(1);
    expect(second.count).toBe(2);
    expect((await ask('admin/user/search/nosuch', q)).statusCode).toBe(404);
  });

  it('shows a write to each table a page reads in the next answer', async () => {
    const app = await appPromise;
    const db = app.deps.db;
    const m = await maker();
    const q = { query: m.name, skip: 0, take: 50 };
    /** The page before and after `write`: the answer after holds `expected`. */
    const changes = async (url: string, body: object, write: () => Promise<unknown>, expected: string) => {
      const before = await twice(url, body);
      expect(before).not.toContain(expected);
      await write();
      const after = (await page(url, body)).body;
      expect(after, `${url} after the write`).toContain(expected);
    };
    const [a, b] = m.users as [{ id: number; userName: string }, { id: number; userName: string }];

    // People: a column no filter reads (migration 014 would not count it), and the last sign-in.
    await changes(
      'admin/user/search',
      q,
      () => db.updateTable('users').set({ phoneNumber: '555-0101' }).where('id', '=', a.id).execute(),
      '555-0101',
    );
    const champion = await signInAs(app, b.userName);
    const signedIn = JSON.parse((await page('admin/user/search', q)).body) as Page;
    expect(signedIn.data.find((u) => u.id === b.id)?.lastLogin).toBeTruthy();
    // Organizations: a user row shows its organization's code.
    const code = unique('code-');
    await changes(
      'admin/user/search',
      q,
      () => db.updateTable('organizations').set({ code }).where('id', '=', m.id).execute(),
      code,
    );
    // Lookups: the organization's business type by name, on the user and the organization pages.
    const businessTypeName = unique('Business ');
    const businessType = await db
      .selectFrom('organizations')
      .select('businessTypeId')
      .where('id', '=', m.id)
      .executeTakeFirstOrThrow();
    await changes(
      'admin/user/search',
      q,
      () =>
        db
          .updateTable('lookupItems')
          .set({ name: businessTypeName })
          .where('id', '=', businessType.businessTypeId!)
          .execute(),
      businessTypeName,
    );
    // Demographics and roadmaps, on the organization page.
    const europe = await lookupIds(app).byCode(LookupType.HqRegion, 'europe');
    await changes(
      'admin/organization/search/bytype',
      { ...q, type: 3 },
      () =>
        db
          .updateTable('demographics')
          .set({ hqRegionId: europe })
          .where('organizationId', '=', m.id)
          .execute(),
      '"europe"',
    );
    await changes(
      'admin/organization/search/bytype',
      { ...q, type: 3 },
      () => setRoadmapStatus(app, m.id, 'FutureState'),
      '"FutureState"',
    );
    // Invites, their people, assessments and results.
    await changes(
      'admin/assessmentinvite/search',
      q,
      () =>
        db
          .updateTable('assessmentInvites')
          .set({ invitedAt: '2031-01-02T03:04:05.000Z' })
          .where('respondentId', '=', a.id)
          .execute(),
      '2031-01-02T03:04:05.000Z',
    );
    const fullName = unique('Renamed ');
    await changes(
      'admin/assessmentinvite/search',
      q,
      () => db.updateTable('users').set({ fullName }).where('id', '=', a.id).execute(),
      fullName,
    );
    const assessmentName = unique('Assessment ');
    await changes(
      'admin/assessmentinvite/search',
      q,
      () =>
        db
          .updateTable('assessments')
          .set({ name: assessmentName })
          .where('code', '=', 'future-state')
          .execute(),
      assessmentName,
    );
    const before = JSON.parse(await twice('admin/assessmentinvite/search', q)) as Page;
    expect(before.data.every((i) => i.assessmentResult === null)).toBe(true);
    const resultId = await submitAssessment(app, champion, 'current-state', 0);
    const after = JSON.parse((await page('admin/assessmentinvite/search', q)).body) as Page;
    expect(after.data.map((i) => (i.assessmentResult as { id?: number } | null)?.id)).toContain(resultId);

    // Audit entries (an audited write through the API), and their actors' names.
    const audit = { query: '', skip: 0, take: 5 };
    const trail = await twice('admin/audit/search', audit);
    await buildManufacturer(app, await adminToken);
    expect((await page('admin/audit/search', audit)).body).not.toBe(trail);
    const adminName = unique('Admin ');
    await changes(
      'admin/audit/search',
      audit,
      () =>
        db.updateTable('users').set({ fullName: adminName }).where('userName', '=', ADMIN.userName).execute(),
      adminName,
    );

    // Share links: a new link, its revocation, its organization's name.
    const links = { query: m.name, skip: 0, take: 50 };
    const empty = JSON.parse(await twice('admin/sharelink/search', links)) as Page;
    expect(empty.count).toBe(0);
    const added = await ask('organization/sharelink/add', { id: m.id, expiresInDays: 30 });
    expect(added.json().isSuccess, added.body).toBe(true);
    const listed = JSON.parse(await twice('admin/sharelink/search', links)) as Page;
    expect(listed.data).toHaveLength(1);
    expect(listed.data[0]!.revoked).toBe(false);
    await ask('organization/sharelink/revoke', { id: listed.data[0]!.id });
    const revoked = JSON.parse((await page('admin/sharelink/search', links)).body) as Page;
    expect(revoked.data[0]!.revoked).toBe(true);
    const renamed = `${m.name} Renamed`;
    await changes(
      'admin/sharelink/search',
      links,
      () => db.updateTable('organizations').set({ name: renamed }).where('id', '=', m.id).execute(),
      renamed,
    );
  });

  it("never answers one caller with another's page: role, consulting firm, the caller left out", async () => {
    const app = await appPromise;
    const admin = await adminToken;
    const firmA = await buildFirm(app, admin);
    const firmB = await buildFirm(app, admin);
    const m = await maker(firmA.firmId);
    const q = { query: m.name, skip: 0, take: 50 };
    const asAdmin = JSON.parse(await twice('admin/user/search', q)) as Page;
    const asA = JSON.parse(await twice('admin/user/search', q, firmA.consultant.token)) as Page;
    const asB = JSON.parse(await twice('admin/user/search', q, firmB.consultant.token)) as Page;
    expect(asAdmin.count).toBe(2);
    expect(asAdmin.data.every((u) => 'lastLogin' in u && 'isSuspended' in u)).toBe(true);
    // The firm's consultant sees its client's people, without the admin-only columns.
    expect(asA.count).toBe(2);
    expect(asA.data.some((u) => 'lastLogin' in u || 'isSuspended' in u)).toBe(false);
    // Another firm's consultant sees none of them.
    expect(asB).toEqual({ data: [], count: 0 });
    expect(JSON.parse((await page('admin/user/search', q)).body)).toEqual(asAdmin);
    // Organizations: the consultant's firm decides the list.
    const orgs = { ...q, type: 3 };
    expect((JSON.parse(await twice('admin/organization/search/bytype', orgs)) as Page).count).toBe(1);
    expect(
      (JSON.parse(await twice('admin/organization/search/bytype', orgs, firmA.consultant.token)) as Page)
        .count,
    ).toBe(1);
    expect(
      (JSON.parse(await twice('admin/organization/search/bytype', orgs, firmB.consultant.token)) as Page)
        .count,
    ).toBe(0);

    // Two admins asking for the same page: each list leaves its caller out.
    const other = await buildUser(app, UserGroup.Admin);
    const both = { query: '', skip: 0, take: 500, userGroup: 1 };
    const seenByAdmin = JSON.parse(await twice('admin/user/search/bygroup', both)) as Page;
    const seenByOther = JSON.parse(await twice('admin/user/search/bygroup', both, other.token)) as Page;
    expect(seenByAdmin.data.map((u) => u.id)).toContain(other.id);
    expect(seenByOther.data.map((u) => u.id)).not.toContain(other.id);
    expect(seenByOther.data.map((u) => u.userName)).toContain(ADMIN.userName);
    expect(seenByAdmin.data.map((u) => u.userName)).not.toContain(ADMIN.userName);
  });

  it.skipIf(dialect !== 'postgres')(
    'shows a write made by another app process on the same database in the next answer',
    async () => {
      const app = await appPromise;
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'smr-kept-'));
      const second = await buildApp({ ...app.deps.config, dataDir });
      afterAll(async () => {
        await second.close();
        fs.rmSync(dataDir, { recursive: true, force: true });
      });
      const m = await maker();
      const q = { query: m.name, skip: 0, take: 50 };
      const secondToken = await login(second, ADMIN.userName, ADMIN.password);
      // The other process adds a share link through its own API...
      const links = { query: m.name, skip: 0, take: 50 };
      expect(JSON.parse(await twice('admin/sharelink/search', links))).toEqual({ data: [], count: 0 });
      const added = await ask(
        'organization/sharelink/add',
        { id: m.id, expiresInDays: 30 },
        secondToken,
        second,
      );
      expect(added.json().isSuccess, added.body).toBe(true);
      expect((JSON.parse((await page('admin/sharelink/search', links)).body) as Page).count).toBe(1);
      // ... and renames one of the people over its own connections.
      const before = await twice('admin/user/search', q);
      const fullName = unique('Elsewhere ');
      await second.deps.db.updateTable('users').set({ fullName }).where('id', '=', m.users[0]!.id).execute();
      const after = (await page('admin/user/search', q)).body;
      expect(after).not.toBe(before);
      expect(after).toContain(fullName);
    },
  );
});

describe('the kept pages store', () => {
  const appPromise = buildTestApp('sqlite');
  const schema = z.object({
    data: z.array(z.object({ name: z.string(), n: z.number() })),
    count: z.number(),
  });

  /** A bare app with one list answered as the routes do, and the same list without keeping. */
  async function lists(store: ReturnType<typeof keptPageStore>) {
    const { db } = (await appPromise).deps;
    const app = Fastify().withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    const kept = keptPages(['users'], store);
    const body = z.object({ take: z.number(), skip: z.number().default(0) });
    let builds = 0;
    // The built view holds a key the schema drops and characters JSON escapes: the serializer's work.
    const build = (take: number) => async () => {
      builds++;
      return {
        data: Array.from({ length: take }, (_, n) => ({
          name: `row "${n}" ✓ ${'x'.repeat(1000)}`,
          n,
          hidden: 1,
        })),
        count: take,
      };
    };
    const schemas = { body, response: { 200: schema } };
    app.post('/plain', { schema: schemas }, async (request) => build(request.body.take)());
    app.post('/kept', { schema: schemas }, async (request, reply) =>
      kept(db, request, reply, build(request.body.take)),
    );
    await app.ready();
    afterAll(() => app.close());
    const ask = (take: number, skip = 0) =>
      app.inject({ method: 'POST', url: '/kept', payload: { take, skip } });
    return { app, db, ask, builds: () => builds };
  }

  it('sends what the route would send without keeping, byte for byte, headers too', async () => {
    const { app } = await lists(keptPageStore());
    for (const take of [0, 1, 3, 3]) {
      const plain = await app.inject({ method: 'POST', url: '/plain', payload: { take } });
      const kept = await app.inject({ method: 'POST', url: '/kept', payload: { take } });
      expect(kept.body).toBe(plain.body);
      expect(kept.headers['content-type']).toBe(plain.headers['content-type']);
      expect(kept.headers['content-length']).toBe(plain.headers['content-length']);
      expect(kept.body).not.toContain('hidden');
    }
  });

  it('keeps at most its bound of pages, the least recently asked going first', async () => {
    const store = keptPageStore({ pages: 3, bytes: 1_000_000 });
    const { db, ask, builds } = await lists(store);
    for (const skip of [0, 1, 2]) await ask(1, skip);
    await ask(1, 0); // asked again: now the most recent
    expect(builds()).toBe(3);
    await ask(1, 3); // pushes out skip 1, the least recently asked
    expect(store.size(db).pages).toBe(3);
    await ask(1, 0);
    expect(builds()).toBe(4);
    await ask(1, 1);
    expect(builds()).toBe(5);
  });

  it('builds a page asked by many callers at once only once, and answers them all', async () => {
    const store = keptPageStore();
    const { ask, builds } = await lists(store);
    const answers = await Promise.all(Array.from({ length: 8 }, () => ask(2, 7)));
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(JSON.parse(answers[0]!.body).count).toBe(2);
    expect(builds()).toBe(1);
  });

  it('keeps at most its bound of bytes, and no page over a quarter of it', async () => {
    const store = keptPageStore({ pages: 100, bytes: 20_000 });
    const { db, ask, builds } = await lists(store);
    // About 1 KB a row: ten pages of four rows are twice the bound.
    for (let skip = 0; skip < 10; skip++) await ask(4, skip);
    expect(store.size(db).bytes).toBeLessThanOrEqual(20_000);
    expect(store.size(db).pages).toBe(4);
    const large = await ask(6);
    expect(JSON.parse(large.body).count).toBe(6);
    await ask(6);
    expect(builds()).toBe(12);
    expect(store.size(db).pages).toBe(4);
  });
});
