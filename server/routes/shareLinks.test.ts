import { describe, expect, it } from 'vitest';
import { UserGroup } from '../../domain/codes.js';
import { shareLinkTexts } from '../../domain/rules/shareLinks.js';
import { PUBLIC_CALLS_PER_MINUTE } from '../http/bodyLimits.js';
import { shareTokenHash } from '../repositories/shareLinks.js';
import { ADMIN, api, buildTestApp, buildUser, login, testDialects } from '../test/helpers.js';
import { buildFirm, buildManufacturer, signInAs } from '../test/organizations.js';
import { addRespondent, bareManufacturer, submitBySection } from '../test/reports.js';

const PUBLIC_URL = 'https://roadmap.example.org';

describe.each(testDialects())('shared roadmap links on %s', (dialect) => {
  const appPromise = buildTestApp(dialect, { PUBLIC_URL, LOGIN_MAX_PER_ADDRESS: '1000' });
  const adminToken = appPromise.then((app) => login(app, ADMIN.userName, ADMIN.password));

  const post = async (url: string, payload: object, token?: string) =>
    api(await appPromise, {
      method: 'POST',
      url: `/api/${url}`,
      token: token ?? (await adminToken),
      payload,
    });
  const open = async (token: string, bearer?: string) =>
    api(await appPromise, { method: 'GET', url: `/api/shared/${token}`, token: bearer });
  const add = async (id: number, token?: string, expiresInDays: unknown = 30) =>
    post('organization/sharelink/add', { id, expiresInDays }, token);
  /** Creates a link as the admin and answers its id, url and token. */
  const created = async (id: number) => {
    const res = await add(id);
    expect(res.statusCode).toBe(200);
    const data = res.json().data as { id: number; url: string; expiresOn: string };
    return { ...data, token: data.url.split('/shared/')[1]! };
  };

  /** A manufacturer of a firm, with the firm's consultant, its champion and a plain member signed in. */
  async function cast() {
    const app = await appPromise;
    const admin = await adminToken;
    const firm = await buildFirm(app, admin);
    const other = await buildFirm(app, admin);
    const maker = await buildManufacturer(app, admin, { consultingFirmId: firm.firmId });
    const elsewhere = await buildManufacturer(app, admin);
    return {
      id: maker.id,
      firmId: firm.firmId,
      tokens: {
        admin,
        consultantOwn: firm.consultant.token,
        consultantOther: other.consultant.token,
        championOwn: await signInAs(app, maker.userNames[1]),
        championOther: await signInAs(app, elsewhere.userNames[1]),
        manufacturer: await signInAs(app, maker.userNames[0]),
        visitor: (await buildUser(app, 5)).token,
      },
    };
  }
  const allowedFor = (name: string) => ['admin', 'consultantOwn', 'championOwn'].includes(name);

  it('lets admins, the consultant and the champion add, list and revoke; 403 for everyone else, 401 signed out', async () => {
    const { id, tokens } = await cast();
    for (const [name, token] of Object.entries(tokens)) {
      const made = await add(id, token, 7);
      expect(made.statusCode, `add as ${name}`).toBe(allowedFor(name) ? 200 : 403);
      const list = await post('organization/sharelink/list', { id }, token);
      expect(list.statusCode, `list as ${name}`).toBe(allowedFor(name) ? 200 : 403);
      const link = await created(id);
      const revoke = await post('organization/sharelink/revoke', { id: link.id }, token);
      expect(revoke.statusCode, `revoke as ${name}`).toBe(allowedFor(name) ? 200 : 403);
      expect((await open(link.token)).statusCode, `open after ${name}'s revoke`).toBe(
        allowedFor(name) ? 404 : 200,
      );
      const search = await post('admin/sharelink/search', { query: '', skip: 0, take: 5 }, token);
      expect(search.statusCode, `search as ${name}`).toBe(name === 'admin' ? 200 : 403);
    }
    const app = await appPromise;
    for (const url of ['organization/sharelink/add', 'organization/sharelink/list', 'admin/sharelink/search'])
      expect((await api(app, { method: 'POST', url: `/api/${url}`, payload: { id } })).statusCode).toBe(401);
    const link = await created(id);
    const anonymous = await api(app, {
      method: 'POST',
      url: '/api/organization/sharelink/revoke',
      payload: { id: link.id },
    });
    expect(anonymous.statusCode).toBe(401);
    // The link opens for anyone, signed in or not.
    expect((await open(link.token)).statusCode).toBe(200);
    expect((await open(link.token, tokens.visitor)).statusCode).toBe(200);
  });

  it('makes a PUBLIC_URL link with 256 random bits, stored only as its SHA-256, listed without it', async () => {
    const app = await appPromise;
    const { id } = await cast();
    const before = Date.now();
    const res = await add(id, undefined, 10);
    expect(res.json().isSuccess).toBe(true);
    const { data } = res.json() as { data: { id: number; url: string; expiresOn: string } };
    expect(data.url).toMatch(new RegExp(`^${PUBLIC_URL}/shared/[A-Za-z0-9_-]+$`));
    const token = data.url.split('/shared/')[1]!;
    expect(Buffer.from(token, 'base64url').length * 8).toBeGreaterThanOrEqual(128);
    expect(token).toHaveLength(43); // 32 bytes
    const expires = new Date(data.expiresOn).getTime();
    expect(expires - before).toBeGreaterThanOrEqual(10 * 86_400_000 - 1000);
    expect(expires - before).toBeLessThanOrEqual(10 * 86_400_000 + 60_000);

    // Read the table itself: the token is nowhere, its hash is.
    const rows = await app.deps.db.selectFrom('shareLinks').selectAll().execute();
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(token);
    const row = rows.find((r) => r.id === data.id)!;
    expect(row.tokenHash).toBe(shareTokenHash(token));
    expect(row.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.organizationId).toBe(id);

    // Two links never share a token.
    const second = (await add(id)).json().data.url as string;
    expect(second).not.toBe(data.url);

    const list = await post('organization/sharelink/list', { id });
    expect(list.json().count).toBe(2);
    expect(list.json().data[1]).toEqual({
      id: data.id,
      createdOn: row.createdAt,
      expiresOn: data.expiresOn,
      revoked: false,
      createdBy: expect.any(String),
    });
    const search = await post('admin/sharelink/search', { query: '', skip: 0, take: 500 });
    for (const body of [list.body, search.body]) {
      expect(body).not.toContain(token);
      expect(body).not.toContain(row.tokenHash);
      expect(body).not.toMatch(/token/i);
    }
  });

  it("names each link's creator to those who may see them, and their role to the others", async () => {
    const app = await appPromise;
    const { id, tokens } = await cast();
    const byChampion = (await add(id, tokens.championOwn)).json().data.id as number;
    const byConsultant = (await add(id, tokens.consultantOwn)).json().data.id as number;
    const byAdmin = (await add(id, tokens.admin)).json().data.id as number;
    const creators = await app.deps.db
      .selectFrom('shareLinks as l')
      .innerJoin('users as u', 'u.id', 'l.createdBy')
      .select(['l.id', 'u.fullName'])
      .where('l.id', 'in', [byChampion, byConsultant, byAdmin])
      .execute();
    const nameOf = (link: number) => creators.find((c) => c.id === link)!.fullName;
    const createdBy = async (token: string) => {
      const list = (await post('organization/sharelink/list', { id }, token)).json().data as {
        id: number;
        createdBy: string;
      }[];
      return [byChampion, byConsultant, byAdmin].map((link) => list.find((l) => l.id === link)?.createdBy);
    };
    // Admins reach every user; the consultant the firm's people and the manufacturer's; the champion
    // their own organization's.
    expect(await createdBy(tokens.admin)).toEqual([
      nameOf(byChampion),
      nameOf(byConsultant),
      nameOf(byAdmin),
    ]);
    expect(await createdBy(tokens.consultantOwn)).toEqual([
      nameOf(byChampion),
      nameOf(byConsultant),
      'An administrator',
    ]);
    expect(await createdBy(tokens.championOwn)).toEqual([
      nameOf(byChampion),
      'A consultant',
      'An administrator',
    ]);

    const search = (await post('admin/sharelink/search', { query: '', skip: 0, take: 500 })).json().data as {
      id: number;
      createdBy: string;
    }[];
    expect(search.find((l) => l.id === byChampion)?.createdBy).toBe(nameOf(byChampion));

    // A creator who is gone is named as such; the shared page itself names nobody.
    await app.deps.db
      .updateTable('shareLinks')
      .set({ createdBy: null })
      .where('id', '=', byConsultant)
      .execute();
    expect((await createdBy(tokens.admin))[1]).toBe('A former user');
  });

  it('defaults to 30 days and refuses other expiries, other organization types and unknown ids readably', async () => {
    const app = await appPromise;
    const { id, firmId, tokens } = await cast();
    const plain = await post('organization/sharelink/add', { id });
    const days = (new Date(plain.json().data.expiresOn).getTime() - Date.now()) / 86_400_000;
    expect(Math.round(days)).toBe(30);
    for (const bad of [0, -3, 366, 1.5, 'soon', true]) {
      const res = await add(id, undefined, bad);
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.json().message).toContain(shareLinkTexts.expiryRange);
    }
    for (const body of [{}, { id: 'x' }, { id: id, expiresInDays: { days: 3 } }]) {
      expect((await post('organization/sharelink/add', body)).statusCode).toBe(400);
    }
    expect((await post('organization/sharelink/list', { id: 'x' })).statusCode).toBe(400);
    expect((await post('organization/sharelink/revoke', {})).statusCode).toBe(400);
    expect((await post('admin/sharelink/search', { take: -1 })).statusCode).toBe(400);
    // A consulting firm has no roadmap: 400, for its own consultant and the admin alike.
    for (const token of [tokens.admin, tokens.consultantOwn]) {
      const firm = await add(firmId, token);
      expect(firm.statusCode).toBe(400);
      expect(firm.json().message).toBe(shareLinkTexts.manufacturersOnly);
    }
    expect((await add(999_999)).statusCode).toBe(404);
    expect((await post('organization/sharelink/list', { id: 999_999 })).statusCode).toBe(404);
    expect((await post('organization/sharelink/revoke', { id: 999_999 })).statusCode).toBe(404);
    // Nothing was stored by the refused calls.
    const count = await app.deps.db
      .selectFrom('shareLinks')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('organizationId', 'in', [id, firmId])
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it('answers an unknown, a revoked and an expired link with the same 404, and never caches or indexes it', async () => {
    const app = await appPromise;
    const { id } = await cast();
    const good = await created(id);
    const revoked = await created(id);
    const expired = await created(id);

    const fine = await open(good.token);
    expect(fine.statusCode).toBe(200);
    expect(fine.headers['cache-control']).toBe('no-store');
    expect(fine.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(fine.headers['referrer-policy']).toBe('no-referrer');

    const revokedRes = await post('organization/sharelink/revoke', { id: revoked.id });
    expect(revokedRes.json()).toMatchObject({ isSuccess: true, message: shareLinkTexts.revoked });
    const again = await post('organization/sharelink/revoke', { id: revoked.id });
    expect(again.json()).toMatchObject({ isSuccess: true, message: shareLinkTexts.alreadyRevoked });
    expect((await open(expired.token)).statusCode).toBe(200);
    // Time moves on: the link's expiry is now in the past.
    await app.deps.db
      .updateTable('shareLinks')
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', expired.id)
      .execute();

    const unknown = 'A'.repeat(43);
    const answers = await Promise.all([unknown, 'x', revoked.token, expired.token].map((t) => open(t)));
    for (const res of answers) {
      expect(res.statusCode).toBe(404);
      expect(res.body).toBe(answers[0]!.body);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
    }
    expect(answers[0]!.json().message).toBe(shareLinkTexts.invalid);

    const list = (await post('organization/sharelink/list', { id })).json();
    const byId = new Map(list.data.map((l: { id: number; revoked: boolean }) => [l.id, l.revoked]));
    expect(byId.get(revoked.id)).toBe(true);
    expect(byId.get(expired.id)).toBe(false);
    expect(byId.get(good.id)).toBe(false);
    // The good link still opens.
    expect((await open(good.token)).statusCode).toBe(200);
  });

  // docs/decisions.md#sign-in-links (low): a consultant's link kept working after the manufacturer moved to another firm.
  it('answers a link whose creator could no longer create it with the same 404 as a revoked one', async () => {
    const app = await appPromise;
    const db = app.deps.db;
    const admin = await adminToken;
    const linkAs = async (id: number, token: string) => {
      const res = await add(id, token);
      expect(res.statusCode).toBe(200);
      return (res.json().data.url as string).split('/shared/')[1]!;
    };
    const revoked = await created((await cast()).id);
    await post('organization/sharelink/revoke', { id: revoked.id });
    const gone = (await open(revoked.token)).body;
    const expectGone = async (token: string, why: string) => {
      const res = await open(token);
      expect(res.statusCode, why).toBe(404);
      expect(res.body, why).toBe(gone);
    };
    const consultantOf = async (firmId: number) =>
      db.selectFrom('users').select('id').where('organizationId', '=', firmId).executeTakeFirstOrThrow();

    // The manufacturer moves to another firm: the old firm's consultant's link dies, the admin's lives.
    const moved = await cast();
    const byConsultant = await linkAs(moved.id, moved.tokens.consultantOwn);
    const byAdmin = await linkAs(moved.id, admin);
    const byChampion = await linkAs(moved.id, moved.tokens.championOwn);
    expect((await open(byConsultant)).statusCode).toBe(200);
    const newFirm = await buildFirm(app, admin);
    await db
      .updateTable('organizations')
      .set({ consultingFirmId: newFirm.firmId })
      .where('id', '=', moved.id)
      .execute();
    await expectGone(byConsultant, 'manufacturer moved to another firm');
    expect((await open(byAdmin)).statusCode).toBe(200);
    expect((await open(byChampion)).statusCode).toBe(200);

    // The consulting firm is deactivated.
    const deactivatedFirm = await cast();
    const firmLink = await linkAs(deactivatedFirm.id, deactivatedFirm.tokens.consultantOwn);
    await db
      .updateTable('organizations')
      .set({ isActive: 0 })
      .where('id', '=', deactivatedFirm.firmId)
      .execute();
    await expectGone(firmLink, 'firm deactivated');

    // The creator is deactivated, suspended or deleted.
    for (const change of ['deactivated', 'suspended', 'deleted'] as const) {
      const c = await cast();
      const link = await linkAs(c.id, c.tokens.consultantOwn);
      const { id: userId } = await consultantOf(c.firmId);
      if (change === 'deactivated')
        await db.updateTable('users').set({ isActive: 0 }).where('id', '=', userId).execute();
      if (change === 'suspended')
        await db.updateTable('users').set({ isSuspended: 1 }).where('id', '=', userId).execute();
      if (change === 'deleted') {
        const res = await post('admin/user/visitor/delete', { id: userId });
        expect(res.json(), 'delete').toMatchObject({ isSuccess: true });
      }
      await expectGone(link, `creator ${change}`);
      // Each other link of the organization is untouched.
      expect((await open((await created(c.id)).token)).statusCode).toBe(200);
    }

    // The champion leaves the organization, or is no longer its champion.
    for (const change of ['left', 'demoted'] as const) {
      const c = await cast();
      const link = await linkAs(c.id, c.tokens.championOwn);
      const champion = await db
        .selectFrom('users')
        .select('id')
        .where('organizationId', '=', c.id)
        .where('userGroup', '=', UserGroup.ManufacturerChampion)
        .executeTakeFirstOrThrow();
      const elsewhere = await buildManufacturer(app, admin);
      await db
        .updateTable('users')
        .set(change === 'left' ? { organizationId: elsewhere.id } : { userGroup: UserGroup.Manufacturer })
        .where('id', '=', champion.id)
        .execute();
      await expectGone(link, `champion ${change}`);
    }
  });

  it("shows the roadmap's section averages over counted results only, and no person's name, user name or e-mail", async () => {
    const app = await appPromise;
    const id = await bareManufacturer(app, 'FutureStateReporting');
    const a = await addRespondent(app, id, { fullName: 'Indy Frostwhistle', role: 'engineering' });
    const b = await addRespondent(app, id, { fullName: 'Jules Reedmarsh', role: 'quality' });
    const outInvite = await addRespondent(app, id, {
      fullName: 'Quinn Leftout',
      role: 'quality',
      excludeInvite: true,
    });
    const outUser = await addRespondent(app, id, {
      fullName: 'Rowan Skipped',
      role: 'engineering',
      excludeUser: true,
    });
    // Counted: current 2 and 4 (average 3), future 5 in section 0 and 4 elsewhere.
    await submitBySection(app, a.token, 'current-state', () => 1);
    await submitBySection(app, b.token, 'current-state', () => 3);
    await submitBySection(app, a.token, 'future-state', (i) => (i === 0 ? 4 : 3));
    // Excluded people answer 1 everywhere, which would drag every average down.
    for (const p of [outInvite, outUser]) {
      await submitBySection(app, p.token, 'current-state', () => 0);
      await submitBySection(app, p.token, 'future-state', () => 0);
    }
    const { token } = await created(id);
    const res = await open(token);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const org = await app.deps.db
      .selectFrom('organizations')
      .select('name')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(body.name).toBe(org.name);
    expect(body.roadmapStatus).toBe('FutureStateReporting');
    expect(typeof body.businessType === 'string' || body.businessType === null).toBe(true);
    expect(Object.keys(body).sort()).toEqual([
      'actions',
      'businessType',
      'name',
      'roadmapStatus',
      'sections',
    ]);
    const sections = body.sections as {
      id: number;
      name: string;
      current: number;
      future: number;
      gap: number;
    }[];
    const active = await app.deps.db.selectFrom('sections').select(['id', 'caption']).execute();
    expect(sections.length).toBeGreaterThan(1);
    for (const s of sections) {
      expect(Object.keys(s).sort()).toEqual(['current', 'future', 'gap', 'id', 'name']);
      expect(active.find((x) => x.id === s.id)?.caption).toBe(s.name);
      expect(s.current).toBe(3);
      expect(s.gap).toBeCloseTo(s.future - s.current, 5);
    }
    // Largest gap first: the section targeted at 5.
    expect(sections[0]!.future).toBe(5);
    expect(sections[0]!.gap).toBe(2);
    expect(sections.slice(1).every((s) => s.future === 4 && s.gap === 1)).toBe(true);

    for (const p of [a, b, outInvite, outUser]) {
      for (const text of [p.fullName, p.userName, p.email, p.fullName.split(' ')[0]!])
        expect(res.body).not.toContain(text);
    }
    expect(res.body).not.toMatch(/@/);
  });

  it('records who created and revoked a link in the audit trail', async () => {
    const app = await appPromise;
    const { id } = await cast();
    const link = await created(id);
    await post('organization/sharelink/revoke', { id: link.id });
    const entries = await app.deps.db
      .selectFrom('auditLog')
      .select(['action', 'entity', 'entityId', 'details'])
      .where('entity', '=', 'share-link')
      .where('entityId', '=', link.id)
      .orderBy('id')
      .execute();
    expect(entries.map((e) => e.action)).toEqual(['create', 'revoke']);
    expect(JSON.stringify(entries)).not.toContain(link.token);
  });

  it("lets admins search every link by the organization's name, paged, with the organization", async () => {
    const app = await appPromise;
    const id = await bareManufacturer(app, 'CurrentState');
    const org = await app.deps.db
      .selectFrom('organizations')
      .select('name')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const ids = [(await created(id)).id, (await created(id)).id, (await created(id)).id];
    const query = org.name.slice(2).toUpperCase();
    const page1 = (await post('admin/sharelink/search', { Query: query, skip: 0, take: 2 })).json();
    expect(page1.count).toBe(3);
    expect(page1.data.map((r: { id: number }) => r.id)).toEqual([ids[2], ids[1]]);
    expect(page1.data[0]).toMatchObject({ organizationId: id, organizationName: org.name, revoked: false });
    const page2 = (await post('admin/sharelink/search', { query, skip: 2, take: 2 })).json();
    expect(page2.data.map((r: { id: number }) => r.id)).toEqual([ids[0]]);
    expect((await post('admin/sharelink/search', { query: 'no such maker zzz' })).json().count).toBe(0);
  });
});

describe('the shared link is a public call', () => {
  it('counts against the public rate limit per address', async () => {
    const app = await buildTestApp('sqlite');
    let last = 0;
    for (let i = 0; i <= PUBLIC_CALLS_PER_MINUTE; i++)
      last = (await app.inject({ method: 'GET', url: `/api/shared/${'B'.repeat(43)}` })).statusCode;
    expect(last).toBe(429);
  }, 60_000);
});
