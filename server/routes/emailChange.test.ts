import { afterAll, describe, expect, it } from 'vitest';
import { UserGroup } from '../../domain/codes.js';
import { messages } from '../../domain/messages.js';
import { unique } from '../test/factories.js';
import { ADMIN, api, buildTestApp, buildUser, login, testDialects } from '../test/helpers.js';
import { buildFirm, manufacturerSave } from '../test/organizations.js';
import { startTestSmtp } from '../test/smtp.js';

/**
 * docs/decisions.md#users-email-change finding 3, docs/decisions.md#sign-in-limits finding 1: the e-mail address of someone who has an account changes
 * only by the person (on My Profile, confirmed by the new address) or by an administrator; anyone
 * else's attempt is refused and changes nothing. The old address is told of every change.
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

  it("refuses a champion's change of a registered member's address: nothing held, nothing sent", async () => {
    const app = await appPromise;
    const { orgId, body, member, champion } = await manufacturer();
    await app.deps.db
      .updateTable('users')
      .set({ passwordHash: 'x', registrationComplete: new Date().toISOString() })
      .where('id', '=', member.id)
      .execute();
    const newEmail = `${unique('taker')}@example.net`;
    const save = await call(
      'admin/organization/update',
      {
        ...body,
        organization: { ...body.organization, id: orgId },
        users: [{ ...body.users[0], id: member.id, email: newEmail }],
        assessmentInvites: (
          await app.deps.db
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
    expect(save.statusCode).toBe(403);
    expect(save.json().message).toBe(messages.users.emailChangeAdminOnly);
    expect(await emailOf(member.id)).toBe(member.email);
    expect(smtp.to(newEmail)).toHaveLength(0);
    const wrong = await call('auth/confirmemail', { token: 'not-a-token' }, '');
    expect(wrong.json()).toEqual({ isSuccess: false, message: messages.account.linkInvalid });
  });

  it("refuses a consultant's change through the user form; an admin's applies at once and the old address is told", async () => {
    const app = await appPromise;
    const { firmId, consultant } = await buildFirm(app, await adminToken);
    const colleague = await buildUser(app, UserGroup.Consultant, { organizationId: firmId });
    const before = await emailOf(colleague.id);
    const form = (await call('admin/user/getbyid', { id: colleague.id })).json();
    const newEmail = `${unique('taker')}@example.net`;
    const res = await call(
      'admin/user/visitor/update',
      { user: { ...form, email: newEmail } },
      consultant.token,
    );
    expect(res.statusCode).toBe(403);
    expect(await emailOf(colleague.id)).toBe(before);
    expect(smtp.to(newEmail)).toHaveLength(0);

    const adminEmail = `${unique('admin-set')}@example.net`;
    const byAdmin = await call('admin/user/visitor/update', { user: { ...form, email: adminEmail } });
    expect(byAdmin.json().isSuccess).toBe(true);
    expect(await emailOf(colleague.id)).toBe(adminEmail);
    const notice = await smtp.waitFor((m) => m.to.includes(before!.toLowerCase()) || m.to.includes(before!));
    expect(notice.body).toContain(adminEmail);
    expect(smtp.to(adminEmail)).toHaveLength(0);
    void confirmLink;
  });
});
