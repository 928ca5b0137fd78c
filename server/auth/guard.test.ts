import { describe, expect, it } from 'vitest';
import { UserGroup } from '../../domain/codes.js';
import { messages } from '../../domain/messages.js';
import { api, buildTestApp, buildUser, testDialects } from '../test/helpers.js';

// The guard behind every route: a fresh app with two probe routes, one per kind of access.
describe.each(testDialects())('request guard on %s', (dialect) => {
  const appPromise = buildTestApp(dialect).then((app) => {
    app.get('/api/probe/any', { config: { access: 'authenticated' } }, async () => ({ ok: true }));
    app.get('/api/probe/consultants', { config: { access: ['admin', 'consultant'] } }, async () => ({
      ok: true,
    }));
    return app;
  });

  it('answers 401 without a token and 403 for a role the route does not list', async () => {
    const app = await appPromise;
    expect((await api(app, { method: 'GET', url: '/api/probe/any' })).statusCode).toBe(401);
    const visitor = await buildUser(app, UserGroup.Visitor);
    const res = await api(app, { method: 'GET', url: '/api/probe/consultants', token: visitor.token });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(messages.global.notPermittedAction);
    const consultant = await buildUser(app, UserGroup.Consultant);
    expect(
      (await api(app, { method: 'GET', url: '/api/probe/consultants', token: consultant.token })).statusCode,
    ).toBe(200);
  });

  it('holds back a user who must change the password from everything else', async () => {
    const app = await appPromise;
    const user = await buildUser(app, UserGroup.Admin, { requireChangePassword: true });
    const res = await api(app, { method: 'GET', url: '/api/probe/any', token: user.token });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(messages.auth.changePasswordFirst);
    // Public calls, such as the lookups every form needs, stay open.
    const lookups = await api(app, { method: 'GET', url: '/api/admin/lookup/getall', token: user.token });
    expect(lookups.statusCode).toBe(200);
  });

  it('stops a deactivated user at once, token or not', async () => {
    const app = await appPromise;
    const user = await buildUser(app, UserGroup.Manufacturer);
    expect((await api(app, { method: 'GET', url: '/api/probe/any', token: user.token })).statusCode).toBe(
      200,
    );
    await app.deps.db.updateTable('users').set({ isActive: 0 }).where('id', '=', user.id).execute();
    expect((await api(app, { method: 'GET', url: '/api/probe/any', token: user.token })).statusCode).toBe(
      401,
    );
  });
});
