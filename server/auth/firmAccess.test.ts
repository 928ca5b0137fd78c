import { describe, expect, it } from 'vitest';
import { UserGroup } from '../../domain/codes.js';
import { messages } from '../../domain/messages.js';
import { api, buildTestApp, buildUser, PASSWORD, testDialects } from '../test/helpers.js';

describe.each(testDialects())('a deactivated consulting firm on %s', (dialect) => {
  const appPromise = buildTestApp(dialect);

  it('takes its consultants access with it, at once and at the next login', async () => {
    const app = await appPromise;
    const consultant = await buildUser(app, UserGroup.Consultant);
    const profile = () => api(app, { method: 'GET', url: '/api/auth/profile', token: consultant.token });
    expect((await profile()).statusCode).toBe(200);
    const firm = await app.deps.db
      .selectFrom('users')
      .select('organizationId')
      .where('id', '=', consultant.id)
      .executeTakeFirstOrThrow();
    await app.deps.db
      .updateTable('organizations')
      .set({ isActive: 0 })
      .where('id', '=', Number(firm.organizationId))
      .execute();
    expect((await profile()).statusCode).toBe(401);
    const again = await api(app, {
      method: 'POST',
      url: '/api/auth/login',
      payload: { userName: consultant.userName, password: PASSWORD },
    });
    expect(again.json()).toEqual({ isSuccess: false, message: messages.login.accountInactive });
  });

  it('leaves people of other organizations alone', async () => {
    const app = await appPromise;
    const manufacturer = await buildUser(app, UserGroup.Manufacturer);
    const own = await app.deps.db
      .selectFrom('users')
      .select('organizationId')
      .where('id', '=', manufacturer.id)
      .executeTakeFirstOrThrow();
    // Only consulting firms are deactivated (docs/product.md); a manufacturer marked inactive keeps its people.
    await app.deps.db
      .updateTable('organizations')
      .set({ isActive: 0 })
      .where('id', '=', Number(own.organizationId))
      .execute();
    expect(
      (await api(app, { method: 'GET', url: '/api/auth/profile', token: manufacturer.token })).statusCode,
    ).toBe(200);
  });
});
