import { describe, expect, it } from 'vitest';
import { UserGroup } from '../../domain/codes.js';
import { ADMIN, api, buildTestApp, buildUser, login, testDialects } from '../test/helpers.js';

// The user lists' text search (on SQLite through the trigram index of migration 009) finds exactly
// what a plain "contains" finds, however the rows were written.
describe.each(testDialects())('user search text on %s', (dialect) => {
  const appPromise = buildTestApp(dialect);
  const search = async (query: string) => {
    const app = await appPromise;
    const res = await api(app, {
      method: 'POST',
      url: '/api/admin/user/search',
      token: await login(app, ADMIN.userName, ADMIN.password),
      payload: { query, skip: 0, take: 50 },
    });
    return (res.json() as { data: { id: number }[] }).data.map((row) => row.id);
  };

  it('follows renames and deletions written straight to the database', async () => {
    const app = await appPromise;
    const { db } = app.deps;
    const user = await buildUser(app, UserGroup.Manufacturer);
    await db
      .updateTable('users')
      .set({ fullName: 'Quillon Marwick-Tate' })
      .where('id', '=', user.id)
      .execute();
    expect(await search('marwick')).toEqual([user.id]);
    expect(await search('MARWICK-TATE')).toEqual([user.id]);
    await db.updateTable('users').set({ fullName: 'Someone Else' }).where('id', '=', user.id).execute();
    expect(await search('marwick')).toEqual([]);
    await db
      .updateTable('users')
      .set({ email: 'q.zanderbrook@example.com' })
      .where('id', '=', user.id)
      .execute();
    expect(await search('zanderbrook@EXAMPLE')).toEqual([user.id]);
    await db.deleteFrom('users').where('id', '=', user.id).execute();
    expect(await search('zanderbrook')).toEqual([]);
  });

  it('takes % and _ literally, and finds two letters anywhere', async () => {
    const app = await appPromise;
    const { db } = app.deps;
    const user = await buildUser(app, UserGroup.Manufacturer);
    await db.updateTable('users').set({ fullName: 'Pct 100%_done Yq' }).where('id', '=', user.id).execute();
    expect(await search('100%_d')).toEqual([user.id]);
    expect(await search('0%x')).toEqual([]);
    expect(await search('yq')).toContain(user.id);
  });

  it("finds the people of an organization by its name, literally, with the page's count", async () => {
    const app = await appPromise;
    const { db } = app.deps;
    const first = await buildUser(app, UserGroup.Manufacturer);
    const second = await buildUser(app, UserGroup.Manufacturer, { organizationId: first.organizationId });
    await db
      .updateTable('organizations')
      .set({ name: 'Vexholm 5%_Works' })
      .where('id', '=', first.organizationId)
      .execute();
    await db.updateTable('users').set({ fullName: 'Bea Vexholm' }).where('id', '=', first.id).execute();
    await db.updateTable('users').set({ fullName: 'Al Other' }).where('id', '=', second.id).execute();
    const listed = async (query: string, take = 50, skip = 0) => {
      const res = await api(app, {
        method: 'POST',
        url: '/api/admin/user/search',
        token: await login(app, ADMIN.userName, ADMIN.password),
        payload: { query, skip, take },
      });
      const body = res.json() as { data: { id: number }[]; count: number };
      return { ids: body.data.map((row) => row.id), count: body.count };
    };
    // By name ('Al Other' before 'Bea Vexholm'): the organization's name finds both, Bea by her own
    // name too, listed and counted once.
    expect(await listed('vexholm')).toEqual({ ids: [second.id, first.id], count: 2 });
    expect(await listed('5%_w')).toEqual({ ids: [second.id, first.id], count: 2 });
    expect(await listed('5%xw')).toEqual({ ids: [], count: 0 });
    expect(await listed('VEXHOLM', 1)).toEqual({ ids: [second.id], count: 2 });
    // A page past the end has no row to carry the count: it is counted again.
    expect(await listed('vexholm', 50, 5)).toEqual({ ids: [], count: 2 });
  });
});
