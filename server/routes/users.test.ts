import { describe, expect, it } from 'vitest';
import { UserGroup, UserStatus } from '../../domain/codes.js';
import { messages } from '../../domain/messages.js';
import { certificationCutoff } from '../../domain/rules/userLists.js';
import { buildListedUser, buildOrganizationRow, unique } from '../test/factories.js';
import { ADMIN, api, buildTestApp, buildUser, login, testDialects } from '../test/helpers.js';
import { buildFirm, buildManufacturer, signInAs } from '../test/organizations.js';

type Row = {
  id: number;
  fullName: string;
  userName: string;
  organization: { id: number } | null;
  group: { enumValue: number };
  status: { enumValue: number; name: string };
  isSuspended?: boolean;
  certificateNumber?: string | null;
};

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

describe.each(testDialects())('admin user lists and the user form loads on %s', (dialect) => {
  const appPromise = buildTestApp(dialect);
  const adminToken = appPromise.then((app) => login(app, ADMIN.userName, ADMIN.password));
  const call = async (url: string, payload: object | undefined, token?: string | Promise<string>) =>
    api(await appPromise, {
      method: 'POST',
      url: `/api/${url}`,
      token: await (token ?? adminToken),
      payload,
    });
  const names = (body: { data: Row[] }) => body.data.map((u) => u.fullName);

  /** Nine people of one tag across a manufacturer, a firm and a visitor organization. */
  const buildTagged = async () => {
    const app = await appPromise;
    const db = app.deps.db;
    const tag = unique('Tg');
    const maker = await buildOrganizationRow(db, UserGroup.Manufacturer, `Maker ${tag}`);
    const firm = await buildOrganizationRow(db, UserGroup.Consultant);
    const visitors = await buildOrganizationRow(db, UserGroup.Visitor);
    const add = (fullName: string, group: UserGroup, organizationId: number, extra = {}) =>
      buildListedUser(db, { fullName: `${fullName} ${tag}`, group, organizationId, ...extra });
    const ids = {
      ava: await add('Ava', UserGroup.Manufacturer, maker),
      bob: await add('bob', UserGroup.ManufacturerChampion, maker, { status: UserStatus.Pending }),
      cy: await add('Cy', UserGroup.Manufacturer, maker, { isActive: false }),
      di: await add('Di', UserGroup.Manufacturer, maker, { isSuspended: true, status: UserStatus.Imported }),
      kay: await add('Kay', UserGroup.Consultant, firm, { lastCertificationDate: daysAgo(800) }),
      kim: await add('Kim', UserGroup.Consultant, firm, { lastCertificationDate: daysAgo(10) }),
      kit: await add('Kit', UserGroup.Consultant, firm, { lastCertificationDate: null }),
      ken: await add('Ken', UserGroup.Consultant, firm, { isActive: false }),
      vi: await add('Vi', UserGroup.Visitor, visitors, { status: UserStatus.Visitor }),
    };
    return { tag, maker, firm, ids };
  };

  it('searches all users by name, user name, e-mail or organization, ordered by name, with the count before paging', async () => {
    const { tag, ids } = await buildTagged();
    const all = (await call('admin/user/search', { Query: tag.toUpperCase(), Skip: 0, Take: 50 })).json();
    expect(all.count).toBe(9);
    expect(names(all)).toEqual(
      ['Ava', 'bob', 'Cy', 'Di', 'Kay', 'Ken', 'Kim', 'Kit', 'Vi'].map((n) => `${n} ${tag}`),
    );
    const page = (await call('admin/user/search', { query: tag, skip: 2, take: 3 })).json();
    expect(page.count).toBe(9);
    expect(names(page)).toEqual(['Cy', 'Di', 'Kay'].map((n) => `${n} ${tag}`));
    // The organization's name and the e-mail address match too.
    const byOrg = (await call('admin/user/search', { query: `maker ${tag}`, take: 50 })).json();
    expect(byOrg.count).toBe(4);
    const byEmail = (
      await call('admin/user/search', { query: `${ids.vi.userName}@EXAMPLE`, take: 5 })
    ).json();
    expect(names(byEmail)).toEqual([`Vi ${tag}`]);
    // Free-form paging: absent Skip and Take give the first page of 12.
    expect((await call('admin/user/search', { query: tag })).json().data).toHaveLength(9);
    // The caller's own row is not listed (docs/product.md#permissions).
    expect((await call('admin/user/search', { query: 'System Administrator' })).json().count).toBe(0);
  });

  it('sorts on the server by the column and direction asked, and refuses an unknown column', async () => {
    const { tag } = await buildTagged();
    const sorted = async (sort: object, take = 50) =>
      names((await call('admin/user/search', { query: tag, skip: 0, take, sort })).json());
    const byName = ['Ava', 'bob', 'Cy', 'Di', 'Kay', 'Ken', 'Kim', 'Kit', 'Vi'].map((n) => `${n} ${tag}`);
    expect(await sorted({ column: 'fullName', direction: 'desc' })).toEqual([...byName].reverse());
    // Paging follows the order: the first page of the reversed list.
    expect(await sorted({ column: 'fullName', direction: 'desc' }, 2)).toEqual([`Vi ${tag}`, `Kit ${tag}`]);
    const byOrganization = await sorted({ column: 'organization', direction: 'asc' });
    expect(byOrganization).toHaveLength(9);
    expect(new Set(byOrganization)).toEqual(new Set(byName));
    expect((await call('admin/user/search', { query: tag, sort: { column: 'password' } })).statusCode).toBe(
      400,
    );
  });

  it('filters by status, group, inactive, suspended and expired certification', async () => {
    const { tag } = await buildTagged();
    const search = async (path: string, body: object = {}) =>
      (await call(`admin/user/${path}`, { query: tag, skip: 0, take: 50, ...body })).json();
    const first = (body: { data: Row[] }) => names(body).map((n) => n.split(' ')[0]);
    expect(first(await search('search/approved'))).toEqual(['Ava', 'Cy', 'Kay', 'Ken', 'Kim', 'Kit']);
    expect(first(await search('search/pending'))).toEqual(['bob']);
    expect(first(await search('search/imported'))).toEqual(['Di']);
    expect(first(await search('search/visitor'))).toEqual(['Vi']);
    expect((await search('search/pending')).count).toBe(1);
    expect(first(await search('search/bygroup', { userGroup: UserGroup.Consultant }))).toEqual([
      'Kay',
      'Ken',
      'Kim',
      'Kit',
    ]);
    expect(first(await search('search/bygroup', { userGroup: { enumValue: 5 } }))).toEqual(['Vi']);
    expect(first(await search('search/inactive'))).toEqual(['Cy', 'Ken']);
    expect(first(await search('search/inactive', { userGroup: UserGroup.Manufacturer }))).toEqual(['Cy']);
    expect(first(await search('search/suspended'))).toEqual(['Di']);
    expect((await search('search/suspended', { userGroup: UserGroup.Visitor })).count).toBe(0);
    // Active consultants certified more than a year ago or never; userGroup does not matter here.
    const expired = await search('consultant/expiredcertification', { userGroup: UserGroup.Manufacturer });
    expect(first(expired)).toEqual(['Kay', 'Kit']);
    expect(expired.count).toBe(2);
    expect(certificationCutoff(new Date()) > daysAgo(800)).toBe(true);
    // Paths and keys are case-insensitive; the status is lower case, anything else is 404.
    expect(first((await call('admin/User/Search/ByGroup', { Query: tag, UserGroup: 3 })).json())).toEqual([
      'bob',
    ]);
    const unknown = await call('admin/user/search/archived', { query: tag });
    expect(unknown.statusCode).toBe(404);
  });

  it('answers bad search bodies with a readable 400', async () => {
    for (const [path, body] of [
      ['search/bygroup', { query: '' }],
      ['search/bygroup', { userGroup: 9 }],
      ['search', { skip: -1 }],
      ['search/inactive', { take: 'many' }],
    ] as const) {
      const res = await call(`admin/user/${path}`, body);
      expect(res.statusCode, path).toBe(400);
      expect(res.json().message).toMatch(/Invalid request\. \w+/);
    }
  });

  it('lets a consultant list and open only their firm and their clients, never admins or visitors', async () => {
    const app = await appPromise;
    const admin = await adminToken;
    const { firmId, consultant } = await buildFirm(app, admin);
    const colleague = await buildUser(app, UserGroup.Consultant, { organizationId: firmId });
    const client = await buildManufacturer(app, admin, { consultingFirmId: firmId });
    const stranger = await buildManufacturer(app, admin);
    const other = await buildFirm(app, admin);
    const visitor = await buildUser(app, UserGroup.Visitor);

    const seen = (await call('admin/user/search', { take: 10_000 }, consultant.token)).json();
    const ids = seen.data.map((u: Row) => u.id);
    expect(seen.count).toBe(seen.data.length);
    expect(seen.data.every((u: Row) => [firmId, client.id].includes(u.organization?.id ?? 0))).toBe(true);
    expect(ids).toContain(colleague.id);
    expect(ids).not.toContain(consultant.id);
    expect(seen.data.filter((u: Row) => u.organization?.id === client.id)).toHaveLength(2);
    // Consultants do not get the admin-only fields.
    expect(seen.data[0].isSuspended).toBeUndefined();
    const champions = (
      await call('admin/user/search/bygroup', { userGroup: 3, take: 100 }, consultant.token)
    ).json();
    expect(champions.data.map((u: Row) => u.organization?.id)).toEqual([client.id]);
    expect((await call('admin/user/search/pending', { take: 100 }, consultant.token)).json().count).toBe(2);

    const strangerUsers = (
      await call('admin/user/search/byorg', { organizationId: stranger.id, take: 10 })
    ).json().data as Row[];
    const clientUsers = (
      await call('admin/user/search/byorg', { organizationId: client.id, take: 10 })
    ).json().data as Row[];
    expect((await call('admin/user/getbyid', { id: clientUsers[0]!.id }, consultant.token)).statusCode).toBe(
      200,
    );
    for (const id of [strangerUsers[0]!.id, visitor.id, 1, other.consultant.id]) {
      const res = await call('admin/user/getbyid', { id }, consultant.token);
      expect(res.statusCode, `user ${id}`).toBe(403);
      expect((await call('admin/user/copy', { id }, consultant.token)).statusCode).toBe(403);
    }
    const theirs = (await call('admin/user/search', { take: 10_000 }, other.consultant.token)).json();
    expect(theirs.data.some((u: Row) => u.organization?.id === client.id)).toBe(false);
    for (const path of ['search/inactive', 'search/suspended', 'consultant/expiredcertification'])
      expect((await call(`admin/user/${path}`, {}, consultant.token)).statusCode, path).toBe(403);
  });

  it('refuses champions, manufacturers and visitors (403) and anonymous callers (401)', async () => {
    const app = await appPromise;
    const { userNames } = await buildManufacturer(app, await adminToken);
    const tokens = [
      await signInAs(app, userNames[1]),
      await signInAs(app, userNames[0]),
      (await buildUser(app, UserGroup.Visitor)).token,
    ];
    for (const path of ['search', 'search/approved', 'search/bygroup', 'getbyid', 'copy', 'init']) {
      for (const token of tokens)
        expect((await call(`admin/user/${path}`, { id: 1, userGroup: 1 }, token)).statusCode).toBe(403);
      const anonymous = await api(app, { method: 'POST', url: `/api/admin/user/${path}`, payload: {} });
      expect(anonymous.statusCode).toBe(401);
    }
  });

  it('opens a user by id with the admin-only fields for admins, and answers 404/400 for unknown or bad ids', async () => {
    const app = await appPromise;
    const firm = await buildOrganizationRow(app.deps.db, UserGroup.Consultant);
    const { id } = await buildListedUser(app.deps.db, {
      fullName: 'Quinn Certified',
      group: UserGroup.Consultant,
      organizationId: firm,
      certificateNumber: 'C-42',
      lastCertificationDate: '2024-05-01',
    });
    const user = (await call('admin/user/getbyid', { Id: id })).json();
    expect(user).toMatchObject({
      id,
      fullName: 'Quinn Certified',
      group: { enumValue: UserGroup.Consultant, code: 'consultant' },
      organization: { id: firm, type: { enumValue: 2 } },
      status: { enumValue: UserStatus.Approved, name: 'Approved' },
      certificateNumber: 'C-42',
      lastCertificationDate: '2024-05-01',
      isSuspended: false,
      isActive: true,
    });
    const missing = await call('admin/user/getbyid', { id: 99_999_999 });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(messages.users.notFound);
    expect((await call('admin/user/getbyid', { id: 'x' })).statusCode).toBe(400);
    expect((await call('admin/user/copy', { id: 99_999_999 })).statusCode).toBe(404);
  });

  it('copies a user into an unsaved draft and starts a blank one', async () => {
    const app = await appPromise;
    const { id, userNames } = await buildManufacturer(app, await adminToken);
    const source = (await call('admin/user/search', { query: userNames[0], take: 1 })).json().data[0];
    await app.deps.db
      .updateTable('users')
      .set({ department: 'Welding', phoneNumber: '555-0100', certificateNumber: 'X-1' })
      .where('id', '=', source.id)
      .execute();
    const draft = (await call('admin/user/copy', { id: source.id })).json();
    expect(draft).toMatchObject({
      id: null,
      userName: '',
      fullName: '',
      email: '',
      phoneNumber: '',
      group: { enumValue: UserGroup.Manufacturer },
      organization: { id },
      functionalRole: { id: source.functionalRole.id },
      department: 'Welding',
      isActive: true,
      status: { enumValue: UserStatus.Pending, name: 'Pending' },
      certificateNumber: null,
      registrationComplete: null,
      approvalInviteDate: null,
    });
    const blank = (await call('admin/user/init', {})).json();
    expect(blank).toMatchObject({
      id: null,
      group: null,
      organization: null,
      functionalRole: null,
      isActive: true,
      status: { enumValue: UserStatus.Pending },
    });
    expect((await call('admin/user/init', undefined)).statusCode).toBe(200);
  });

  it('describes every admin user and invite list call in OpenAPI', async () => {
    const doc = (await api(await appPromise, { method: 'GET', url: '/api/docs' })).json();
    for (const path of [
      'user/search',
      'user/search/{status}',
      'user/search/bygroup',
      'user/search/inactive',
      'user/search/suspended',
      'user/consultant/expiredcertification',
      'user/download/bygroup',
      'user/download/inactive',
      'user/download/suspended',
      'user/download/consultant/expiredcertification',
      'user/download/all',
      'user/getbyid',
      'user/copy',
      'user/init',
      'user/visitor/add',
      'user/visitor/update',
      'assessmentinvite/search',
      'assessmentinvite/download',
    ]) {
      const call = doc.paths[`/api/admin/${path}`]?.post;
      expect(call?.summary, path).toBeTruthy();
    }
    const add = doc.paths['/api/admin/user/visitor/add'].post.requestBody.content['application/json'].schema;
    expect(Object.keys(add.properties)).toEqual(['user', 'assessment', 'sendInvite', 'host']);
  });
});
