import { afterAll, describe, expect, it } from 'vitest';
import { LookupType, OrganizationType, UserGroup, UserStatus } from '../../domain/codes.js';
import { messages } from '../../domain/messages.js';
import { buildOrganizationRow, unique } from '../test/factories.js';
import { ADMIN, api, buildTestApp, buildUser, login, PASSWORD, testDialects } from '../test/helpers.js';
import { buildFirm, buildManufacturer, lookupIds } from '../test/organizations.js';
import { startTestSmtp } from '../test/smtp.js';

const NEW_PASSWORD = 'N3w!Passw0rd';

describe.each(testDialects())('admin user saves on %s', (dialect) => {
  const smtpPromise = startTestSmtp();
  afterAll(async () => (await smtpPromise).close());
  const appPromise = smtpPromise.then((smtp) =>
    buildTestApp(dialect, { SMTP_URL: smtp.url, PUBLIC_URL: 'http://localhost:5173' }),
  );
  const adminToken = appPromise.then((app) => login(app, ADMIN.userName, ADMIN.password));
  const call = async (url: string, payload: object, token?: string | Promise<string>) =>
    api(await appPromise, {
      method: 'POST',
      url: `/api/${url}`,
      token: await (token ?? adminToken),
      payload,
    });
  const userByName = async (userName: string) =>
    (await appPromise).deps.db
      .selectFrom('users')
      .selectAll()
      .where('userNameKey', '=', userName.toLowerCase())
      .executeTakeFirst();

  /** An admin user form body for a new person of a group in an organization. */
  const userBody = async (group: UserGroup, organization: object, extra: object = {}) => {
    const ids = lookupIds(await appPromise);
    const userName = unique('new');
    const ownerType =
      group === UserGroup.Consultant ? OrganizationType.Consultant : OrganizationType.Manufacturer;
    return {
      userName,
      fullName: 'Robin Newman',
      email: `${userName}@example.com`,
      phoneNumber: '555-0101',
      group: { enumValue: group },
      functionalRole: { id: await ids.first(LookupType.FunctionalRole) },
      state: { id: await ids.byCode(LookupType.State, 'oh') },
      division: null,
      department: 'Quality',
      organization: {
        businessType: { id: await ids.first(LookupType.BusinessType, ownerType) },
        ...organization,
      },
      ...extra,
    };
  };

  it('adds a manufacturer user with an invite to an assessment and e-mails the set-your-password link', async () => {
    const app = await appPromise;
    const smtp = await smtpPromise;
    const { id: orgId } = await buildManufacturer(app, await adminToken);
    const user = await userBody(UserGroup.Manufacturer, { id: orgId });
    const res = await call('admin/user/visitor/add', {
      user,
      assessment: { code: 'current-state' },
      sendInvite: true,
      host: null,
    });
    expect(res.json()).toMatchObject({
      isSuccess: true,
      message: `${messages.admin.saved} ${messages.account.inviteSent}`,
    });
    const id = res.json().data.id as number;
    const saved = (await call('admin/user/getbyid', { id })).json();
    expect(saved).toMatchObject({
      userName: user.userName,
      group: { enumValue: UserGroup.Manufacturer },
      organization: { id: orgId },
      department: 'Quality',
      status: { enumValue: UserStatus.Pending },
      registrationComplete: null,
    });
    expect(saved.approvalInviteDate).not.toBeNull();
    const invites = (
      await call('admin/assessmentInvite/search/byorg', {
        organizationId: orgId,
        query: user.userName,
        take: 10,
      })
    ).json();
    expect(invites.data.map((i: { assessment: { code: string } }) => i.assessment.code)).toEqual([
      'current-state',
    ]);
    // The invite works: the person chooses a password and is Approved.
    const mail = await smtp.waitFor((m) => m.to.includes(user.email.toLowerCase()));
    const link = mail.links.find((l) => l.startsWith('http://localhost:5173/invite/'))!;
    const token = link.split('/invite/')[1]!;
    const done = await api(app, {
      method: 'POST',
      url: '/api/auth/register',
      payload: { token, userName: user.userName, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    });
    expect(done.json()).toMatchObject({ isSuccess: true, message: messages.account.inviteConfirmed });
    expect((await call('admin/user/getbyid', { id })).json().status.name).toBe('Approved');
  });

  it('adds a visitor into a visitor organization named on the form, status Visitor, without mail unless asked', async () => {
    const smtp = await smtpPromise;
    const orgName = unique('Visiting Co ');
    const user = await userBody(UserGroup.Visitor, { name: orgName });
    const res = await call('admin/user/visitor/add', { user, assessment: { code: 'trial' } });
    expect(res.json().isSuccess).toBe(true);
    const saved = (await call('admin/user/getbyid', { id: res.json().data.id })).json();
    expect(saved).toMatchObject({
      status: { enumValue: UserStatus.Visitor },
      organization: { name: orgName, type: { enumValue: OrganizationType.Visitor } },
      approvalInviteDate: null,
    });
    expect(smtp.to(user.email)).toHaveLength(0);
    // A second visitor of the same organization name joins it.
    const again = await call('admin/user/visitor/add', {
      user: await userBody(UserGroup.Visitor, { name: orgName.toUpperCase() }),
    });
    const second = (await call('admin/user/getbyid', { id: again.json().data.id })).json();
    expect(second.organization.id).toBe(saved.organization.id);
  });

  it('keeps the user and queues the invite when the mail server is down, retried with back-off (docs/decisions.md#mail-queue)', async () => {
    const app = await buildTestApp(dialect, { SMTP_URL: 'smtp://127.0.0.1:9' });
    const token = await login(app, ADMIN.userName, ADMIN.password);
    const org = await buildOrganizationRow(app.deps.db, UserGroup.Manufacturer);
    const user = await userBody(UserGroup.Manufacturer, { id: org });
    const res = await api(app, {
      method: 'POST',
      url: '/api/admin/user/visitor/add',
      token,
      payload: { user, sendInvite: true },
    });
    expect(res.json()).toMatchObject({
      isSuccess: true,
      message: `${messages.admin.saved} ${messages.account.inviteSent}`,
    });
    const saved = await app.deps.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', res.json().data.id)
      .executeTakeFirst();
    // The invite link, its queued mail and the invite date committed together.
    expect(saved?.approvalInviteDate).not.toBeNull();
    await app.deps.mailer.sender.settled();
    const queued = await app.deps.db.selectFrom('mailQueue').selectAll().executeTakeFirstOrThrow();
    expect(queued).toMatchObject({
      status: 'pending',
      attempts: 1,
      recipients: JSON.stringify([user.email]),
    });
    expect(queued.lastError).toMatch(/ECONNREFUSED|connect/i);
  });

  it('refuses bad input with a readable 400 (403 outside the reach, 404 unknown) and saves nothing', async () => {
    const app = await appPromise;
    const admin = await adminToken;
    const { firmId, consultant } = await buildFirm(app, admin);
    const client = await buildManufacturer(app, admin, { consultingFirmId: firmId });
    const stranger = await buildManufacturer(app, admin);
    const ids = lookupIds(app);
    const state = await ids.byCode(LookupType.State, 'oh');
    const taken = (await buildUser(app, UserGroup.Visitor)).userName;
    const cases: [string, object, number, RegExp | string, string?][] = [
      ['unknown group', { group: { enumValue: 9 } }, 400, /group/],
      ['no group', { group: null }, 400, /group: Required/],
      ['no e-mail', { email: '' }, 400, /email: Required/],
      [
        'state as a functional role',
        { functionalRole: { id: state } },
        400,
        'functionalRole: not a valid functional role.',
      ],
      [
        'a firm business type',
        {
          organization: {
            id: client.id,
            businessType: { id: await ids.first(LookupType.BusinessType, OrganizationType.Consultant) },
          },
        },
        400,
        /businessType: not a valid business type/,
      ],
      ['a taken user name', { userName: taken.toUpperCase() }, 400, messages.account.userNameTaken],
      [
        'a firm for a manufacturer',
        { organization: { id: firmId, businessType: null } },
        400,
        /organization|businessType/,
      ],
      [
        'unknown organization',
        {
          organization: {
            id: 99_999_999,
            businessType: { id: await ids.first(LookupType.BusinessType, OrganizationType.Manufacturer) },
          },
        },
        400,
        'organization: not an active organization.',
      ],
      [
        'the admin group by a consultant',
        { group: { enumValue: UserGroup.Admin } },
        400,
        messages.users.groupNotAllowed,
        'consultant',
      ],
      [
        "another firm's client",
        {
          organization: {
            id: stranger.id,
            businessType: { id: await ids.first(LookupType.BusinessType, OrganizationType.Manufacturer) },
          },
        },
        403,
        messages.users.organizationNotAllowed,
        'consultant',
      ],
      [
        'a new organization by a consultant',
        {
          organization: {
            name: 'Mine',
            businessType: { id: await ids.first(LookupType.BusinessType, OrganizationType.Manufacturer) },
          },
        },
        403,
        messages.users.organizationNotAllowed,
        'consultant',
      ],
      [
        'a referrer that is no firm',
        { referredBy: { id: client.id } },
        400,
        'referredBy: not an active consulting firm.',
      ],
      ['an unknown assessment', {}, 400, 'assessment: not an active assessment.'],
    ];
    for (const [label, change, status, message, who] of cases) {
      const user = { ...(await userBody(UserGroup.Manufacturer, { id: client.id })), ...change };
      const res = await call(
        'admin/user/visitor/add',
        { user, ...(label === 'an unknown assessment' ? { assessment: { code: 'nope' } } : {}) },
        who === 'consultant' ? consultant.token : admin,
      );
      expect(res.statusCode, label).toBe(status);
      expect(res.json().message, label).toMatch(message);
      if (label !== 'a taken user name') expect(await userByName(user.userName), label).toBeUndefined();
    }
    // A manufacturer into a consulting firm: the type does not fit.
    const wrongType = await call('admin/user/visitor/add', {
      user: await userBody(UserGroup.Manufacturer, {
        id: firmId,
        businessType: { id: await ids.first(LookupType.BusinessType, OrganizationType.Manufacturer) },
      }),
    });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().message).toBe(messages.users.organizationTypeMismatch);
    expect(
      (
        await call('admin/user/visitor/update', {
          id: 99_999_999,
          ...(await userBody(UserGroup.Manufacturer, { id: client.id })),
        })
      ).statusCode,
    ).toBe(404);
  });

  it("lets a consultant add, edit and deactivate their clients' people, ignoring the institute's fields", async () => {
    const app = await appPromise;
    const { firmId, consultant } = await buildFirm(app, await adminToken);
    const client = await buildManufacturer(app, await adminToken, { consultingFirmId: firmId });
    const user = await userBody(
      UserGroup.ManufacturerChampion,
      { id: client.id },
      {
        certificateNumber: 'C-9',
        additionalInfo: 'secret',
        isSuspended: true,
        isActive: false,
      },
    );
    const res = await call('admin/user/visitor/add', { user }, consultant.token);
    expect(res.json().isSuccess).toBe(true);
    const id = res.json().data.id as number;
    let saved = await userByName(user.userName);
    expect(saved).toMatchObject({
      certificateNumber: null,
      additionalInfo: null,
      isSuspended: 0,
      isActive: 1,
    });
    // Suspension is the admin's: a change of it is refused (docs/decisions.md#trust), the rest ignored.
    const suspend = await call(
      'admin/user/visitor/update',
      { user: { ...user, id, fullName: 'Robin Renamed' } },
      consultant.token,
    );
    expect(suspend.statusCode).toBe(403);
    expect(suspend.json().message).toBe(messages.users.suspensionAdminOnly);
    const update = await call(
      'admin/user/visitor/update',
      { user: { ...user, id, fullName: 'Robin Renamed', isActive: false, isSuspended: false } },
      consultant.token,
    );
    expect(update.json()).toMatchObject({ isSuccess: true, message: messages.admin.saved });
    saved = await userByName(user.userName);
    // Deactivating a client's person is theirs, as on the organization form (docs/decisions.md#users-field-policy).
    expect(saved).toMatchObject({ fullName: 'Robin Renamed', isActive: 0 });
    // Not a colleague of their firm: a consulting firm's people are the admins' (docs/product.md#rules-validation).
    const colleague = await call(
      'admin/user/visitor/add',
      { user: await userBody(UserGroup.Consultant, { id: firmId }) },
      consultant.token,
    );
    expect(colleague.statusCode).toBe(400);
    expect(colleague.json().message).toBe(messages.users.groupNotAllowed);
  });

  it('updates any field, keeps user names unique, and protects the admin from locking themselves out', async () => {
    const app = await appPromise;
    const org = await buildOrganizationRow(app.deps.db, UserGroup.Manufacturer);
    const user = await userBody(UserGroup.Manufacturer, { id: org });
    const id = (await call('admin/user/visitor/add', { user })).json().data.id as number;
    const renamed = unique('renamed');
    const res = await call('admin/user/visitor/update', {
      ...user,
      id,
      userName: renamed,
      fullName: 'Robin Changed',
      certificateNumber: 'N-7',
      additionalInfo: 'Met at the expo',
      excludeFromReport: true,
    });
    expect(res.json().isSuccess).toBe(true);
    expect((await call('admin/user/getbyid', { id })).json()).toMatchObject({
      userName: renamed,
      fullName: 'Robin Changed',
      certificateNumber: 'N-7',
      additionalInfo: 'Met at the expo',
      excludeFromReport: true,
      status: { enumValue: UserStatus.Pending },
    });
    const taken = (await buildUser(app, UserGroup.Manufacturer)).userName;
    const clash = await call('admin/user/visitor/update', { ...user, id, userName: taken });
    expect(clash.statusCode).toBe(400);
    expect(clash.json().message).toBe(messages.account.userNameTaken);
    expect((await call('admin/user/getbyid', { id })).json().userName).toBe(renamed);
    // A visitor's group changes only by conversion.
    const toVisitor = await call('admin/user/visitor/update', {
      ...user,
      id,
      userName: renamed,
      group: { enumValue: UserGroup.Visitor },
    });
    expect(toVisitor.statusCode).toBe(400);

    const self = await app.deps.db
      .selectFrom('users')
      .selectAll()
      .where('userNameKey', '=', ADMIN.userName)
      .executeTakeFirstOrThrow();
    const selfBody = {
      id: self.id,
      userName: self.userName,
      fullName: self.fullName,
      email: self.email,
      group: { enumValue: UserGroup.Admin },
      organization: {
        id: self.organizationId,
        businessType: { id: await lookupIds(app).first(LookupType.BusinessType, OrganizationType.Admin) },
      },
    };
    for (const change of [{ isActive: false }, { isSuspended: true }]) {
      const refused = await call('admin/user/visitor/update', { ...selfBody, ...change });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(messages.users.cannotDeactivateSelf);
    }
    expect(
      (await call('admin/user/visitor/update', { ...selfBody, group: { enumValue: 2 } })).json().message,
    ).toBe(messages.users.cannotChangeOwnGroup);
    expect(
      (await call('admin/user/visitor/update', { user: { ...selfBody, phoneNumber: '555-0199' } })).json()
        .isSuccess,
    ).toBe(true);
  });

  it('ends sessions, e-mailed links and open invites when a user is deactivated or suspended', async () => {
    const app = await appPromise;
    const smtp = await smtpPromise;
    const org = (await buildManufacturer(app, await adminToken)).id;
    // A signed-in user is suspended: their session ends and they cannot sign in again.
    const member = await buildUser(app, UserGroup.Manufacturer, { organizationId: org });
    expect((await call('auth/checkToken', {}, member.token)).statusCode).toBe(200);
    const row = await userByName(member.userName);
    const memberBody = {
      ...(await userBody(UserGroup.Manufacturer, { id: org })),
      id: member.id,
      userName: member.userName,
      email: row?.email,
    };
    expect(
      (await call('admin/user/visitor/update', { ...memberBody, isSuspended: true })).json().isSuccess,
    ).toBe(true);
    expect((await call('auth/checkToken', {}, member.token)).statusCode).toBe(401);
    const relogin = await api(app, {
      method: 'POST',
      url: '/api/auth/login',
      payload: { userName: member.userName, password: PASSWORD },
    });
    expect(relogin.json().isSuccess).toBe(false);

    // A pending user with an open invite link and an open assessment invite is deactivated.
    const user = await userBody(UserGroup.Manufacturer, { id: org });
    const added = await call('admin/user/visitor/add', {
      user,
      assessment: { code: 'future-state' },
      sendInvite: true,
    });
    const id = added.json().data.id as number;
    const mail = await smtp.waitFor((m) => m.to.includes(user.email.toLowerCase()));
    const token = mail.links.find((l) => l.includes('/invite/'))!.split('/invite/')[1]!;
    const openInvites = async () =>
      (
        await call('admin/assessmentInvite/search/byorg', {
          organizationId: org,
          query: user.userName,
          take: 10,
        })
      ).json().count;
    expect(await openInvites()).toBe(1);
    expect((await call('admin/user/visitor/update', { ...user, id, isActive: false })).json().isSuccess).toBe(
      true,
    );
    expect(await openInvites()).toBe(0);
    const register = await api(app, {
      method: 'POST',
      url: '/api/auth/register',
      payload: { token, userName: user.userName, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    });
    expect(register.json()).toEqual({ isSuccess: false, message: messages.account.linkInvalid });
    expect((await userByName(user.userName))?.isActive).toBe(0);
  });
});
