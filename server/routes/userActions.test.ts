import { afterAll, describe, expect, it } from 'vitest';
import { UserGroup } from '../../domain/codes.js';
import { messages } from '../../domain/messages.js';
import { ADMIN, api, buildTestApp, login, PASSWORD, testDialects } from '../test/helpers.js';
import { buildManufacturer, manufacturerSave, signInAs } from '../test/organizations.js';
import { startTestSmtp } from '../test/smtp.js';

const NEW_PASSWORD = 'Brand#New2024';

describe.each(testDialects())('user actions on %s', async (dialect) => {
  const smtp = await startTestSmtp();
  afterAll(() => smtp.close());
  const app = await buildTestApp(dialect, { SMTP_URL: smtp.url, PUBLIC_URL: 'http://localhost:5173' });
  const db = app.deps.db;
  const adminToken = await login(app, ADMIN.userName, ADMIN.password);

  const call = (url: string, payload: object, token: string | undefined = adminToken) =>
    api(app, { method: 'POST', url: `/api/${url}`, token, payload });
  const userRow = (userName: string) =>
    db
      .selectFrom('users')
      .selectAll()
      .where('userNameKey', '=', userName.toLowerCase())
      .executeTakeFirstOrThrow();

  describe('ending access (regression: an old invite link reactivated a deactivated account)', () => {
    /** A manufacturer whose first user was mailed an invite; answers the link's token. */
    const invitedMaker = async () => {
      const maker = await buildManufacturer(app, adminToken, { sendInvites: true });
      const [userName] = maker.userNames;
      const mail = await smtp.waitFor((m) => m.to.includes(`${userName}@example.com`.toLowerCase()));
      const link = mail.links.find((l) => l.includes('/invite/'))!;
      return { maker, userName, token: link.split('/invite/')[1]! };
    };
    /**
     * The organization form's save that removes (or brings back) the given user; the organization's
     * active invites go along, as the form sends them.
     */
    const saveWithUser = async (organizationId: number, userName: string, isActive: boolean) => {
      const user = await userRow(userName);
      const body = await manufacturerSave(app, {
        id: organizationId,
        users: [
          {
            id: user.id,
            fullName: user.fullName,
            userName: user.userName,
            champion: user.userGroup === UserGroup.ManufacturerChampion,
          },
        ],
      });
      body.users[0]!.isActive = isActive;
      body.users[0]!.displayOrder = user.displayOrder ?? 1;
      const invites = await db
        .selectFrom('assessmentInvites')
        .select(['id', 'respondentId', 'assessmentId'])
        .where('organizationId', '=', organizationId)
        .where('isActive', '=', 1)
        .execute();
      const res = await call('admin/organization/update', {
        ...body,
        assessmentInvites: invites.map((i) => ({
          id: i.id,
          respondent: { id: i.respondentId },
          assessment: { id: i.assessmentId },
          isActive: true,
        })),
      });
      expect(res.json(), res.body).toMatchObject({ isSuccess: true });
    };
    const register = (token: string, userName: string) =>
      call(
        'auth/register',
        { token, userName, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
        undefined,
      );

    it('refuses the old invite link of a user removed from their organization, who stays inactive', async () => {
      const { maker, userName, token } = await invitedMaker();
      await saveWithUser(maker.id, userName, false);
      expect((await userRow(userName)).isActive).toBe(0);

      const res = await register(token, userName);
      expect(res.json()).toEqual({ isSuccess: false, message: messages.account.linkInvalid });
      const after = await userRow(userName);
      expect(after.isActive).toBe(0);
      expect(after.registrationComplete).toBeNull();
      expect(after.passwordHash).toBeNull();
    });

    it('refuses registration for an inactive account even while its link is still live', async () => {
      const { userName, token } = await invitedMaker();
      // Deactivated behind the application's back: the link itself was never voided.
      await db.updateTable('users').set({ isActive: 0 }).where('userNameKey', '=', userName).execute();
      const res = await register(token, userName);
      expect(res.json()).toEqual({ isSuccess: false, message: messages.account.linkInvalid });
      expect((await userRow(userName)).isActive).toBe(0);
    });

    it('ends the links and sessions of a removed user for good, even after they are brought back', async () => {
      const { maker, userName, token } = await invitedMaker();
      await saveWithUser(maker.id, userName, false);
      await saveWithUser(maker.id, userName, true);
      expect((await userRow(userName)).isActive).toBe(1);
      // The link sent before the removal stays dead.
      expect((await register(token, userName)).json()).toEqual({
        isSuccess: false,
        message: messages.account.linkInvalid,
      });

      // A signed-in person removed and brought back needs to sign in again.
      const session = await signInAs(app, userName);
      expect((await call('auth/checkToken', {}, session)).statusCode).toBe(200);
      await saveWithUser(maker.id, userName, false);
      await saveWithUser(maker.id, userName, true);
      expect((await call('auth/checkToken', {}, session)).statusCode).toBe(401);
      await expect(login(app, userName, PASSWORD)).resolves.toBeTruthy();
    });
  });
});
