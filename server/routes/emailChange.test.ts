import { afterAll, describe, expect, it } from 'vitest';
import { UserGroup } from '../../domain/codes.js';
import { messages } from '../../domain/messages.js';
import { unique } from '../test/factories.js';
import { ADMIN, api, buildTestApp, buildUser, login, testDialects } from '../test/helpers.js';
import { buildFirm, manufacturerSave } from '../test/organizations.js';
import { startTestSmtp } from '../test/smtp.js';

/**
 * Issue 13, finding 3: changing someone else's e-mail address takes effect only when the new address
 * confirms it; the old address is told. Admins' changes apply at once; one's own profile is unchanged.
 */
describe.each(testDialects())('e-mail changes on %s', async (dialect) => {
  const smtp = await startTestSmtp();
  afterAll(() => smtp.close());
  const appPromise = buildTestApp(dialect, { SMTP_URL: smtp.url, PUBLIC_URL: 'https://roadmap.example.org' });
  const adminToken = appPromise.then((app) => login(app, ADMIN.userName, ADMIN.password));
  const call = async (url: string, payload: object, token?: string) =>
    api(await appPromise, {
      method: 'POST',
      url: `/api/${url}`,
      token: token ?? (await adminToken),
      payload,
    });
  const emailOf = async (id: number) =>
    (
      await (
        await appPromise
      ).deps.db
        .selectFrom('users')
        .select('email')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).email;
  const confirmLink = async (to: string) => {
    const mail = await smtp.waitFor(
      (m) => m.to.includes(to) && m.links.some((l) => l.includes('/confirmemail/')),
    );
    const link = mail.links.find((l) => l.includes('/confirmemail/'))!;
    expect(link.startsWith('https://roadmap.example.org/confirmemail/')).toBe(true);
    return link.split('/confirmemail/')[1]!;
  };

  /** A manufacturer with a member (not signed in) and a signed-in champion. */
  const manufacturer = async () => {
    const app = await appPromise;
    const member = { id: -1, fullName: 'Morgan Member', userName: unique('mbr') };
    const body = await manufacturerSave(app, { users: [member] });
    const res = await call('admin/organization/add', body);
    expect(res.json().isSuccess).toBe(true);
    const orgId = res.json().data.id as number;
    const memberRow = await app.deps.db
      .selectFrom('users')
      .select(['id', 'email'])
      .where('userNameKey', '=', member.userName.toLowerCase())
      .executeTakeFirstOrThrow();
    const champion = await buildUser(app, UserGroup.ManufacturerChampion, { organizationId: orgId });
    return { orgId, body, member: { ...member, id: memberRow.id, email: memberRow.email! }, champion };
  };

  it("holds a champion's change of a member's address until the new address confirms it, and tells the old one", async () => {
    const { orgId, body, member, champion } = await manufacturer();
    const newEmail = `${unique('taker')}@example.net`;
    const save = await call(
      'admin/organization/update',
      {
        ...body,
        organization: { ...body.organization, id: orgId },
        users: [{ ...body.users[0], id: member.id, email: newEmail }],
        assessmentInvites: (
          await (
            await appPromise
          ).deps.db
            .selectFrom('assessmentInvites')
            .select(['id', 'assessmentId'])
            .where('respondentId', '=', member.id)
            .execute()
        ).map((i) => ({
          id: i.id,
          respondent: { id: member.id },
          assessment: { id: i.assessmentId },
          isActive: true,
        })),
      },
      champion.token,
    );
    expect(save.json(), save.body).toMatchObject({ isSuccess: true });
    // Not yet: a reset asked for with the new address goes nowhere.
    expect(await emailOf(member.id)).toBe(member.email);
    const notice = await smtp.waitFor((m) => m.to.includes(member.email));
    expect(notice.body).toContain(newEmail);
    const token = await confirmLink(newEmail);

    const wrong = await call('auth/confirmemail', { token: 'not-a-token' }, '');
    expect(wrong.json()).toEqual({ isSuccess: false, message: messages.account.linkInvalid });
    const confirmed = await call('auth/confirmemail', { token }, '');
    expect(confirmed.json()).toEqual({ isSuccess: true, message: messages.account.emailConfirmed });
    expect(await emailOf(member.id)).toBe(newEmail);
    const again = await call('auth/confirmemail', { token }, '');
    expect(again.json()).toEqual({ isSuccess: false, message: messages.account.linkInvalid });
  });

  it("holds a consultant's change through the user form too; an admin's applies at once", async () => {
    const app = await appPromise;
    const { firmId, consultant } = await buildFirm(app, await adminToken);
    const colleague = await buildUser(app, UserGroup.Consultant, { organizationId: firmId });
    const before = await emailOf(colleague.id);
    const form = (await call('admin/user/getbyid', { id: colleague.id })).json();
    const newEmail = `${unique('taker')}@example.net`;
    const user = { ...form, email: newEmail };
    const res = await call('admin/user/visitor/update', { user }, consultant.token);
    expect(res.json().isSuccess).toBe(true);
    expect(await emailOf(colleague.id)).toBe(before);
    await smtp.waitFor((m) => m.to.includes(before!));
    const token = await confirmLink(newEmail);
    expect((await call('auth/confirmemail', { token }, '')).json().isSuccess).toBe(true);
    expect(await emailOf(colleague.id)).toBe(newEmail);

    const adminEmail = `${unique('admin-set')}@example.net`;
    const byAdmin = await call('admin/user/visitor/update', { user: { ...form, email: adminEmail } });
    expect(byAdmin.json().isSuccess).toBe(true);
    expect(await emailOf(colleague.id)).toBe(adminEmail);
    expect(smtp.to(adminEmail)).toHaveLength(0);
  });
});
