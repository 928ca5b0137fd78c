import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { UserGroup, UserStatus } from '../../domain/codes.js';
import { userCsvFileName } from '../../domain/rules/userLists.js';
import { nowIso } from '../db/clock.js';
import { userCsvHeader } from '../reports/userCsv.js';
import { buildListedUser, buildOrganizationRow, unique } from '../test/factories.js';
import { ADMIN, api, buildTestApp, buildUser, login, testDialects } from '../test/helpers.js';

/** Names a CSV writer gets wrong: separators, quotes, line breaks, non-ASCII letters and formulas. */
const trickyNames = [
  'Smith, Jane',
  'The "Boss" Person',
  'Line\nBreak',
  'Carriage\r\nReturn',
  'Zoë Ångström-Łukasz',
  '=HYPERLINK("http://evil.example")',
  '+1 Plus',
  '-2 Minus',
  '@Sum',
  '\tTabbed',
];

describe.each(testDialects())('user CSV downloads on %s', (dialect) => {
  const appPromise = buildTestApp(dialect);
  const adminToken = appPromise.then((app) => login(app, ADMIN.userName, ADMIN.password));
  const download = async (path: string, payload: object, token?: string) =>
    api(await appPromise, {
      method: 'POST',
      url: `/api/admin/user/download/${path}`,
      token: token ?? (await adminToken),
      payload,
    });
  const rowsOf = (body: string) => parse(body, { relaxColumnCount: false }) as string[][];

  it('streams every matching user as RFC 4180 CSV with a header, formula-safe cells and the right file name', async () => {
    const app = await appPromise;
    const db = app.deps.db;
    const tag = unique('Csv');
    const org = await buildOrganizationRow(db, UserGroup.Manufacturer, `Csv Maker, ${tag} "Ltd"`);
    const made: { id: number; userName: string; fullName: string }[] = [];
    for (const fullName of trickyNames) {
      const user = await buildListedUser(db, {
        fullName,
        group: UserGroup.Manufacturer,
        organizationId: org,
        phoneNumber: '=1+1',
      });
      made.push({ ...user, fullName });
    }
    const lastLogin = '2025-03-04T15:07:00.000Z';
    await db.updateTable('users').set({ lastLogin }).where('id', '=', made[0]!.id).execute();

    const res = await download('all', { Query: tag, Skip: null, Take: null });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const name = userCsvFileName({ kind: 'all' }, new Date());
    expect(name).toMatch(/^SM-Roadmap-Users-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(res.headers['content-disposition']).toContain(`attachment; filename="${name}"`);
    expect(res.body.split('\r\n')[0]).toBe(userCsvHeader.join(','));

    const [header, ...rows] = rowsOf(res.body);
    expect(header).toEqual([...userCsvHeader]);
    expect(rows).toHaveLength(trickyNames.length);
    const expected = trickyNames.map((n) => (/^[=+\-@\t\r]/.test(n) ? `'${n}` : n));
    expect(rows.map((r) => r[0])).toEqual(expected);
    for (const [i, row] of rows.entries()) {
      const user = made[i]!;
      expect(row).toEqual([
        expected[i],
        user.userName,
        `${user.userName}@example.com`,
        "'=1+1",
        'Manufacturer',
        `Csv Maker, ${tag} "Ltd"`,
        'Approved',
        'Yes',
        'No',
        '',
        '',
        i === 0 ? '3/04/2025 3:07 PM' : '',
        row[12],
      ]);
      expect(row[12]).toMatch(/^\d{1,2}\/\d{2}\/\d{4} \d{1,2}:\d{2} [AP]M$/);
    }
  });

  it('downloads by group, inactive, suspended and expired certification, ignoring Skip and Take', async () => {
    const app = await appPromise;
    const db = app.deps.db;
    const tag = unique('Kind');
    const firm = await buildOrganizationRow(db, UserGroup.Consultant, `Firm ${tag}`);
    const maker = await buildOrganizationRow(db, UserGroup.Manufacturer, `Maker ${tag}`);
    const add = (fullName: string, group: UserGroup, organizationId: number, extra = {}) =>
      buildListedUser(db, { fullName, group, organizationId, ...extra });
    await add('Old Cert', UserGroup.Consultant, firm, {
      lastCertificationDate: '2019-06-30',
      certificateNumber: 'C-1',
    });
    await add('No Cert', UserGroup.Consultant, firm);
    await add('Fresh Cert', UserGroup.Consultant, firm, { lastCertificationDate: nowIso().slice(0, 10) });
    await add('Gone Maker', UserGroup.Manufacturer, maker, { isActive: false });
    await add('Paused Maker', UserGroup.Manufacturer, maker, {
      isSuspended: true,
      status: UserStatus.Imported,
    });
    await add('Paused Cert', UserGroup.Consultant, firm, {
      isSuspended: true,
      lastCertificationDate: nowIso().slice(0, 10),
    });

    const namesOf = async (path: string, body: object) => {
      const res = await download(path, { query: tag, skip: 1, take: 1, ...body });
      expect(res.statusCode, path).toBe(200);
      return {
        names: rowsOf(res.body)
          .slice(1)
          .map((r) => r[0]),
        res,
      };
    };
    const byGroup = await namesOf('bygroup', { userGroup: UserGroup.Consultant });
    expect(byGroup.names).toEqual(['Old Cert', 'No Cert', 'Fresh Cert', 'Paused Cert']);
    expect(byGroup.res.headers['content-disposition']).toContain(
      userCsvFileName({ kind: 'bygroup', group: UserGroup.Consultant }, new Date()),
    );
    expect((await namesOf('inactive', {})).names).toEqual(['Gone Maker']);
    const suspended = await namesOf('suspended', { userGroup: UserGroup.Manufacturer });
    expect(suspended.names).toEqual(['Paused Maker']);
    expect(rowsOf(suspended.res.body)[1]!.slice(6, 9)).toEqual(['Imported', 'Yes', 'Yes']);
    expect((await namesOf('suspended', {})).names).toEqual(['Paused Maker', 'Paused Cert']);
    const expired = await namesOf('consultant/expiredcertification', { userGroup: UserGroup.Manufacturer });
    expect(expired.names).toEqual(['Old Cert', 'No Cert']);
    expect(rowsOf(expired.res.body)[1]!.slice(9, 11)).toEqual(['C-1', '6/30/2019']);
    expect(expired.res.headers['content-disposition']).toContain('Consultants-Expired-Certifications');
    // Paths are case-insensitive like every call.
    const mixed = await api(app, {
      method: 'POST',
      url: '/api/Admin/User/Download/Consultant/ExpiredCertification',
      token: await adminToken,
      payload: { query: tag },
    });
    expect(rowsOf(mixed.body)).toHaveLength(3);
  });

  it('reads large lists in batches: every one of 2,050 users once, in creation order', async () => {
    const app = await appPromise;
    const db = app.deps.db;
    const tag = unique('Bulk');
    const org = await buildOrganizationRow(db, UserGroup.Manufacturer, `Bulk ${tag}`);
    const now = nowIso();
    const rows = Array.from({ length: 2050 }, (_, i) => ({
      userName: `${tag}-${i}`,
      userNameKey: `${tag}-${i}`.toLowerCase(),
      fullName: `Bulk Person ${i}`,
      userGroup: UserGroup.Manufacturer,
      organizationId: org,
      status: UserStatus.Approved,
      isActive: 1,
      isSuspended: 0,
      excludeFromReport: 0,
      requireChangePassword: 0,
      tokenVersion: 0,
      createdAt: now,
      updatedAt: now,
    }));
    for (let i = 0; i < rows.length; i += 500)
      await db
        .insertInto('users')
        .values(rows.slice(i, i + 500))
        .execute();
    const res = await download('all', { query: tag });
    const parsed = rowsOf(res.body).slice(1);
    expect(parsed.map((r) => r[1])).toEqual(rows.map((r) => r.userName));
  });

  it('is for admins only, and answers a bad body with 400', async () => {
    const app = await appPromise;
    const consultant = await buildUser(app, UserGroup.Consultant);
    for (const path of ['all', 'bygroup', 'inactive', 'suspended', 'consultant/expiredcertification']) {
      expect((await download(path, { userGroup: 2 }, consultant.token)).statusCode, path).toBe(403);
      const anonymous = await api(app, {
        method: 'POST',
        url: `/api/admin/user/download/${path}`,
        payload: {},
      });
      expect(anonymous.statusCode).toBe(401);
    }
    const res = await download('bygroup', { query: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('userGroup');
  });
});
