import { afterAll, describe, expect, it } from 'vitest';
import { UserGroup, UserStatus } from '../../domain/codes.js';
import { reminderTexts } from '../../domain/rules/reminders.js';
import { buildApp } from '../app.js';
import { runReminderPass } from '../commands/reminders.js';
import { ADMIN, api, buildTestApp, buildUser, login, testDialects } from '../test/helpers.js';
import { DAY, postAs } from '../test/insights.js';
import { buildFirm, buildManufacturer, setRoadmapStatus } from '../test/organizations.js';
import { type ReminderSettings, remindedManufacturer } from '../test/plans.js';
import type { Respondent } from '../test/reports.js';
import { startTestSmtp } from '../test/smtp.js';

// Reminders (docs/decisions.md#insights-reminders): the scheduled pass run with a chosen "now" (the
// fake clock), Send reminders now, the preview and the settings, through a real SMTP server.

const PUBLIC_URL = 'https://roadmap.example.org';
const SENT = '2026-01-05T09:00:00.000Z';
const at = (days: number, hours = 0) => new Date(Date.parse(SENT) + days * DAY + hours * 3_600_000);

describe.each(testDialects())('reminders on %s', async (dialect) => {
  const smtp = await startTestSmtp();
  afterAll(() => smtp.close());
  const appPromise = buildTestApp(dialect, {
    SMTP_URL: smtp.url,
    PUBLIC_URL,
    LOGIN_MAX_PER_ADDRESS: '1000',
  });
  const adminToken = appPromise.then((app) => login(app, ADMIN.userName, ADMIN.password));
  const post = async (url: string, payload: object, token?: string) =>
    postAs(await appPromise, url, token ?? (await adminToken), payload);
  const pass = async (when: Date) => runReminderPass((await appPromise).deps, when);

  /** A manufacturer of a firm collecting the current state, reminders on, its invites sent at SENT. */
  const maker = async (settings: ReminderSettings = {}) =>
    remindedManufacturer(await appPromise, await adminToken, SENT, settings);

  /** The reminders queued so far for a person, by subject. */
  async function queuedFor(p: Respondent) {
    const app = await appPromise;
    const rows = await app.deps.db
      .selectFrom('mailQueue')
      .select(['subject', 'recipients'])
      .where('subject', 'like', 'Reminder:%')
      .execute();
    return rows.filter((r) => JSON.parse(r.recipients).includes(p.email)).map((r) => r.subject);
  }

  async function inviteOf(p: Respondent, organizationId: number) {
    const res = await post('admin/assessmentInvite/search/byorg', { organizationId, take: 50 });
    const rows = res.json().data as {
      respondent: { id: number };
      assessment: { assessmentType: number };
      remindersSent: number;
      lastReminderOn: string | null;
    }[];
    return rows.find((r) => r.respondent.id === p.id && r.assessment.assessmentType === 1);
  }

  it('reminds an invitee every so many days after the invite went, up to the maximum, each once', async () => {
    const { id, person } = await maker({ everyDays: 7, max: 2 });
    const ann = await person('Ann Reminded');
    await pass(at(6, 23));
    expect(await queuedFor(ann)).toEqual([]);
    await pass(at(7));
    await pass(at(7, 1));
    expect(await queuedFor(ann)).toHaveLength(1);
    expect(await inviteOf(ann, id)).toMatchObject({ remindersSent: 1, lastReminderOn: '2026-01-12' });
    // The admin invite list carries them too.
    const listed = (
      await post('admin/assessmentinvite/search', { query: 'Ann Reminded', assessmentType: 1, take: 5 })
    ).json().data as { remindersSent: number; lastReminderOn: string | null }[];
    expect(listed.map((r) => [r.remindersSent, r.lastReminderOn])).toEqual([[1, '2026-01-12']]);
    await pass(at(13));
    expect(await queuedFor(ann)).toHaveLength(1);
    await pass(at(14));
    await pass(at(40));
    // Two at most; only the current state is being collected, so the future-state invite waits.
    expect(await queuedFor(ann)).toHaveLength(2);
    expect((await queuedFor(ann))[0]).toBe('Reminder: your Current State Assessment in the SM Roadmap');
    const mail = await smtp.waitFor((m) => m.to.includes(ann.email.toLowerCase()));
    expect(mail.links).toContain(`${PUBLIC_URL}/intro/current-state`);
    const app = await appPromise;
    const audit = await app.deps.db
      .selectFrom('auditLog')
      .select(['action', 'entity'])
      .where('action', '=', 'reminder-sent')
      .where('entity', '=', 'assessment-invite')
      .execute();
    expect(audit.length).toBeGreaterThanOrEqual(2);
  });

  it('says how far a started assessment is, from the draft', async () => {
    const { person } = await maker();
    const bea = await person('Bea Started');
    const criteria = (await post('assessment/bycode', { query: 'current-state' }, bea.token)).json();
    const first = criteria.sections[0].questions as {
      value?: number;
      choices: { id: number; selected?: boolean }[];
    }[];
    for (const q of first) {
      q.choices[0]!.selected = true;
      q.value = q.choices[0]!.id;
    }
    criteria.startDateTime = new Date().toISOString();
    const saved = await post('assessmentdraft/save', { code: 'current-state', criteria }, bea.token);
    expect(saved.json().isSuccess).toBe(true);
    const total = criteria.sections.reduce(
      (n: number, s: { questions: unknown[] }) => n + s.questions.length,
      0,
    );
    await pass(at(8));
    const mail = await smtp.waitFor((m) => m.to.includes(bea.email.toLowerCase()));
    expect(mail.body).toContain(`${first.length} of ${total} questions answered`);
  });

  it('gives someone who has not chosen a password a working invitation link', async () => {
    const { person } = await maker();
    const cal = await person('Cal Unregistered');
    const app = await appPromise;
    await app.deps.db
      .updateTable('users')
      .set({ passwordHash: null, registrationComplete: null, status: UserStatus.Pending })
      .where('id', '=', cal.id)
      .execute();
    await pass(at(8));
    const mail = await smtp.waitFor((m) => m.to.includes(cal.email.toLowerCase()));
    const link = mail.links.find((l) => l.startsWith(`${PUBLIC_URL}/invite/`));
    expect(link).toBeDefined();
    const token = link!.slice(`${PUBLIC_URL}/invite/`.length);
    const check = await api(app, { method: 'POST', url: '/api/auth/register/check', payload: { token } });
    expect(check.json().isSuccess, check.body).toBe(true);
  });

  it('reminds nobody while reminders are off, at a reporting stage, or of an answered invite', async () => {
    const off = await maker({ enabled: false });
    const dan = await off.person('Dan Off');
    const reporting = await maker();
    const eve = await reporting.person('Eve Reporting');
    await setRoadmapStatus(await appPromise, reporting.id, 'CurrentStateReporting');
    await pass(at(30));
    expect(await queuedFor(dan)).toEqual([]);
    expect(await queuedFor(eve)).toEqual([]);
    const now = await post('organization/reminders/sendnow', { id: off.id });
    expect(now.json()).toMatchObject({ isSuccess: true, message: reminderTexts.disabled, data: { sent: 0 } });
    const preview = await post('organization/reminders/preview', { id: reporting.id });
    expect(preview.json()).toMatchObject({ message: reminderTexts.notCollecting, data: [] });
  });

  it('sends each invitee’s next reminder now, skipping anyone reminded in the last hour, and previews the rest', async () => {
    const { id, person, firm } = await maker({ everyDays: 7, max: 3 });
    const fay = await person('Fay Now');
    const gus = await person('Gus Now');
    const preview = async () =>
      (await post('organization/reminders/preview', { id }, firm.consultant.token)).json().data as {
        respondent: { fullName: string };
        sentCount: number;
        nextOn: string | null;
      }[];
    expect((await preview()).map((r) => [r.respondent.fullName, r.sentCount, r.nextOn])).toEqual([
      ['Fay Now', 0, expect.any(String)],
      ['Gus Now', 0, expect.any(String)],
    ]);
    const first = await post('organization/reminders/sendnow', { id }, firm.consultant.token);
    expect(first.json()).toMatchObject({ data: { sent: 2 }, message: '2 reminders were sent.' });
    const again = await post('organization/reminders/sendnow', { id }, firm.consultant.token);
    expect(again.json().data).toEqual({ sent: 0 });
    expect(await queuedFor(fay)).toHaveLength(1);
    expect(await queuedFor(gus)).toHaveLength(1);
    expect((await preview()).map((r) => r.sentCount)).toEqual([1, 1]);
    const app = await appPromise;
    const audited = await app.deps.db
      .selectFrom('auditLog')
      .select('actorId')
      .where('action', '=', 'reminder-sent')
      .where('details', 'like', `%"organizationId":${id},%`)
      .execute();
    expect(audited).toHaveLength(2);
  });

  it('lets admins, the consultant and the champion preview and send; no one else', async () => {
    const app = await appPromise;
    const { id, firm } = await maker();
    const other = await buildFirm(app, await adminToken);
    const visitor = await buildUser(app, UserGroup.Visitor);
    for (const [token, status] of [
      [await adminToken, 200],
      [firm.consultant.token, 200],
      [other.consultant.token, 403],
      [visitor.token, 403],
    ] as [string, number][]) {
      expect((await post('organization/reminders/preview', { id }, token)).statusCode).toBe(status);
      expect((await post('organization/reminders/sendnow', { id }, token)).statusCode).toBe(status);
    }
    expect((await post('organization/reminders/preview', { id: 99_999_999 })).statusCode).toBe(404);
  });

  it('keeps the settings on the organization, changed by whoever saves it, and refuses bad ones', async () => {
    const app = await appPromise;
    const firm = await buildFirm(app, await adminToken);
    const made = await buildManufacturer(app, await adminToken, { consultingFirmId: firm.firmId });
    const id = made.id;
    const form = (await post('admin/organization/getbyid', { id })).json();
    expect(form).toMatchObject({ remindersEnabled: false, reminderEveryDays: 7, maxReminders: 3 });
    const users = (await post('admin/user/search/byorg', { organizationId: id, take: 99 })).json().data;
    const invites = (
      await post('admin/assessmentInvite/search/byorg', { organizationId: id, take: 99 })
    ).json().data;
    const save = (extra: object, token?: string) =>
      post(
        'admin/organization/update',
        {
          ...made.body,
          organization: { ...made.body.organization, id, name: form.name, ...extra },
          users: users.map((u: object) => ({ ...u, isActive: true })),
          assessmentInvites: invites.map((i: object) => ({ ...i, isActive: true })),
        },
        token,
      );
    for (const bad of [{ reminderEveryDays: 0 }, { reminderEveryDays: 31 }, { maxReminders: 11 }]) {
      const res = await save(bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    // The firm's consultant saves them: reminders are not an administrator's field.
    const res = await save(
      { remindersEnabled: true, reminderEveryDays: 3, maxReminders: 5 },
      firm.consultant.token,
    );
    expect(res.json().isSuccess, res.body).toBe(true);
    expect((await post('admin/organization/getbyid', { id })).json()).toMatchObject({
      remindersEnabled: true,
      reminderEveryDays: 3,
      maxReminders: 5,
    });
  });

  it('tells an action’s owner a week before it is due and once it is overdue, each once', async () => {
    const app = await appPromise;
    const { id, person } = await maker();
    const hal = await person('Hal Owner');
    const section = await app.deps.db
      .selectFrom('assessmentSections')
      .select('sectionId')
      .orderBy('sectionId')
      .executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    await app.deps.db
      .insertInto('actions')
      .values({
        organizationId: id,
        sectionId: section.sectionId,
        title: 'Calibrate the gauges',
        description: '',
        ownerId: hal.id,
        dueOn: '2026-03-10',
        status: 'InProgress',
        rationale: '',
        createdAt: now,
        updatedAt: now,
        completedAt: null,
        createdBy: null,
      })
      .execute();
    const subjects = async () =>
      (await app.deps.db.selectFrom('mailQueue').select(['subject', 'recipients']).execute())
        .filter((r) => JSON.parse(r.recipients).includes(hal.email) && r.subject.includes('Calibrate'))
        .map((r) => r.subject);
    await pass(new Date('2026-03-02T12:00:00.000Z'));
    expect(await subjects()).toEqual([]);
    await pass(new Date('2026-03-03T12:00:00.000Z'));
    await pass(new Date('2026-03-10T12:00:00.000Z'));
    expect(await subjects()).toEqual(['Due on 2026-03-10: Calibrate the gauges (SM Roadmap)']);
    await pass(new Date('2026-03-11T00:30:00.000Z'));
    await pass(new Date('2026-04-11T00:30:00.000Z'));
    expect(await subjects()).toEqual([
      'Due on 2026-03-10: Calibrate the gauges (SM Roadmap)',
      'Overdue: Calibrate the gauges (SM Roadmap)',
    ]);
    const mail = await smtp.waitFor((m) => m.subject.startsWith('Overdue: Calibrate'));
    expect(mail.links).toContain(`${PUBLIC_URL}/actionplan`);
  });

  it.runIf(dialect === 'postgres')(
    'sends each reminder once when several processes run their passes on one database at once',
    async () => {
      const app = await appPromise;
      const { person } = await maker({ everyDays: 1, max: 3 });
      const people = await Promise.all(['Ivy', 'Jon', 'Kit', 'Lou', 'Max'].map((n) => person(`${n} Raced`)));
      // A second app process on the same database and schema.
      const second = await buildApp({ ...app.deps.config, reminderIntervalMinutes: 0 });
      try {
        const when = at(1, 1);
        const results = await Promise.all([
          runReminderPass(app.deps, when),
          runReminderPass(second.deps, when),
          runReminderPass(app.deps, when),
          runReminderPass(second.deps, when),
        ]);
        const counts = await Promise.all(people.map((p) => queuedFor(p)));
        expect(counts.map((c) => c.length)).toEqual([1, 1, 1, 1, 1]);
        expect(results.reduce((n, r) => n + r.invites, 0)).toBeGreaterThanOrEqual(5);
      } finally {
        await second.close();
      }
    },
  );
});
