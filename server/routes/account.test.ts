import { afterAll, describe, expect, it } from 'vitest';
import { LEGACY_IMPORT_FIRM_CODE, LookupType, UserGroup, UserStatus } from '../../domain/codes.js';
import { messages } from '../../domain/messages.js';
import { unique } from '../test/factories.js';
import { ADMIN, api, buildTestApp, buildUser, login, PASSWORD, testDialects } from '../test/helpers.js';
import { manufacturerSave } from '../test/organizations.js';
import { startTestSmtp } from '../test/smtp.js';

const NEW_PASSWORD = 'Brand#New2024';

describe.each(testDialects())('account calls on %s', async (dialect) => {
  const smtp = await startTestSmtp();
  afterAll(() => smtp.close());
  const appPromise = buildTestApp(dialect, {
    SMTP_URL: smtp.url,
    PUBLIC_URL: 'https://roadmap.example.org',
    ALLOWED_HOSTS: 'staging.example.org',
  });

  const lookupId = async (type: number, code: string) => {
    const app = await appPromise;
    const row = await app.deps.db
      .selectFrom('lookupItems')
      .select('id')
      .where('lookupType', '=', type)
      .where('code', '=', code)
      .executeTakeFirstOrThrow();
    return row.id;
  };

  let counter = 0;
  const signupBody = async (overrides: Record<string, unknown> = {}) => {
    counter++;
    return {
      user: {
        userName: `new user ${counter}${Date.now()}`,
        fullName: 'Pat Newcomer',
        email: `pat${counter}${Date.now()}@example.com`,
        group: { enumValue: UserGroup.ManufacturerChampion },
        organization: {
          name: `Acme Fabrication ${counter}${Date.now()}`,
          businessType: { id: await lookupId(LookupType.BusinessType, 'job-shop') },
        },
        functionalRole: {
          id: await lookupId(LookupType.FunctionalRole, await firstCode(LookupType.FunctionalRole)),
        },
        state: { id: await lookupId(LookupType.State, 'oh') },
        referredBy: null,
        referredByOther: 'A trade show',
        ...overrides,
      },
      host: 'https://evil.example.com',
    };
  };
  const firstCode = async (type: number) => {
    const app = await appPromise;
    const row = await app.deps.db
      .selectFrom('lookupItems')
      .select('code')
      .where('lookupType', '=', type)
      .orderBy('displayOrder')
      .executeTakeFirstOrThrow();
    return row.code as string;
  };

  const userByName = async (userName: string) => {
    const app = await appPromise;
    return app.deps.db
      .selectFrom('users')
      .selectAll()
      .where('userNameKey', '=', userName.replace(/\s/g, '').toLowerCase())
      .executeTakeFirst();
  };

  /** Signs up and has the admin send the invite; answers the user row and the invite link. */
  const signUpAndInvite = async () => {
    const app = await appPromise;
    const body = await signupBody();
    const res = await api(app, { method: 'POST', url: '/api/auth/signup', payload: body });
    expect(res.json()).toEqual({ isSuccess: true, message: '' });
    const user = (await userByName(body.user.userName))!;
    const adminToken = await login(app, ADMIN.userName, ADMIN.password);
    const invite = await api(app, {
      method: 'POST',
      url: '/api/admin/user/resendinvite',
      token: adminToken,
      payload: { user: { id: user.id }, host: 'https://staging.example.org' },
    });
    expect(invite.json()).toEqual({ isSuccess: true, message: messages.account.inviteSent });
    const mail = await smtp.waitFor((m) => m.to.includes(body.user.email) && m.subject.includes('invited'));
    const link = mail.links.find((l) => l.includes('/invite/'))!;
    return { user, body, link, token: link.split('/invite/')[1]!, adminToken };
  };

  it('signs a person up as pending, strips spaces from the user name, and tells the administrators', async () => {
    const app = await appPromise;
    const body = await signupBody();
    const res = await api(app, { method: 'POST', url: '/api/auth/signup', payload: body });
    expect(res.json()).toEqual({ isSuccess: true, message: '' });
    const user = await userByName(body.user.userName);
    expect(user).toMatchObject({
      userName: body.user.userName.replace(/\s/g, ''),
      status: UserStatus.Pending,
      userGroup: UserGroup.ManufacturerChampion,
      registrationComplete: null,
      passwordHash: null,
    });
    const org = await app.deps.db
      .selectFrom('organizations')
      .selectAll()
      .where('id', '=', user!.organizationId!)
      .executeTakeFirstOrThrow();
    expect(org.name).toBe(body.user.organization.name);
    const roadmap = await app.deps.db
      .selectFrom('roadmaps')
      .select('id')
      .where('organizationId', '=', org.id)
      .executeTakeFirst();
    expect(roadmap).toBeDefined();
    const notice = await smtp.waitFor(
      (m) => m.to.includes('admin@localhost') && m.body.includes(body.user.fullName),
    );
    expect(notice.subject).toContain('awaiting approval');
    // The link in the notice ignores the client's host: it is not allowed.
    expect(notice.links.some((l) => l.startsWith(`https://roadmap.example.org/admin/user/${user!.id}`))).toBe(
      true,
    );
    expect(notice.raw).toContain('Content-Type: text/plain');
    expect(notice.raw).toContain('Content-Type: text/html');
    // A pending account cannot sign in yet.
    const signIn = await api(app, {
      method: 'POST',
      url: '/api/auth/login',
      payload: { userName: user!.userName, password: 'anything' },
    });
    expect(signIn.json().isSuccess).toBe(false);
  });

  it('never makes a sign-up a member of an existing organization named in it', async () => {
    const app = await appPromise;
    const champion = await buildUser(app, UserGroup.ManufacturerChampion);
    const existing = await app.deps.db
      .selectFrom('organizations')
      .select(['id', 'name'])
      .where('id', '=', champion.organizationId)
      .executeTakeFirstOrThrow();
    const body = await signupBody();
    body.user.organization.name = existing.name;
    const res = await api(app, { method: 'POST', url: '/api/auth/signup', payload: body });
    expect(res.json().isSuccess).toBe(true);
    const user = (await userByName(body.user.userName))!;
    expect(user.status).toBe(UserStatus.Pending);
    // A pending request in an organization of its own, named as typed, for the administrator to place.
    expect(user.organizationId).not.toBe(existing.id);
    const own = await app.deps.db
      .selectFrom('organizations')
      .select('name')
      .where('id', '=', user.organizationId!)
      .executeTakeFirstOrThrow();
    expect(own.name).toBe(existing.name);
    const members = await app.deps.db
      .selectFrom('users')
      .select('id')
      .where('organizationId', '=', existing.id)
      .execute();
    expect(members.map((m) => m.id)).not.toContain(user.id);
    // The administrator's user screen still shows what the person typed.
    const adminToken = await login(app, ADMIN.userName, ADMIN.password);
    const detail = await api(app, {
      method: 'POST',
      url: '/api/admin/user/getbyid',
      token: adminToken,
      payload: { id: user.id },
    });
    expect(detail.json().organization).toMatchObject({ id: user.organizationId, name: existing.name });
  });

  it('refuses a taken user name, a group that may not sign up, and references of the wrong kind', async () => {
    const app = await appPromise;
    const first = await signupBody();
    await api(app, { method: 'POST', url: '/api/auth/signup', payload: first });
    const again = await api(app, {
      method: 'POST',
      url: '/api/auth/signup',
      payload: {
        ...(await signupBody()),
        user: { ...(await signupBody()).user, userName: first.user.userName.toUpperCase() },
      },
    });
    expect(again.json()).toEqual({ isSuccess: false, message: messages.account.userNameTaken });

    const admin = await api(app, {
      method: 'POST',
      url: '/api/auth/signup',
      payload: await signupBody({ group: { enumValue: UserGroup.Admin } }),
    });
    expect(admin.statusCode).toBe(400);
    expect(admin.json().message).toContain('user.group');

    const stateAsRole = await api(app, {
      method: 'POST',
      url: '/api/auth/signup',
      payload: await signupBody({ functionalRole: { id: await lookupId(LookupType.State, 'oh') } }),
    });
    expect(stateAsRole.statusCode).toBe(400);
    expect(stateAsRole.json().message).toBe('functionalRole: not a valid functional role.');

    const consultantType = await lookupId(LookupType.BusinessType, 'management-consulting');
    const wrongType = await api(app, {
      method: 'POST',
      url: '/api/auth/signup',
      payload: await signupBody({ organization: { name: 'X', businessType: { id: consultantType } } }),
    });
    expect(wrongType.statusCode).toBe(400);

    const missing = await api(app, {
      method: 'POST',
      url: '/api/auth/signup',
      payload: { user: { userName: 'x' } },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/user\.fullName: Required/);
    const badEmail = await api(app, {
      method: 'POST',
      url: '/api/auth/signup',
      payload: await signupBody({ email: 'not-an-email' }),
    });
    expect(badEmail.json().message).toContain(messages.validation.invalidEmail);
  });

  it('takes an invited user from the e-mailed link to a signed-in session, once', async () => {
    const app = await appPromise;
    const { user, link, token } = await signUpAndInvite();
    // The allowed client host is followed for the link.
    expect(link.startsWith('https://staging.example.org/invite/')).toBe(true);

    const wrongName = await api(app, {
      method: 'POST',
      url: '/api/auth/register',
      payload: { token, userName: 'someone-else', password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    });
    expect(wrongName.json()).toEqual({ isSuccess: false, message: messages.account.userNameMismatch });
    const mismatch = await api(app, {
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        token,
        userName: user.userName,
        password: NEW_PASSWORD,
        confirmPassword: `${NEW_PASSWORD}x`,
      },
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().message).toContain(messages.validation.passwordsDoNotMatch);
    const weak = await api(app, {
      method: 'POST',
      url: '/api/auth/register',
      payload: { token, userName: user.userName, password: 'weakweak', confirmPassword: 'weakweak' },
    });
    expect(weak.statusCode).toBe(400);
    const bogus = await api(app, {
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        token: 'nope',
        userName: user.userName,
        password: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
      },
    });
    expect(bogus.json()).toEqual({ isSuccess: false, message: messages.account.linkInvalid });

    const done = await api(app, {
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        token,
        userName: user.userName.toUpperCase(),
        password: NEW_PASSWORD,
        newPassword: NEW_PASSWORD,
      },
    });
    expect(done.json()).toMatchObject({
      isSuccess: true,
      message: messages.account.inviteConfirmed,
      data: { user: { userName: user.userName } },
    });
    expect(
      (await api(app, { method: 'GET', url: '/api/auth/profile', token: done.json().data.token })).statusCode,
    ).toBe(200);
    const row = await userByName(user.userName);
    expect(row?.status).toBe(UserStatus.Approved);
    expect(row?.registrationComplete).toBeTruthy();

    const reused = await api(app, {
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        token,
        userName: user.userName,
        password: 'Other#Pass2024',
        confirmPassword: 'Other#Pass2024',
      },
    });
    expect(reused.json()).toEqual({ isSuccess: false, message: messages.account.linkInvalid });
    await expect(login(app, user.userName, NEW_PASSWORD)).resolves.toBeTruthy();
  });

  it('checks an invite link on opening it: valid until used, and says nothing more (docs/decisions.md#sign-in-invite-check)', async () => {
    const app = await appPromise;
    const { user, token } = await signUpAndInvite();
    const check = async (t: string) =>
      (await api(app, { method: 'POST', url: '/api/auth/register/check', payload: { token: t } })).json();
    // A valid link answers success and nothing else: no user name, no id, no e-mail.
    expect(await check(token)).toEqual({ isSuccess: true, message: '' });
    expect(await check('no-such-link')).toEqual({ isSuccess: false, message: messages.account.linkInvalid });
    // Checking does not use the link up.
    expect((await check(token)).isSuccess).toBe(true);
    const done = await api(app, {
      method: 'POST',
      url: '/api/auth/register',
      payload: { token, userName: user.userName, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    });
    expect(done.json().isSuccess).toBe(true);
    // Used: the same answer as an unknown link.
    expect(await check(token)).toEqual({ isSuccess: false, message: messages.account.linkInvalid });
    // No token at all is a readable 400, not a guess.
    const empty = await api(app, { method: 'POST', url: '/api/auth/register/check', payload: {} });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBeTruthy();
  });

  it('lets only administrators send invites, and only to users not yet registered', async () => {
    const app = await appPromise;
    const { user, adminToken } = await signUpAndInvite();
    const consultant = await buildUser(app, UserGroup.Consultant);
    const denied = await api(app, {
      method: 'POST',
      url: '/api/admin/user/resendinvite',
      token: consultant.token,
      payload: { user: { id: user.id } },
    });
    expect(denied.statusCode).toBe(403);
    const again = await api(app, {
      method: 'POST',
      url: '/api/admin/user/resendinvite',
      token: adminToken,
      payload: { user: { id: user.id } },
    });
    expect(again.json()).toEqual({ isSuccess: true, message: messages.account.inviteResent });
    const registered = await buildUser(app, UserGroup.Manufacturer);
    const refused = await api(app, {
      method: 'POST',
      url: '/api/admin/user/resendinvite',
      token: adminToken,
      payload: { user: { id: registered.id } },
    });
    expect(refused.json()).toEqual({ isSuccess: false, message: messages.account.alreadyRegistered });
    const unknown = await api(app, {
      method: 'POST',
      url: '/api/admin/user/resendinvite',
      token: adminToken,
      payload: { user: { id: 999999 } },
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('resets a forgotten password through the mailed link, once, ending older sessions', async () => {
    const app = await appPromise;
    const user = await buildUser(app, UserGroup.Manufacturer);
    const email = `${user.userName}@example.com`;
    const unknown = await api(app, {
      method: 'POST',
      url: '/api/auth/forgotpassword',
      payload: { userName: 'no-such-user', email, host: null },
    });
    const wrongEmail = await api(app, {
      method: 'POST',
      url: '/api/auth/forgotpassword',
      payload: { userName: user.userName, email: 'other@example.com' },
    });
    const known = await api(app, {
      method: 'POST',
      url: '/api/auth/forgotpassword',
      payload: { userName: user.userName, email: email.toUpperCase() },
    });
    // The same answer either way: nobody learns which accounts exist.
    for (const res of [unknown, wrongEmail, known])
      expect(res.json()).toEqual({ isSuccess: true, message: messages.account.forgotPasswordSent });
    const mail = await smtp.waitFor((m) => m.to.includes(email) && m.subject.includes('Reset'));
    expect(smtp.to(email)).toHaveLength(1);
    const token = mail.links.find((l) => l.includes('/resetpassword/'))!.split('/resetpassword/')[1]!;

    const init = await api(app, { method: 'POST', url: '/api/auth/resetpassword/init', payload: { token } });
    expect(init.json()).toEqual({ isSuccess: true, message: '', data: { userName: user.userName } });
    const wrongUser = await api(app, {
      method: 'POST',
      url: '/api/auth/resetpassword',
      payload: { token, userName: 'someone', password: NEW_PASSWORD, newPassword: NEW_PASSWORD },
    });
    expect(wrongUser.json()).toEqual({ isSuccess: false, message: messages.account.userNameMismatch });
    const same = await api(app, {
      method: 'POST',
      url: '/api/auth/resetpassword',
      payload: { token, password: PASSWORD, newPassword: PASSWORD },
    });
    expect(same.json()).toEqual({ isSuccess: false, message: messages.auth.newPasswordMustDiffer });

    const done = await api(app, {
      method: 'POST',
      url: '/api/auth/resetpassword',
      payload: { token, userName: user.userName, password: NEW_PASSWORD, newPassword: NEW_PASSWORD },
    });
    expect(done.json()).toMatchObject({ isSuccess: true, message: messages.account.passwordReset });
    expect((await api(app, { method: 'GET', url: '/api/auth/profile', token: user.token })).statusCode).toBe(
      401,
    );
    const reused = await api(app, {
      method: 'POST',
      url: '/api/auth/resetpassword',
      payload: { token, password: 'Third#Pass2024', newPassword: 'Third#Pass2024' },
    });
    expect(reused.json()).toEqual({ isSuccess: false, message: messages.account.linkInvalid });
    expect(
      (await api(app, { method: 'POST', url: '/api/auth/resetpassword/init', payload: { token } })).json()
        .isSuccess,
    ).toBe(false);
    await expect(login(app, user.userName, NEW_PASSWORD)).resolves.toBeTruthy();
  });

  it('keeps an older reset link working beside a newer one until a password is set, and refuses an expired one (docs/decisions.md#sign-in-passwords)', async () => {
    const app = await appPromise;
    const user = await buildUser(app, UserGroup.Visitor);
    const email = `${user.userName}@example.com`;
    await api(app, {
      method: 'POST',
      url: '/api/auth/forgotpassword',
      payload: { userName: user.userName, email },
    });
    // The mail goes after the answer: wait for it, so the two arrive in the order they were asked.
    await smtp.waitFor(() => smtp.to(email).length === 1);
    await api(app, {
      method: 'POST',
      url: '/api/auth/forgotpassword',
      payload: { userName: user.userName, email },
    });
    await smtp.waitFor(() => smtp.to(email).length === 2);
    const [first, second] = smtp
      .to(email)
      .map((m) => m.links.find((l) => l.includes('/resetpassword/'))!.split('/resetpassword/')[1]!);
    const init = async (token: string) =>
      (await api(app, { method: 'POST', url: '/api/auth/resetpassword/init', payload: { token } })).json()
        .isSuccess;
    // Every link the person was sent works (regression: the second mail voided the first).
    expect(await init(first!)).toBe(true);
    expect(await init(second!)).toBe(true);
    await app.deps.db
      .updateTable('userTokens')
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where('userId', '=', user.id)
      .execute();
    const expired = await api(app, {
      method: 'POST',
      url: '/api/auth/resetpassword',
      payload: { token: second, password: NEW_PASSWORD, newPassword: NEW_PASSWORD },
    });
    expect(expired.json()).toEqual({ isSuccess: false, message: messages.account.linkInvalid });
    await app.deps.db
      .updateTable('userTokens')
      .set({ expiresAt: new Date(Date.now() + 60_000).toISOString() })
      .where('userId', '=', user.id)
      .execute();
    // Using one sets the password, which voids the other.
    const used = await api(app, {
      method: 'POST',
      url: '/api/auth/resetpassword',
      payload: { token: first, password: NEW_PASSWORD, newPassword: NEW_PASSWORD },
    });
    expect(used.json()).toMatchObject({ isSuccess: true, message: messages.account.passwordReset });
    expect(await init(second!)).toBe(false);
  });

  it("keeps the first invite e-mail's link working when saving an organization sends two (docs/decisions.md#sign-in-links)", async () => {
    // Regression: a person added with both assessment invites got two e-mails, and the second voided
    // the first one's /invite/ link.
    const app = await appPromise;
    const adminToken = await login(app, ADMIN.userName, ADMIN.password);
    const userName = unique('two');
    const email = `${userName}@example.com`;
    const body = await manufacturerSave(app, { users: [{ id: -1, fullName: 'Casey Two', userName }] });
    for (const invite of body.assessmentInvites) invite.sendInvite = true;
    const saved = await api(app, {
      method: 'POST',
      url: '/api/admin/organization/add',
      token: adminToken,
      payload: body,
    });
    expect(saved.json().isSuccess).toBe(true);
    await smtp.waitFor(() => smtp.to(email).length === 2);
    const links = smtp.to(email).map((m) => m.links.find((l) => l.includes('/invite/')));
    expect(links.every(Boolean)).toBe(true);
    const [first, second] = links.map((l) => l!.split('/invite/')[1]!);
    const register = (token: string, password: string) =>
      api(app, {
        method: 'POST',
        url: '/api/auth/register',
        payload: { token, userName, password, confirmPassword: password },
      });
    const res = await register(first!, NEW_PASSWORD);
    expect(res.json()).toMatchObject({ isSuccess: true, message: messages.account.inviteConfirmed });
    // Using one voids the other.
    expect((await register(second!, 'Other#Pass2024')).json()).toEqual({
      isSuccess: false,
      message: messages.account.linkInvalid,
    });
  });

  it('sends a suspended account no reset mail and refuses its reset link (docs/decisions.md#sign-in-links)', async () => {
    const app = await appPromise;
    const user = await buildUser(app, UserGroup.Consultant);
    const email = `${user.userName}@example.com`;
    // A link sent before the suspension.
    await api(app, {
      method: 'POST',
      url: '/api/auth/forgotpassword',
      payload: { userName: user.userName, email },
    });
    const mail = await smtp.waitFor((m) => m.to.includes(email.toLowerCase()));
    const token = mail.links.find((l) => l.includes('/resetpassword/'))!.split('/resetpassword/')[1]!;
    await app.deps.db.updateTable('users').set({ isSuspended: 1 }).where('id', '=', user.id).execute();
    const asked = await api(app, {
      method: 'POST',
      url: '/api/auth/forgotpassword',
      payload: { userName: user.userName, email },
    });
    // The same answer as for an unknown account...
    const unknown = await api(app, {
      method: 'POST',
      url: '/api/auth/forgotpassword',
      payload: { userName: unique('nobody'), email: 'nobody@example.com' },
    });
    expect(asked.json()).toEqual(unknown.json());
    // ...and no mail.
    await new Promise((r) => setTimeout(r, 500));
    expect(smtp.to(email)).toHaveLength(1);
    const init = await api(app, { method: 'POST', url: '/api/auth/resetpassword/init', payload: { token } });
    expect(init.json()).toEqual({ isSuccess: false, message: messages.account.linkInvalid });
    const reset = await api(app, {
      method: 'POST',
      url: '/api/auth/resetpassword',
      payload: { token, password: NEW_PASSWORD, newPassword: NEW_PASSWORD },
    });
    expect(reset.json()).toEqual({ isSuccess: false, message: messages.account.linkInvalid });
    await app.deps.db.updateTable('users').set({ isSuspended: 0 }).where('id', '=', user.id).execute();
    await expect(login(app, user.userName, PASSWORD)).resolves.toBeTruthy();
  });

  it("refuses passwords built on the product's, the organization's or the person's names on every path (docs/decisions.md#sign-in-passwords)", async () => {
    const app = await appPromise;
    const adminToken = await login(app, ADMIN.userName, ADMIN.password);
    const organizationName = unique('Quorvex');
    const userName = unique('zeldaq');
    const body = await manufacturerSave(app, {
      name: organizationName,
      users: [{ id: -1, fullName: 'Marigold Fenwick', userName }],
      sendInvites: true,
    });
    expect(
      (
        await api(app, {
          method: 'POST',
          url: '/api/admin/organization/add',
          token: adminToken,
          payload: body,
        })
      ).json().isSuccess,
    ).toBe(true);
    const mail = await smtp.waitFor((m) => m.to.includes(`${userName}@example.com`.toLowerCase()));
    const token = mail.links.find((l) => l.includes('/invite/'))!.split('/invite/')[1]!;
    const register = (password: string) =>
      api(app, {
        method: 'POST',
        url: '/api/auth/register',
        payload: { token, userName, password, confirmPassword: password },
      });
    for (const password of [
      'SM-Roadmap#1',
      'MyRoadMap!2024',
      `${organizationName.replace(/\s/g, '')}!A1`,
      `${userName}!A1`,
      'Marigold#2024',
      'Fenwick!Pass9',
    ]) {
      expect((await register(password)).json(), password).toEqual({
        isSuccess: false,
        message: messages.signIn.passwordContextual,
      });
    }
    expect((await register(NEW_PASSWORD)).json().isSuccess).toBe(true);
    // Changing it later, with the current password, is held to the same rule.
    const session = await login(app, userName, NEW_PASSWORD);
    const change = await api(app, {
      method: 'POST',
      url: '/api/auth/changepassword',
      token: session,
      payload: { oldPassword: NEW_PASSWORD, newPassword: 'Roadmap#2025x', confirmPassword: 'Roadmap#2025x' },
    });
    expect(change.json()).toEqual({ isSuccess: false, message: messages.signIn.passwordContextual });
  });

  it('answers a password change without oldPassword with a 400 that names it, as the API description says (docs/decisions.md#sign-in-passwords)', async () => {
    const app = await appPromise;
    const user = await buildUser(app, UserGroup.Visitor);
    const res = await api(app, {
      method: 'POST',
      url: '/api/auth/changepassword',
      token: user.token,
      payload: { newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('oldPassword');
    expect(res.json().message).toBe(`Invalid request. oldPassword: ${messages.signIn.oldPasswordRequired}`);
    const docs = await api(app, { method: 'GET', url: '/api/docs' });
    const operation = docs.json().paths['/api/auth/changepassword'].post;
    expect(operation.description).toContain('oldPassword');
    expect(JSON.stringify(operation.requestBody)).toContain('The current password: required');
    await expect(login(app, user.userName, PASSWORD)).resolves.toBeTruthy();
  });

  it('sends at most three reset mails an hour to one account, answering the same', async () => {
    const app = await appPromise;
    const user = await buildUser(app, UserGroup.Visitor);
    const email = `${user.userName}@example.com`;
    for (let i = 0; i < 5; i++) {
      const res = await api(app, {
        method: 'POST',
        url: '/api/auth/forgotpassword',
        payload: { userName: user.userName, email },
        remoteAddress: `10.9.0.${i}`,
      });
      expect(res.json().message).toBe(messages.account.forgotPasswordSent);
    }
    await smtp.waitFor(() => smtp.to(email).length >= 3);
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.to(email)).toHaveLength(3);
  });

  it('mails the user names that use an address, answering the same for unknown addresses', async () => {
    const app = await appPromise;
    const user = await buildUser(app, UserGroup.Consultant);
    const email = `${user.userName}@example.com`;
    const res = await api(app, {
      method: 'POST',
      url: '/api/auth/forgotUsername',
      payload: { Email: email, Host: 'x' },
    });
    expect(res.json()).toEqual({ isSuccess: true, message: messages.account.forgotUserNameSent });
    const mail = await smtp.waitFor((m) => m.to.includes(email));
    expect(mail.body).toContain(user.userName);
    const none = await api(app, {
      method: 'POST',
      url: '/api/auth/forgotUsername',
      payload: { email: 'nobody-at-all@example.com' },
    });
    expect(none.json()).toEqual(res.json());
    expect(smtp.to('nobody-at-all@example.com')).toHaveLength(0);
    const bad = await api(app, {
      method: 'POST',
      url: '/api/auth/forgotUsername',
      payload: { email: 'nope' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain(messages.validation.invalidEmail);
  });

  it('changes the password of a signed-in user who knows the current one', async () => {
    const app = await appPromise;
    const user = await buildUser(app, UserGroup.Manufacturer);
    const wrong = await api(app, {
      method: 'POST',
      url: '/api/auth/changepassword',
      token: user.token,
      payload: { oldPassword: 'nope', newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    });
    expect(wrong.json()).toEqual({ isSuccess: false, message: messages.account.wrongCurrentPassword });
    const weak = await api(app, {
      method: 'POST',
      url: '/api/auth/changepassword',
      token: user.token,
      payload: { oldPassword: PASSWORD, newPassword: 'short', confirmPassword: 'short' },
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toContain(messages.validation.passwordLength);
    const done = await api(app, {
      method: 'POST',
      url: '/api/auth/changepassword',
      token: user.token,
      payload: { oldPassword: PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    });
    expect(done.json()).toMatchObject({ isSuccess: true, message: messages.auth.passwordUpdated });
    expect(done.headers['authorization-extend']).toBe(done.json().data.token);
    expect((await api(app, { method: 'GET', url: '/api/auth/profile', token: user.token })).statusCode).toBe(
      401,
    );
    await expect(login(app, user.userName, NEW_PASSWORD)).resolves.toBeTruthy();
  });

  it('saves the own profile, but not the user name, group or organization', async () => {
    const app = await appPromise;
    const user = await buildUser(app, UserGroup.Manufacturer);
    const role = await lookupId(LookupType.FunctionalRole, await firstCode(LookupType.FunctionalRole));
    const res = await api(app, {
      method: 'POST',
      url: '/api/auth/profile/update',
      token: user.token,
      payload: {
        userName: 'hijack',
        fullName: '  Jordan Lee  ',
        // Clearing the address is a change of it: it needs the current password (docs/decisions.md#sign-in-passwords).
        email: '',
        currentPassword: PASSWORD,
        group: { enumValue: 1 },
        organization: { id: 1 },
        functionalRole: { id: role },
        department: 'Quality',
        phoneNumber: '555-0100',
      },
    });
    expect(res.json()).toMatchObject({
      isSuccess: true,
      message: messages.account.profileSaved,
      data: {
        userName: user.userName,
        fullName: 'Jordan Lee',
        role: 'manufacturer',
        department: 'Quality',
        phoneNumber: '555-0100',
        organization: { id: user.organizationId },
      },
    });
    const noRole = await api(app, {
      method: 'POST',
      url: '/api/auth/profile/update',
      token: user.token,
      payload: { userName: user.userName, fullName: 'J' },
    });
    expect(noRole.statusCode).toBe(400);
    const badState = await api(app, {
      method: 'POST',
      url: '/api/auth/profile/update',
      token: user.token,
      payload: { userName: user.userName, fullName: 'J', functionalRole: { id: role }, state: { id: role } },
    });
    expect(badState.json().message).toBe('state: not a valid state.');
    const consultant = await buildUser(app, UserGroup.Consultant);
    const noEmail = await api(app, {
      method: 'POST',
      url: '/api/auth/profile/update',
      token: consultant.token,
      payload: { userName: consultant.userName, fullName: 'C', email: '' },
    });
    expect(noEmail.statusCode).toBe(400);
    expect(
      (
        await api(app, {
          method: 'POST',
          url: '/api/auth/profile/update',
          payload: { userName: 'x', fullName: 'y' },
        })
      ).statusCode,
    ).toBe(401);
  });

  it('lists active consulting firms without the legacy import firm, and all organizations for admins only', async () => {
    const app = await appPromise;
    const consultant = await buildUser(app, UserGroup.Consultant);
    const firms = (await api(app, { method: 'GET', url: '/api/organization/consultingfirms' })).json() as {
      id: number;
      name: string;
    }[];
    const legacy = await app.deps.db
      .selectFrom('organizations')
      .select('id')
      .where('code', '=', LEGACY_IMPORT_FIRM_CODE)
      .executeTakeFirstOrThrow();
    expect(firms.some((f) => f.id === legacy.id)).toBe(false);
    expect(firms.some((f) => f.id === consultant.organizationId)).toBe(true);
    expect(
      (await api(app, { method: 'GET', url: '/api/admin/organization/all', token: consultant.token }))
        .statusCode,
    ).toBe(403);
    const adminToken = await login(app, ADMIN.userName, ADMIN.password);
    const all = (
      await api(app, { method: 'GET', url: '/api/admin/organization/all', token: adminToken })
    ).json() as { id: number; type: { name: string } }[];
    expect(all.find((o) => o.id === consultant.organizationId)?.type.name).toBe('Consulting Firm');
    expect(all.some((o) => o.id === legacy.id)).toBe(false);
  });
});

describe('when the mail server is down', () => {
  it("keeps the sign-up and queues the administrators' notice, retried with back-off (docs/decisions.md#mail-queue)", async () => {
    const app = await buildTestApp('sqlite', { SMTP_URL: 'smtp://127.0.0.1:9' });
    const lookup = async (type: number) =>
      (
        await app.deps.db
          .selectFrom('lookupItems')
          .select('id')
          .where('lookupType', '=', type)
          .where('organizationType', '=', 2)
          .executeTakeFirstOrThrow()
      ).id;
    const res = await api(app, {
      method: 'POST',
      url: '/api/auth/signup',
      payload: {
        user: {
          userName: 'offline',
          fullName: 'Off Line',
          email: 'off@example.com',
          group: { enumValue: UserGroup.Consultant },
          organization: {
            name: 'Offline Consulting',
            businessType: { id: await lookup(LookupType.BusinessType) },
          },
        },
      },
    });
    // The notice waits in the mail queue: the answer does not depend on the mail server.
    expect(res.json()).toEqual({ isSuccess: true, message: '' });
    const row = await app.deps.db
      .selectFrom('users')
      .select('status')
      .where('userNameKey', '=', 'offline')
      .executeTakeFirst();
    expect(row?.status).toBe(UserStatus.Pending);
    // The first attempt fails (nothing listens on port 9); the next one waits 30 s.
    await app.deps.mailer.sender.settled();
    const queued = await app.deps.db.selectFrom('mailQueue').selectAll().executeTakeFirstOrThrow();
    expect(queued).toMatchObject({ status: 'pending', attempts: 1, subject: expect.stringMatching(/sign/i) });
    expect(queued.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect(Date.parse(queued.nextAttemptAt) - Date.parse(queued.lastAttemptAt ?? '')).toBeGreaterThanOrEqual(
      30_000,
    );
  });

  it('writes mail to the outbox when no SMTP server is configured', async () => {
    const app = await buildTestApp('sqlite');
    const user = await buildUser(app, UserGroup.Consultant);
    await api(app, {
      method: 'POST',
      url: '/api/auth/forgotUsername',
      payload: { email: `${user.userName}@example.com` },
    });
    const fs = await import('node:fs');
    const path = await import('node:path');
    const outbox = path.join(app.deps.config.dataDir, 'outbox');
    // The reminder is written after the answer (docs/decisions.md#sign-in, finding 8): wait for it.
    const emlFiles = () =>
      fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((f) => f.endsWith('.eml')) : [];
    for (let i = 0; i < 100 && emlFiles().length === 0; i++) await new Promise((r) => setTimeout(r, 50));
    const files = emlFiles();
    expect(files).toHaveLength(1);
    const eml = fs.readFileSync(path.join(outbox, files[0]!), 'utf8');
    expect(eml).toMatch(/^To: .*@example\.com/m);
    expect(eml).toContain(user.userName);
  });
});
