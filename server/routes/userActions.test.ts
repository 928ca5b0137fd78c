import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { LookupType, UserGroup, UserStatus } from '../../domain/codes.js';
import { messages } from '../../domain/messages.js';
import { userTokens } from '../commands/userTokens.js';
import { nowIso } from '../db/clock.js';
import { ADMIN, api, buildTestApp, buildUser, login, PASSWORD, testDialects } from '../test/helpers.js';
import {
  assessmentIds,
  buildFirm,
  buildManufacturer,
  lookupIds,
  manufacturerSave,
  setRoadmapStatus,
  signInAs,
  submitAssessment,
} from '../test/organizations.js';
import { startTestSmtp } from '../test/smtp.js';

const NEW_PASSWORD = 'Brand#New2024';

/** The cells of a workbook's sheets as text rows, as someone opening the file would read them. */
async function sheetsOf(buffer: Buffer) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(buffer as unknown as ArrayBuffer);
  const sheets: Record<string, string[][]> = {};
  book.eachSheet((sheet) => {
    const rows: string[][] = [];
    sheet.eachRow((row) => {
      rows.push((row.values as unknown[]).slice(1).map((v) => (v == null ? '' : String(v))));
    });
    sheets[sheet.name] = rows;
  });
  return sheets;
}

describe.each(testDialects())('user actions on %s', async (dialect) => {
  const smtp = await startTestSmtp();
  afterAll(() => smtp.close());
  const app = await buildTestApp(dialect, {
    SMTP_URL: smtp.url,
    PUBLIC_URL: 'http://localhost:5173',
    // Every sign-in here comes from one address; the per-account limit stays as shipped.
    LOGIN_MAX_PER_ADDRESS: '1000',
  });
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

  /** Everything of a user's that a deletion or a conversion touches, to compare before and after. */
  const footprint = async (userId: number) => ({
    user: await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst(),
    results: await db
      .selectFrom('assessmentResults')
      .selectAll()
      .where('respondentId', '=', userId)
      .orderBy('id')
      .execute(),
    answers: await db
      .selectFrom('answers as a')
      .innerJoin('assessmentResults as r', 'r.id', 'a.assessmentResultId')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('r.respondentId', '=', userId)
      .executeTakeFirst()
      .then((r) => Number(r?.n)),
    invites: await db
      .selectFrom('assessmentInvites')
      .selectAll()
      .where('respondentId', '=', userId)
      .orderBy('id')
      .execute(),
    tokens: await db
      .selectFrom('userTokens')
      .selectAll()
      .where('userId', '=', userId)
      .orderBy('id')
      .execute(),
    passcodes: await db
      .selectFrom('oneTimePasscodes')
      .selectAll()
      .where('userId', '=', userId)
      .orderBy('id')
      .execute(),
    audit: await db
      .selectFrom('auditLog')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('entity', '=', 'user')
      .where('entityId', '=', userId)
      .executeTakeFirst()
      .then((r) => Number(r?.n)),
  });

  /** A real database trigger that makes the last write of a command on this user fail. */
  const failWritesTo = async (event: 'DELETE' | 'UPDATE', userId: number) => {
    if (dialect === 'sqlite') {
      await sql
        .raw(
          `CREATE TRIGGER boom BEFORE ${event} ON users WHEN old.id = ${userId} BEGIN SELECT RAISE(ABORT, 'boom'); END`,
        )
        .execute(db);
      return async () => {
        await sql.raw('DROP TRIGGER boom').execute(db);
      };
    }
    await sql
      .raw(
        `CREATE FUNCTION boom() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'boom'; END $$`,
      )
      .execute(db);
    await sql
      .raw(
        `CREATE TRIGGER boom BEFORE ${event} ON users FOR EACH ROW WHEN (old.id = ${userId}) EXECUTE FUNCTION boom()`,
      )
      .execute(db);
    return async () => {
      await sql.raw('DROP TRIGGER boom ON users').execute(db);
      await sql.raw('DROP FUNCTION boom()').execute(db);
    };
  };

  const roles = {
    consultant: UserGroup.Consultant,
    champion: UserGroup.ManufacturerChampion,
    manufacturer: UserGroup.Manufacturer,
    visitor: UserGroup.Visitor,
  } as const;
  const roleTokens = Object.fromEntries(
    await Promise.all(
      Object.entries(roles).map(
        async ([name, group]) => [name, (await buildUser(app, group)).token] as const,
      ),
    ),
  );

  /** A visitor with a trial result and an e-mailed link; answers its id, user name and session. */
  const visitorWithTrial = async () => {
    const visitor = await buildUser(app, UserGroup.Visitor);
    const resultId = await submitAssessment(app, visitor.token, 'trial', 2);
    await userTokens.issue(db, visitor.id, 'reset');
    return { ...visitor, resultId };
  };

  it.each([['admin/user/visitor/delete', (id: number) => ({ id })]])(
    'lets only administrators call %s',
    async (url, body) => {
      const target = await visitorWithTrial();
      const before = await footprint(target.id);
      for (const [role, token] of Object.entries(roleTokens)) {
        const res = await call(url, body(target.id), token);
        expect(res.statusCode, role).toBe(403);
      }
      expect((await call(url, body(target.id), '')).statusCode).toBe(401);
      expect(await footprint(target.id)).toEqual(before);
    },
  );

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
      call('auth/register', { token, userName, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }, '');

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

  describe('admin/user/visitor/delete', () => {
    const remove = (id: unknown) => call('admin/user/visitor/delete', { id });

    it('deletes a user with their results, answers, invites, links and passcodes, and ends their session', async () => {
      const maker = await buildManufacturer(app, adminToken);
      // The champion: champions take current-state assessments on their invite, and trials.
      const [, userName] = maker.userNames;
      const token = await signInAs(app, userName);
      await submitAssessment(app, token, 'current-state', 3);
      await submitAssessment(app, token, 'trial', 1);
      const user = await userRow(userName);
      await userTokens.issue(db, user.id, 'reset');
      await db
        .insertInto('oneTimePasscodes')
        .values({ userId: user.id, codeHash: 'x', expiresAt: nowIso(), createdAt: nowIso() })
        .execute();
      const before = await footprint(user.id);
      expect(before.results).toHaveLength(2);
      expect(before.answers).toBeGreaterThan(0);
      expect(before.invites).toHaveLength(2);

      const res = await remove(user.id);
      expect(res.json()).toEqual({ isSuccess: true, message: messages.admin.deleted });
      const after = await footprint(user.id);
      expect(after).toMatchObject({
        user: undefined,
        results: [],
        answers: 0,
        invites: [],
        tokens: [],
        passcodes: [],
      });
      expect(after.audit).toBe(before.audit + 1);
      expect((await call('auth/checkToken', {}, token)).statusCode).toBe(401);
      // The organization's invite tab no longer lists them; the other person's invites stay.
      const invites = (
        await call('admin/assessmentInvite/search/byorg', { take: 9999, organizationId: maker.id })
      ).json();
      expect(invites.count).toBe(2);
      expect(invites.data.every((i: { respondent: { id: number } }) => i.respondent.id !== user.id)).toBe(
        true,
      );
      expect((await remove(user.id)).statusCode).toBe(404);
    });

    it('refuses to delete yourself, and answers bad or unknown ids readably, changing nothing', async () => {
      const admin = await userRow(ADMIN.userName);
      const mine = await footprint(admin.id);
      expect((await remove(admin.id)).json()).toEqual({
        isSuccess: false,
        message: messages.users.cannotDeleteSelf,
      });
      expect(await footprint(admin.id)).toEqual(mine);

      const target = await visitorWithTrial();
      const before = await footprint(target.id);
      for (const bad of ['abc', 1.5, { id: 1 }]) {
        const res = await remove(bad);
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toMatch(/^Invalid request\. id: /);
      }
      expect((await call('admin/user/visitor/delete', {})).statusCode).toBe(400);
      const unknown = await remove(999_999);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().message).toBe(messages.users.notFound);
      expect(await footprint(target.id)).toEqual(before);
    });

    it('changes nothing when the deletion fails half-way, and leaks no details', async () => {
      const target = await visitorWithTrial();
      const before = await footprint(target.id);
      expect(before.results).toHaveLength(1);
      const restore = await failWritesTo('DELETE', target.id);
      try {
        const res = await remove(target.id);
        expect(res.statusCode).toBe(500);
        expect(res.body).not.toMatch(/boom|trigger|users/i);
      } finally {
        await restore();
      }
      expect(await footprint(target.id)).toEqual(before);
      expect((await call('auth/checkToken', {}, target.token)).statusCode).toBe(200);
    });
  });
  describe('admin/user/visitor/convert', async () => {
    const convert = (body: object) => call('admin/user/visitor/convert', body);
    const ids = lookupIds(app);
    const functionalRole = await ids.first(LookupType.FunctionalRole);
    const firm = await buildFirm(app, adminToken);
    const organization = (id: number) =>
      db.selectFrom('organizations').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const invitesOf = async (organizationId: number) =>
      (await call('admin/assessmentInvite/search/byorg', { take: 9999, organizationId })).json();

    it('makes a visitor a manufacturer user whose trial results become current-state results of the organization', async () => {
      const maker = await buildManufacturer(app, adminToken);
      await setRoadmapStatus(app, maker.id, 'CurrentStateReporting');
      const visitor = await visitorWithTrial();
      const older = visitor.resultId;
      const latest = await submitAssessment(app, visitor.token, 'trial', 4);
      const fullName = (await userRow(visitor.userName)).fullName;

      const res = await convert({
        id: visitor.id,
        organization: { id: maker.id },
        consultingFirm: { id: firm.firmId },
        functionalRole: { id: functionalRole },
        email: 'converted@example.com',
        referredBy: { id: firm.firmId },
        referredByOther: 'ignored while a firm is chosen',
        host: null,
      });
      expect(res.json()).toEqual({
        isSuccess: true,
        message: messages.users.converted,
        data: { organizationId: maker.id },
      });
      expect(await userRow(visitor.userName)).toMatchObject({
        userGroup: UserGroup.Manufacturer,
        organizationId: maker.id,
        status: UserStatus.Approved,
        functionalRoleId: functionalRole,
        email: 'converted@example.com',
        referredById: firm.firmId,
        referredByOther: null,
      });
      expect((await organization(maker.id)).consultingFirmId).toBe(firm.firmId);

      // Both trial results are now the manufacturer's current-state results; the latest is on an invite.
      const current = (await assessmentIds(app)).current;
      const results = (await footprint(visitor.id)).results;
      expect(results.map((r) => [r.id, r.assessmentId, r.organizationId])).toEqual([
        [older, current, maker.id],
        [latest, current, maker.id],
      ]);
      const invites = await invitesOf(maker.id);
      expect(invites.count).toBe(5);
      const theirs = invites.data.filter(
        (i: { respondent: { id: number } }) => i.respondent.id === visitor.id,
      );
      expect(theirs).toHaveLength(1);
      expect(theirs[0]).toMatchObject({
        assessment: { code: 'current-state' },
        consultingFirm: { id: firm.firmId },
        assessmentResult: { id: latest },
        isActive: true,
      });
      expect(results.find((r) => r.id === latest)?.assessmentInviteId).toBe(theirs[0].id);

      // The organization's report counts it.
      const report = await call('assessmentresult/report/byorg/download', {
        id: maker.id,
        assessmentType: 1,
      });
      expect(report.statusCode).toBe(200);
      const sheets = await sheetsOf(report.rawPayload);
      expect(sheets.Summary!.find((r) => r[0] === 'Respondents counted')?.[1]).toBe('1');
      expect(sheets.Respondents!.slice(1).map((r) => r[0])).toEqual([fullName]);

      // The person now signs in as a manufacturer and sees the result as theirs; it cannot be done twice.
      const profile = await api(app, { method: 'GET', url: '/api/auth/profile', token: visitor.token });
      expect(profile.json()).toMatchObject({ group: { enumValue: UserGroup.Manufacturer } });
      expect((await convert({ id: visitor.id, organization: { id: maker.id } })).json()).toEqual({
        isSuccess: false,
        message: messages.users.onlyVisitorsConvert,
      });
    });

    it("attaches the latest trial to the person's open current-state invite rather than adding one", async () => {
      const maker = await buildManufacturer(app, adminToken);
      const visitor = await visitorWithTrial();
      const current = (await assessmentIds(app)).current;
      const now = nowIso();
      const invite = await db
        .insertInto('assessmentInvites')
        .values({
          respondentId: visitor.id,
          assessmentId: current,
          organizationId: maker.id,
          consultingFirmId: null,
          excludeFromReport: 0,
          isActive: 1,
          invitedAt: null,
          createdAt: now,
          updatedAt: now,
          createdBy: null,
          updatedBy: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const res = await convert({
        id: visitor.id,
        organization: { id: maker.id },
        functionalRole: { id: functionalRole },
      });
      expect(res.json().isSuccess).toBe(true);
      const after = await footprint(visitor.id);
      expect(after.invites.map((i) => i.id)).toEqual([invite.id]);
      expect(after.results[0]).toMatchObject({ assessmentId: current, assessmentInviteId: invite.id });
      // No consulting firm chosen: the manufacturer keeps having none.
      expect((await organization(maker.id)).consultingFirmId).toBeNull();
    });

    it('makes a visitor a consultant of a firm; trial results stay trials; an unregistered one is pending', async () => {
      const visitor = await visitorWithTrial();
      await db
        .updateTable('users')
        .set({ registrationComplete: null })
        .where('id', '=', visitor.id)
        .execute();
      const before = await footprint(visitor.id);
      const res = await convert({ id: visitor.id, organization: { id: firm.firmId } });
      expect(res.json()).toEqual({
        isSuccess: true,
        message: messages.users.converted,
        data: { organizationId: firm.firmId },
      });
      const after = await footprint(visitor.id);
      expect(after.user).toMatchObject({
        userGroup: UserGroup.Consultant,
        organizationId: firm.firmId,
        status: UserStatus.Pending,
        email: before.user!.email,
      });
      expect(after.results).toEqual(before.results);
      expect(after.invites).toEqual([]);
    });

    it('refuses non-visitors, other organizations and bad references, changing nothing', async () => {
      const maker = await buildManufacturer(app, adminToken);
      const inactiveMaker = await buildManufacturer(app, adminToken);
      await db.updateTable('organizations').set({ isActive: 0 }).where('id', '=', inactiveMaker.id).execute();
      const visitor = await visitorWithTrial();
      const consultant = await buildUser(app, UserGroup.Consultant);
      const admin = await userRow(ADMIN.userName);
      const state = await ids.byCode(LookupType.State, 'oh');
      const base = { id: visitor.id, organization: { id: maker.id }, functionalRole: { id: functionalRole } };
      const before = await footprint(visitor.id);
      const makerBefore = await organization(maker.id);

      const refusals: [object, string][] = [
        [{ ...base, id: consultant.id }, messages.users.onlyVisitorsConvert],
        [{ ...base, id: admin.id }, messages.users.onlyVisitorsConvert],
        [{ ...base, organization: { id: visitor.organizationId } }, messages.users.conversionTarget],
        [{ ...base, organization: { id: admin.organizationId } }, messages.users.conversionTarget],
        [{ ...base, organization: { id: inactiveMaker.id } }, messages.users.conversionTarget],
        [{ ...base, organization: { id: 999_999 } }, messages.users.conversionTarget],
        [{ ...base, consultingFirm: { id: maker.id } }, messages.users.conversionFirm],
        [{ ...base, consultingFirm: { id: 999_999 } }, messages.users.conversionFirm],
      ];
      for (const [body, message] of refusals) {
        const res = await convert(body);
        expect(res.json(), JSON.stringify(body)).toEqual({ isSuccess: false, message });
      }
      const badInputs: [object, RegExp][] = [
        [{ id: visitor.id }, /organization: Choose the organization\./],
        [{ ...base, organization: { id: -1 } }, /organization: Choose the organization\./],
        [{ ...base, id: 'abc' }, /id: /],
        [{ ...base, functionalRole: null }, /functionalRole: Required/],
        [{ ...base, functionalRole: { id: state } }, /functionalRole: not a valid functional role/],
        [{ ...base, email: 'not-an-email' }, /email: Invalid email format/],
        [{ ...base, referredBy: { id: maker.id } }, /referredBy: not an active consulting firm/],
      ];
      for (const [body, pattern] of badInputs) {
        const res = await convert(body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().message).toMatch(pattern);
      }
      const unknown = await convert({ ...base, id: 999_999 });
      expect(unknown.statusCode).toBe(404);
      expect(await footprint(visitor.id)).toEqual(before);
      expect(await organization(maker.id)).toEqual(makerBefore);
      expect((await invitesOf(maker.id)).count).toBe(4);
    });

    it('changes nothing when the conversion fails half-way, and leaks no details', async () => {
      const maker = await buildManufacturer(app, adminToken);
      const visitor = await visitorWithTrial();
      const before = await footprint(visitor.id);
      const makerBefore = await organization(maker.id);
      const restore = await failWritesTo('UPDATE', visitor.id);
      try {
        const res = await convert({
          id: visitor.id,
          organization: { id: maker.id },
          consultingFirm: { id: firm.firmId },
          functionalRole: { id: functionalRole },
        });
        expect(res.statusCode).toBe(500);
        expect(res.body).not.toMatch(/boom|trigger|users/i);
      } finally {
        await restore();
      }
      expect(await footprint(visitor.id)).toEqual(before);
      expect(await organization(maker.id)).toEqual(makerBefore);
      expect((await invitesOf(maker.id)).count).toBe(4);
      // Without the failure the same call goes through.
      const res = await convert({
        id: visitor.id,
        organization: { id: maker.id },
        consultingFirm: { id: firm.firmId },
        functionalRole: { id: functionalRole },
      });
      expect(res.json().isSuccess).toBe(true);
    });
  });
  describe('one-time passcodes', () => {
    const issue = (id: unknown) => call('admin/user/onetimepasscode', { user: { id } });
    const signIn = (userName: string, password: string) =>
      api(app, { method: 'POST', url: '/api/auth/login', payload: { userName, password } });
    const passcodesOf = (userId: number) =>
      db.selectFrom('oneTimePasscodes').selectAll().where('userId', '=', userId).orderBy('id').execute();
    const issued = async (userId: number) => {
      const res = await issue(userId);
      const body = res.json();
      expect(body).toEqual({
        isSuccess: true,
        message: messages.users.otpGenerated(body.data),
        data: body.data,
      });
      expect(body.data).toMatch(/^[2-9A-HJKMNP-Z]{10}$/);
      return body.data as string;
    };

    it('signs a person in once with the passcode and makes them choose a new password', async () => {
      const person = await buildUser(app, UserGroup.Manufacturer);
      const startedAt = Date.now();
      const code = await issued(person.id);

      // Stored only as a hash, expiring within 10 minutes.
      const [row] = await passcodesOf(person.id);
      expect(JSON.stringify(row)).not.toContain(code);
      expect(row!.codeHash).toMatch(/^[0-9a-f]{64}$/);
      const expires = Date.parse(row!.expiresAt);
      expect(expires).toBeGreaterThanOrEqual(startedAt + 10 * 60_000 - 1000);
      expect(expires).toBeLessThanOrEqual(Date.now() + 10 * 60_000);

      // Typed in lower case, it still works, once.
      const res = await signIn(person.userName, code.toLowerCase());
      expect(res.json()).toMatchObject({ isSuccess: true, data: { user: { requireChangePassword: true } } });
      const session = res.json().data.token as string;
      expect((await userRow(person.userName)).requireChangePassword).toBe(1);
      expect((await signIn(person.userName, code)).json()).toEqual({
        isSuccess: false,
        message: messages.login.invalidCredentials,
      });
      // Nothing else until the password is changed.
      const blocked = await call('assessment/invites/pending/mine', { skip: 0, take: 99 }, session);
      expect(blocked.statusCode).toBe(403);
      expect(blocked.json().message).toBe(messages.auth.changePasswordFirst);

      // A passcode issued meanwhile dies with the password change.
      const second = await issued(person.id);
      const changed = await call(
        'auth/changepassword/onetime',
        { newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
        session,
      );
      expect(changed.json()).toMatchObject({
        isSuccess: true,
        message: messages.auth.passwordUpdated,
        data: { user: { requireChangePassword: false } },
      });
      expect((await userRow(person.userName)).requireChangePassword).toBe(0);
      expect((await signIn(person.userName, second)).json().isSuccess).toBe(false);
      expect((await signIn(person.userName, NEW_PASSWORD)).json().isSuccess).toBe(true);
    });

    it('keeps the password working beside a passcode; a newer passcode voids the older', async () => {
      const person = await buildUser(app, UserGroup.Consultant);
      const first = await issued(person.id);
      const second = await issued(person.id);
      expect(first).not.toBe(second);
      const password = await signIn(person.userName, PASSWORD);
      expect(password.json()).toMatchObject({
        isSuccess: true,
        data: { user: { requireChangePassword: false } },
      });
      expect((await signIn(person.userName, first)).json().isSuccess).toBe(false);
      expect((await signIn(person.userName, second)).json().isSuccess).toBe(true);
    });

    it('lets only one of several simultaneous sign-ins use a passcode', async () => {
      const person = await buildUser(app, UserGroup.Manufacturer);
      const code = await issued(person.id);
      const answers = await Promise.all([1, 2, 3].map(() => signIn(person.userName, code)));
      expect(answers.filter((a) => a.json().isSuccess)).toHaveLength(1);
    });

    it('refuses an expired passcode', async () => {
      const person = await buildUser(app, UserGroup.Manufacturer);
      const code = await issued(person.id);
      await db
        .updateTable('oneTimePasscodes')
        .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
        .where('userId', '=', person.id)
        .execute();
      expect((await signIn(person.userName, code)).json()).toEqual({
        isSuccess: false,
        message: messages.login.invalidCredentials,
      });
      expect((await userRow(person.userName)).requireChangePassword).toBe(0);
    });

    it('allows 5 tries: after 5 failed sign-ins even the right passcode fails', async () => {
      const person = await buildUser(app, UserGroup.Manufacturer);
      const code = await issued(person.id);
      for (let i = 0; i < 5; i++)
        expect((await signIn(person.userName, `WRONG${i}CODE`)).json().isSuccess).toBe(false);
      expect((await passcodesOf(person.id))[0]!.attempts).toBe(5);
      expect((await signIn(person.userName, code)).json()).toEqual({
        isSuccess: false,
        message: messages.login.invalidCredentials,
      });

      // The right passcode on the fifth try still works (another person: the account throttle counts too).
      const other = await buildUser(app, UserGroup.Manufacturer);
      const again = await issued(other.id);
      for (let i = 0; i < 4; i++) await signIn(other.userName, `WRONG${i}CODE`);
      expect((await signIn(other.userName, again)).json().isSuccess).toBe(true);
    });

    it('still keeps pending, inactive and suspended accounts out, and the per-account throttle applies', async () => {
      for (const change of [
        { isActive: 0 },
        { isSuspended: 1 },
        { status: UserStatus.Pending, registrationComplete: null },
      ]) {
        const person = await buildUser(app, UserGroup.Manufacturer);
        const code = await issued(person.id);
        // Changed behind the application's back, so the passcode itself stays live.
        await db.updateTable('users').set(change).where('id', '=', person.id).execute();
        expect((await signIn(person.userName, code)).json(), JSON.stringify(change)).toEqual({
          isSuccess: false,
          message: messages.login.invalidCredentials,
        });
        expect((await passcodesOf(person.id))[0]!.usedAt).toBeNull();
      }

      const person = await buildUser(app, UserGroup.Manufacturer);
      for (let i = 0; i < 10; i++) await signIn(person.userName, 'not the password');
      const code = await issued(person.id);
      expect((await signIn(person.userName, code)).statusCode).toBe(429);
    });

    it('is issued only to another active, unsuspended user, not to a sign-up awaiting approval, and bad input changes nothing', async () => {
      const admin = await userRow(ADMIN.userName);
      const inactive = await buildUser(app, UserGroup.Manufacturer, { isActive: false });
      const suspended = await buildUser(app, UserGroup.Manufacturer);
      await db.updateTable('users').set({ isSuspended: 1 }).where('id', '=', suspended.id).execute();
      const pending = await buildUser(app, UserGroup.ManufacturerChampion);
      await db
        .updateTable('users')
        .set({ status: UserStatus.Pending, registrationComplete: null })
        .where('id', '=', pending.id)
        .execute();
      const count = () =>
        db
          .selectFrom('oneTimePasscodes')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirst()
          .then((r) => Number(r?.n));
      const before = await count();

      expect((await issue(admin.id)).json()).toEqual({
        isSuccess: false,
        message: messages.users.noPasscodeForSelf,
      });
      for (const user of [inactive, suspended])
        expect((await issue(user.id)).json()).toEqual({
          isSuccess: false,
          message: messages.users.passcodeNeedsActiveUser,
        });
      // A self sign-up (no one added them) awaiting approval (no invite sent yet).
      expect((await issue(pending.id)).json()).toEqual({
        isSuccess: false,
        message: messages.signIn.passcodeAwaitsApproval,
      });
      for (const body of [
        {},
        { user: {} },
        { user: { id: 'abc' } },
        { user: { id: 0 } },
        { id: suspended.id },
      ]) {
        const res = await call('admin/user/onetimepasscode', body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().message).toMatch(/^Invalid request\. /);
      }
      expect((await issue(999_999)).statusCode).toBe(404);
      expect(await count()).toBe(before);
    });

    it('lets a person added to an organization who never registered in with a passcode, which completes the registration (docs/decisions.md#sign-in-passcodes)', async () => {
      // Regression: passcodes were refused until the person had registered, so an administrator could
      // not help someone whose invite e-mail never arrived.
      const maker = await buildManufacturer(app, adminToken, { sendInvites: true });
      const [userName] = maker.userNames;
      // The invite went out (and, say, a spam filter ate it).
      const invite = await smtp.waitFor(
        (m) =>
          m.to.includes(`${userName}@example.com`.toLowerCase()) &&
          m.links.some((l) => l.includes('/invite/')),
      );
      const before = await userRow(userName);
      expect(before).toMatchObject({
        status: UserStatus.Pending,
        registrationComplete: null,
        passwordHash: null,
      });
      // The user screen knows the person was added (not a sign-up awaiting approval): it offers the passcode.
      expect((await call('admin/user/getbyid', { id: before.id }, adminToken)).json()).toMatchObject({
        selfSignUp: false,
      });
      const code = await issued(before.id);
      const res = await signIn(userName, code);
      expect(res.json()).toMatchObject({ isSuccess: true, data: { user: { requireChangePassword: true } } });
      const changed = await call(
        'auth/changepassword/onetime',
        { newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
        res.json().data.token,
      );
      expect(changed.json()).toMatchObject({
        isSuccess: true,
        data: { user: { requireChangePassword: false } },
      });
      const after = await userRow(userName);
      expect(after.status).toBe(UserStatus.Approved);
      expect(after.registrationComplete).not.toBeNull();
      expect((await signIn(userName, NEW_PASSWORD)).json().isSuccess).toBe(true);
      // The invite link they never received is void now that a password is set.
      const token = invite.links.find((l) => l.includes('/invite/'))!.split('/invite/')[1];
      const register = await api(app, {
        method: 'POST',
        url: '/api/auth/register',
        payload: { token, userName, password: 'An0ther#Pass', confirmPassword: 'An0ther#Pass' },
      });
      expect(register.json()).toEqual({ isSuccess: false, message: messages.account.linkInvalid });
    });
  });
});
