import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { LookupType, OrganizationType, UserGroup, UserStatus } from '../../domain/codes.js';
import { messages } from '../../domain/messages.js';
import { hashPassword } from '../auth/passwords.js';
import { nowIso } from '../db/clock.js';
import { usersRepository } from '../repositories/users.js';
import { unique } from '../test/factories.js';
import { ADMIN, api, buildTestApp, buildUser, login, PASSWORD, testDialects } from '../test/helpers.js';
import { buildFirm, lookupIds, manufacturerSave } from '../test/organizations.js';
import { startTestSmtp } from '../test/smtp.js';

/**
 * docs/decisions.md#users-field-policy, findings 1, 4, 5 and 6 and the proof: who may change which field (e-mail, group,
 * organization, isActive, isSuspended) of which person, through every path that can change one
 * (admin/user/visitor/add and update, the users[] rows of admin/organization/add and update,
 * auth/profile/update, admin/user/visitor/convert), for every caller. A refusal answers 400/403 and
 * leaves the person exactly as they were.
 */

type Caller =
  | 'admin'
  | 'consultant own firm'
  | 'consultant other firm'
  | 'champion own org'
  | 'champion other org'
  | 'manufacturer'
  | 'themselves';
type Field = 'email' | 'group' | 'organization' | 'isActive' | 'isSuspended';
type Path = 'user/update' | 'org rows' | 'profile';
/** A registered member, a member who never registered, or a colleague of the consultant's firm. */
type Target = 'registered member' | 'pending member' | 'firm colleague';

type Row = [Path, Caller, Target, Field, 'allowed' | 400 | 403];

// Each row acts on fresh people in a fresh manufacturer (client of the consultant's firm).
const rows: Row[] = [
  // E-mail: the person (on My Profile) or an admin; anyone else may only correct a never-registered one.
  ['user/update', 'admin', 'registered member', 'email', 'allowed'],
  ['user/update', 'consultant own firm', 'registered member', 'email', 403],
  ['user/update', 'consultant own firm', 'pending member', 'email', 'allowed'],
  ['user/update', 'consultant other firm', 'registered member', 'email', 403],
  ['user/update', 'consultant own firm', 'firm colleague', 'email', 403],
  ['user/update', 'champion own org', 'registered member', 'email', 403],
  ['user/update', 'manufacturer', 'registered member', 'email', 403],
  ['user/update', 'themselves', 'registered member', 'email', 403],
  ['org rows', 'admin', 'registered member', 'email', 'allowed'],
  ['org rows', 'consultant own firm', 'registered member', 'email', 403],
  ['org rows', 'champion own org', 'registered member', 'email', 403],
  ['org rows', 'champion own org', 'pending member', 'email', 'allowed'],
  ['org rows', 'champion other org', 'registered member', 'email', 403],
  ['org rows', 'manufacturer', 'registered member', 'email', 403],
  ['profile', 'themselves', 'registered member', 'email', 'allowed'],
  // Group: within a manufacturer's two groups by its managers; never into a consulting firm's.
  ['user/update', 'admin', 'registered member', 'group', 'allowed'],
  ['user/update', 'consultant own firm', 'registered member', 'group', 'allowed'],
  ['user/update', 'consultant other firm', 'registered member', 'group', 403],
  ['user/update', 'consultant own firm', 'firm colleague', 'group', 403],
  ['org rows', 'champion own org', 'registered member', 'group', 'allowed'],
  ['org rows', 'champion other org', 'registered member', 'group', 403],
  ['org rows', 'manufacturer', 'registered member', 'group', 403],
  // Organization: the admin's only.
  ['user/update', 'admin', 'registered member', 'organization', 'allowed'],
  ['user/update', 'consultant own firm', 'registered member', 'organization', 403],
  ['user/update', 'consultant own firm', 'firm colleague', 'organization', 403],
  // Active: managers deactivate others; only an admin re-activates.
  ['user/update', 'admin', 'registered member', 'isActive', 'allowed'],
  ['user/update', 'consultant own firm', 'registered member', 'isActive', 'allowed'],
  ['user/update', 'consultant other firm', 'registered member', 'isActive', 403],
  ['user/update', 'themselves', 'registered member', 'isActive', 403],
  ['org rows', 'champion own org', 'registered member', 'isActive', 'allowed'],
  ['org rows', 'champion other org', 'registered member', 'isActive', 403],
  // Suspension: the admin's only (docs/product.md#permissions).
  ['user/update', 'admin', 'registered member', 'isSuspended', 'allowed'],
  ['user/update', 'consultant own firm', 'registered member', 'isSuspended', 403],
];

// Re-activation: the person starts deactivated by an admin.
const reactivationRows: [Path, Caller, 'allowed' | 403][] = [
  ['user/update', 'admin', 'allowed'],
  ['user/update', 'consultant own firm', 403],
  ['org rows', 'admin', 'allowed'],
  ['org rows', 'consultant own firm', 403],
  ['org rows', 'champion own org', 403],
];

describe.each(testDialects())('who may change which field of whom on %s', async (dialect) => {
  const smtp = await startTestSmtp();
  afterAll(() => smtp.close());
  const appPromise = buildTestApp(dialect, {
    SMTP_URL: smtp.url,
    PUBLIC_URL: 'https://roadmap.example.org',
    // Every row signs in fresh people from one test address.
    LOGIN_MAX_PER_ADDRESS: '100000',
  });
  const adminToken = appPromise.then((app) => login(app, ADMIN.userName, ADMIN.password));
  const hashed = hashPassword(PASSWORD);
  const call = async (url: string, payload: object, token?: string) =>
    api(await appPromise, {
      method: 'POST',
      url: `/api/${url}`,
      token: token ?? (await adminToken),
      payload,
    });

  /** The five fields as stored, to show a refusal changed nothing. */
  const fieldsOf = async (id: number) =>
    (await appPromise).deps.db
      .selectFrom('users')
      .select(['email', 'pendingEmail', 'userGroup', 'organizationId', 'isActive', 'isSuspended'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  /** Sets a password (registered) and signs in; answers the token. */
  const register = async (app: FastifyInstance, id: number) => {
    const row = await app.deps.db
      .updateTable('users')
      .set({ passwordHash: await hashed, status: UserStatus.Approved, registrationComplete: nowIso() })
      .where('id', '=', id)
      .returning('userName')
      .executeTakeFirstOrThrow();
    return login(app, row.userName, PASSWORD);
  };

  /** A consultant of firm A; firm B's consultant and another manufacturer's champion, made once. */
  const world = (async () => {
    const app = await appPromise;
    const admin = await adminToken;
    const a = await buildFirm(app, admin);
    const b = await buildFirm(app, admin);
    const other = await manufacturer(b.firmId);
    return { firmA: a.firmId, consultantA: a.consultant, consultantB: b.consultant, other };
  })();

  /** A client of `firmId` with a registered member, a pending member and a registered champion. */
  async function manufacturer(firmId: number) {
    const app = await appPromise;
    const names = [unique('mbr'), unique('pnd'), unique('chp')];
    const body = await manufacturerSave(app, {
      consultingFirmId: firmId,
      users: [
        { id: -1, fullName: 'Morgan Member', userName: names[0]! },
        { id: -2, fullName: 'Pat Pending', userName: names[1]! },
        { id: -3, fullName: 'Casey Champion', userName: names[2]!, champion: true },
      ],
    });
    const res = await call('admin/organization/add', body);
    expect(res.json().isSuccess, res.body).toBe(true);
    const id = res.json().data.id as number;
    const idOf = async (userName: string) =>
      (await usersRepository.findByUserName(app.deps.db, userName))!.id;
    const member = await idOf(names[0]!);
    const pending = await idOf(names[1]!);
    const champion = await idOf(names[2]!);
    return {
      id,
      body,
      member,
      pending,
      champion,
      memberToken: await register(app, member),
      championToken: await register(app, champion),
    };
  }

  /** The body of admin/organization/update with only the given user rows (others stay as they are). */
  const orgUpdate = async (org: Awaited<ReturnType<typeof manufacturer>>, userRows: object[]) => {
    const app = await appPromise;
    const invites = await app.deps.db
      .selectFrom('assessmentInvites')
      .select(['id', 'respondentId', 'assessmentId'])
      .where('organizationId', '=', org.id)
      .where('isActive', '=', 1)
      .execute();
    return {
      ...org.body,
      organization: { ...org.body.organization, id: org.id },
      users: userRows,
      assessmentInvites: invites.map((i) => ({
        id: i.id,
        respondent: { id: i.respondentId },
        assessment: { id: i.assessmentId },
        isActive: true,
      })),
    };
  };

  /** A user row of the organization form as stored, with `change` applied. */
  const rowOf = async (id: number, change: object) => {
    const app = await appPromise;
    const u = await app.deps.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return {
      id: u.id,
      fullName: u.fullName,
      userName: u.userName,
      email: u.email,
      functionalRole: u.functionalRoleId ? { id: u.functionalRoleId } : null,
      group: { enumValue: u.userGroup },
      displayOrder: u.displayOrder,
      isActive: u.isActive === 1,
      ...change,
    };
  };

  const tokenOf = async (caller: Caller, org: Awaited<ReturnType<typeof manufacturer>>, self?: string) => {
    const w = await world;
    switch (caller) {
      case 'admin':
        return adminToken;
      case 'consultant own firm':
        return w.consultantA.token;
      case 'consultant other firm':
        return w.consultantB.token;
      case 'champion own org':
        return org.championToken;
      case 'champion other org':
        return w.other.championToken;
      case 'manufacturer':
        return org.memberToken;
      case 'themselves':
        return self ?? org.memberToken;
    }
  };

  /** The change of one field: the body part of the user form, the row change, and the expected value. */
  const changeOf = async (
    field: Field,
  ): Promise<{ form: Record<string, unknown>; row: Record<string, unknown> }> => {
    const w = await world;
    switch (field) {
      case 'email': {
        const email = `${unique('taker')}@attacker.example`;
        return { form: { email }, row: { email } };
      }
      case 'group':
        return {
          form: {
            group: { enumValue: UserGroup.ManufacturerChampion },
            functionalRole: { id: await lookupIds(await appPromise).first(LookupType.FunctionalRole) },
          },
          row: { group: { enumValue: UserGroup.ManufacturerChampion } },
        };
      case 'organization':
        return { form: { organization: { id: w.other.id } }, row: {} };
      case 'isActive':
        return { form: { isActive: false }, row: { isActive: false } };
      case 'isSuspended':
        return { form: { isSuspended: true }, row: {} };
    }
  };

  it.each(rows)('%s by %s of a %s: %s → %s', async (path, caller, targetKind, field, expected) => {
    const app = await appPromise;
    const w = await world;
    const org = await manufacturer(w.firmA);
    const colleague =
      targetKind === 'firm colleague'
        ? (await buildUser(app, UserGroup.Consultant, { organizationId: w.firmA })).id
        : undefined;
    const targetId = colleague ?? (targetKind === 'pending member' ? org.pending : org.member);
    const before = await fieldsOf(targetId);
    const change = await changeOf(field);
    const token = await tokenOf(caller, org);
    let res: Awaited<ReturnType<typeof call>>;
    if (path === 'user/update') {
      const form = (await call('admin/user/getbyid', { id: targetId })).json();
      if (field === 'organization') {
        const ids = lookupIds(app);
        change.form = {
          organization: {
            id: w.other.id,
            businessType: { id: await ids.first(LookupType.BusinessType, OrganizationType.Manufacturer) },
          },
        };
      }
      res = await call('admin/user/visitor/update', { user: { ...form, ...change.form } }, await token);
    } else if (path === 'org rows') {
      const body = await orgUpdate(org, [await rowOf(targetId, change.row)]);
      res = await call('admin/organization/update', body, await token);
    } else {
      const profile = (
        await api(app, { method: 'GET', url: '/api/auth/profile', token: await token })
      ).json();
      res = await api(app, {
        method: 'POST',
        url: '/api/auth/profile/update',
        token: await token,
        payload: { ...profile, ...change.form, currentPassword: PASSWORD },
      });
    }
    const after = await fieldsOf(targetId);
    if (expected === 'allowed') {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().isSuccess, res.body).toBe(true);
      if (path === 'profile') expect(after.pendingEmail).toBe((change.form as { email: string }).email);
      else expect(after).not.toEqual(before);
    } else {
      expect(res.statusCode, res.body).toBe(expected);
      expect(typeof res.json().message).toBe('string');
      expect(after).toEqual(before);
    }
  });

  it.each(reactivationRows)(
    're-activating a person the admin deactivated, through %s, by %s: %s',
    async (path, caller, expected) => {
      const w = await world;
      const org = await manufacturer(w.firmA);
      const off = await call('admin/user/visitor/update', {
        user: { ...(await call('admin/user/getbyid', { id: org.member })).json(), isActive: false },
      });
      expect(off.json().isSuccess, off.body).toBe(true);
      const before = await fieldsOf(org.member);
      const token = await tokenOf(caller, org);
      const res =
        path === 'user/update'
          ? await call(
              'admin/user/visitor/update',
              { user: { ...(await call('admin/user/getbyid', { id: org.member })).json(), isActive: true } },
              await token,
            )
          : await call(
              'admin/organization/update',
              await orgUpdate(org, [await rowOf(org.member, { isActive: true })]),
              await token,
            );
      if (expected === 'allowed') {
        expect(res.json().isSuccess, res.body).toBe(true);
        expect((await fieldsOf(org.member)).isActive).toBe(1);
      } else {
        expect(res.statusCode, res.body).toBe(403);
        expect(res.json().message).toBe(messages.users.reactivateAdminOnly);
        expect(await fieldsOf(org.member)).toEqual(before);
      }
    },
  );

  it('refuses the two-step takeover: clearing a registered person’s address, then setting another', async () => {
    const w = await world;
    const org = await manufacturer(w.firmA);
    const before = await fieldsOf(org.member);
    const attacker = `${unique('taker')}@attacker.example`;
    for (const email of ['', attacker]) {
      const res = await call(
        'admin/organization/update',
        await orgUpdate(org, [await rowOf(org.member, { email })]),
        org.championToken,
      );
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(messages.users.emailChangeAdminOnly);
    }
    expect(await fieldsOf(org.member)).toEqual(before);
    expect(smtp.received.filter((m) => m.body.includes(attacker) || m.to.includes(attacker))).toHaveLength(0);
  });

  it("lets a champion correct a never-registered person's address: old told, old link dead, new link works", async () => {
    const app = await appPromise;
    const w = await world;
    const org = await manufacturer(w.firmA);
    const oldEmail = (await fieldsOf(org.pending)).email!;
    const sent = await call('admin/user/resendinvite', { user: { id: org.pending } });
    expect(sent.json().isSuccess, sent.body).toBe(true);
    const oldMail = await smtp.waitFor(
      (m) => m.to.includes(oldEmail) && m.links.some((l) => l.includes('/invite/')),
    );
    const oldToken = oldMail.links.find((l) => l.includes('/invite/'))!.split('/invite/')[1]!;
    const newEmail = `${unique('fixed')}@example.com`;
    const res = await call(
      'admin/organization/update',
      await orgUpdate(org, [await rowOf(org.pending, { email: newEmail })]),
      org.championToken,
    );
    expect(res.json().isSuccess, res.body).toBe(true);
    expect((await fieldsOf(org.pending)).email).toBe(newEmail);
    const notice = await smtp.waitFor((m) => m.to.includes(oldEmail) && m.subject.includes('was changed'));
    expect(notice.body).toContain(newEmail);
    const newMail = await smtp.waitFor(
      (m) => m.to.includes(newEmail) && m.links.some((l) => l.includes('/invite/')),
    );
    const newToken = newMail.links.find((l) => l.includes('/invite/'))!.split('/invite/')[1]!;
    const userName = (
      await app.deps.db
        .selectFrom('users')
        .select('userName')
        .where('id', '=', org.pending)
        .executeTakeFirstOrThrow()
    ).userName;
    const registerWith = (token: string) =>
      call(
        'auth/register',
        { token, userName, password: 'An0ther!Passw0rd', confirmPassword: 'An0ther!Passw0rd' },
        '',
      );
    expect((await registerWith(oldToken)).json().isSuccess).toBe(false);
    expect((await registerWith(newToken)).json().isSuccess).toBe(true);
  });

  it("tells the old address of an admin's change, which applies at once", async () => {
    const w = await world;
    const org = await manufacturer(w.firmA);
    const oldEmail = (await fieldsOf(org.member)).email!;
    const newEmail = `${unique('admin-set')}@example.com`;
    const form = (await call('admin/user/getbyid', { id: org.member })).json();
    const res = await call('admin/user/visitor/update', { user: { ...form, email: newEmail } });
    expect(res.json().isSuccess, res.body).toBe(true);
    expect((await fieldsOf(org.member)).email).toBe(newEmail);
    const notice = await smtp.waitFor((m) => m.to.includes(oldEmail) && m.subject.includes('was changed'));
    expect(notice.body).toContain(newEmail);
  });

  it("tells the old address when an admin's conversion changes a visitor's address", async () => {
    const app = await appPromise;
    const w = await world;
    const visitor = await buildUser(app, UserGroup.Visitor);
    const oldEmail = (await fieldsOf(visitor.id)).email!;
    const newEmail = `${unique('converted')}@example.com`;
    const res = await call('admin/user/visitor/convert', {
      id: visitor.id,
      organization: { id: w.firmA },
      email: newEmail,
    });
    expect(res.json().isSuccess, res.body).toBe(true);
    expect(await fieldsOf(visitor.id)).toMatchObject({ email: newEmail, userGroup: UserGroup.Consultant });
    const notice = await smtp.waitFor((m) => m.to.includes(oldEmail) && m.subject.includes('was changed'));
    expect(notice.body).toContain(newEmail);
  });

  it('asks for the current password to change one’s own address, confirms the new one, tells the old one', async () => {
    const app = await appPromise;
    const w = await world;
    const org = await manufacturer(w.firmA);
    const oldEmail = (await fieldsOf(org.member)).email!;
    const newEmail = `${unique('mine')}@example.com`;
    const profile = (
      await api(app, { method: 'GET', url: '/api/auth/profile', token: org.memberToken })
    ).json();
    const save = (extra: object) =>
      api(app, {
        method: 'POST',
        url: '/api/auth/profile/update',
        token: org.memberToken,
        payload: { ...profile, email: newEmail, ...extra },
      });
    const missing = await save({});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(messages.account.currentPasswordForEmail);
    const wrong = await save({ currentPassword: 'Not!TheRight1' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(messages.account.wrongCurrentPassword);
    expect(await fieldsOf(org.member)).toMatchObject({ email: oldEmail, pendingEmail: null });

    const right = await save({ currentPassword: PASSWORD });
    expect(right.json().isSuccess, right.body).toBe(true);
    expect(right.json().message).toContain(messages.account.emailChangePending);
    expect((await fieldsOf(org.member)).email).toBe(oldEmail);
    const notice = await smtp.waitFor((m) => m.to.includes(oldEmail) && m.body.includes(newEmail));
    expect(notice.subject).toContain('is being changed');
    const confirm = await smtp.waitFor(
      (m) => m.to.includes(newEmail) && m.links.some((l) => l.includes('/confirmemail/')),
    );
    const token = confirm.links.find((l) => l.includes('/confirmemail/'))!.split('/confirmemail/')[1]!;
    expect((await call('auth/confirmemail', { token }, '')).json().isSuccess).toBe(true);
    expect((await fieldsOf(org.member)).email).toBe(newEmail);
  });

  it('counts wrong current passwords of My Profile and the password change together, then answers 429', async () => {
    const app = await appPromise;
    const org = await manufacturer((await world).firmA);
    const oldEmail = (await fieldsOf(org.member)).email!;
    const profile = (
      await api(app, { method: 'GET', url: '/api/auth/profile', token: org.memberToken })
    ).json();
    const wrongProfile = () =>
      api(app, {
        method: 'POST',
        url: '/api/auth/profile/update',
        token: org.memberToken,
        payload: { ...profile, email: `${unique('guess')}@example.com`, currentPassword: 'Not!TheRight1' },
      });
    const wrongChange = () =>
      call(
        'auth/changepassword',
        { oldPassword: 'Not!TheRight1', newPassword: 'Fresh#Pass9x', confirmPassword: 'Fresh#Pass9x' },
        org.memberToken,
      );
    // The default allowance is 10 wrong ones per account in 15 minutes, over both calls.
    for (let i = 0; i < 10; i++)
      expect((await (i % 2 ? wrongChange() : wrongProfile())).statusCode).not.toBe(429);
    const over = await wrongProfile();
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toBe(messages.login.tooManyAttempts);
    expect((await wrongChange()).statusCode).toBe(429);
    expect(await fieldsOf(org.member)).toMatchObject({ email: oldEmail, pendingEmail: null });
  });

  it('refuses a consultant adding consulting-firm people or moving a colleague into a client (docs/product.md#rules-validation)', async () => {
    const app = await appPromise;
    const w = await world;
    const org = await manufacturer(w.firmA);
    const ids = lookupIds(app);
    const person = (group: UserGroup, organizationId: number, organizationType: number) => {
      const userName = unique('new');
      return {
        userName,
        fullName: 'Noel Newman',
        email: `${userName}@example.com`,
        group: { enumValue: group },
        functionalRole: null,
        organization: { id: organizationId },
        organizationType,
      };
    };
    const cases: [UserGroup, number, number, number][] = [
      [UserGroup.Consultant, w.firmA, OrganizationType.Consultant, 400],
      [UserGroup.Consultant, org.id, OrganizationType.Manufacturer, 400],
    ];
    for (const [group, organizationId, type, status] of cases) {
      const { organizationType, ...user } = person(group, organizationId, type);
      const body = {
        ...user,
        functionalRole: { id: await ids.first(LookupType.FunctionalRole) },
        organization: {
          id: organizationId,
          businessType: { id: await ids.first(LookupType.BusinessType, organizationType) },
        },
      };
      const res = await call('admin/user/visitor/add', { user: body }, w.consultantA.token);
      expect(res.statusCode, res.body).toBe(status);
      expect(await usersRepository.findByUserName(app.deps.db, user.userName)).toBeUndefined();
    }
    // The organization form refuses the same: a consulting firm's users are the admins'.
    const firmRows = await call(
      'admin/organization/update',
      {
        organization: {
          id: w.firmA,
          name: 'Firm',
          type: { enumValue: OrganizationType.Consultant },
          businessType: { id: await ids.first(LookupType.BusinessType, OrganizationType.Consultant) },
        },
        users: [
          {
            id: -1,
            fullName: 'Noel Newman',
            userName: unique('new'),
            email: 'n@example.com',
            group: { enumValue: 2 },
          },
        ],
        assessmentInvites: [],
      },
      w.consultantA.token,
    );
    expect(firmRows.statusCode).toBe(403);
    // Only the admin converts a visitor.
    expect(
      (await call('admin/user/visitor/convert', { id: org.member }, w.consultantA.token)).statusCode,
    ).toBe(403);
  });

  it('validates inactive rows too: an admin group cannot be stored in a manufacturer', async () => {
    const w = await world;
    const org = await manufacturer(w.firmA);
    const before = await fieldsOf(org.member);
    const res = await call(
      'admin/organization/update',
      await orgUpdate(org, [
        await rowOf(org.member, { isActive: false, group: { enumValue: UserGroup.Admin } }),
      ]),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(messages.organization.userDataMissing);
    expect(await fieldsOf(org.member)).toEqual(before);
  });

  it("leaves last login out of a consultant's user search rows, not out of an admin's", async () => {
    const w = await world;
    const org = await manufacturer(w.firmA);
    const name = (
      await (
        await appPromise
      ).deps.db
        .selectFrom('users')
        .select('userName')
        .where('id', '=', org.member)
        .executeTakeFirstOrThrow()
    ).userName;
    const byConsultant = (
      await call('admin/user/search', { query: name, skip: 0, take: 12 }, w.consultantA.token)
    ).json();
    expect(byConsultant.data).toHaveLength(1);
    expect(byConsultant.data[0]).not.toHaveProperty('lastLogin');
    const byAdmin = (await call('admin/user/search', { query: name, skip: 0, take: 12 })).json();
    expect(byAdmin.data[0].lastLogin).toBeTruthy();
  });

  it('checks every other input before the user name, and bounds how often a consultant hears it is taken', async () => {
    const app = await appPromise;
    const w = await world;
    const org = await manufacturer(w.firmA);
    const ids = lookupIds(app);
    const taken = (
      await app.deps.db
        .selectFrom('users')
        .select('userName')
        .where('id', '=', org.member)
        .executeTakeFirstOrThrow()
    ).userName;
    const user = {
      userName: taken,
      fullName: 'Probe',
      email: 'probe@example.com',
      group: { enumValue: UserGroup.Manufacturer },
      functionalRole: { id: await ids.first(LookupType.FunctionalRole) },
      organization: {
        id: org.id,
        businessType: { id: await ids.first(LookupType.BusinessType, OrganizationType.Manufacturer) },
      },
    };
    const withBadAssessment = await call(
      'admin/user/visitor/add',
      { user, assessment: { code: 'no-such-assessment' } },
      w.consultantA.token,
    );
    expect(withBadAssessment.statusCode).toBe(400);
    expect(withBadAssessment.json().message).toBe('assessment: not an active assessment.');
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++)
      statuses.push((await call('admin/user/visitor/add', { user }, w.consultantA.token)).statusCode);
    expect(statuses.slice(0, 20).every((s) => s === 400)).toBe(true);
    expect(statuses[20]).toBe(429);
    // Admins are not bounded.
    expect((await call('admin/user/visitor/add', { user })).json().message).toBe(
      messages.account.userNameTaken,
    );
  });

  it("bounds how often a champion hears a user name is taken through the organization form's rows", async () => {
    const org = await manufacturer((await world).firmA);
    const taken = (
      await (
        await appPromise
      ).deps.db
        .selectFrom('users')
        .select('userName')
        .where('id', '=', org.member)
        .executeTakeFirstOrThrow()
    ).userName;
    const probe = await rowOf(org.member, { id: -1, fullName: 'Probe', userName: taken, email: null });
    const answers = [];
    for (let i = 0; i < 21; i++)
      answers.push(await call('admin/organization/update', await orgUpdate(org, [probe]), org.championToken));
    for (const answer of answers.slice(0, 20))
      expect(answer.json()).toMatchObject({
        isSuccess: false,
        message: messages.organization.userNameTaken(taken),
      });
    expect(answers[20]!.statusCode).toBe(429);
    expect(answers[20]!.json().message).toBe(messages.users.userNameChecksExhausted);
    // A save that adds nobody still goes through.
    expect(
      (await call('admin/organization/update', await orgUpdate(org, []), org.championToken)).json(),
    ).toMatchObject({ isSuccess: true });
  });
});
