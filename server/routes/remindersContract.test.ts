import { afterAll, describe, expect, it } from 'vitest';
import { reminderTexts } from '../../domain/rules/reminders.js';
import { runReminderPass } from '../commands/reminders.js';
import { ADMIN, buildTestApp, login, testDialects } from '../test/helpers.js';
import { DAY, postAs } from '../test/insights.js';
import {
  assessmentIds,
  buildFirm,
  buildManufacturer,
  setRoadmapStatus,
  signInAs,
} from '../test/organizations.js';
import { type ReminderSettings, remindedManufacturer } from '../test/plans.js';
import { type Respondent, submitBySection } from '../test/reports.js';
import { startTestSmtp } from '../test/smtp.js';

// The reminders' contract (docs/decisions.md#insights-reminders: reminders and their calls) where
// reminders.test.ts does not already hold it: the champion and plain members, the settings' limits,
// who is left out, the maximum with Send reminders now, the assessment the roadmap collects, and
// owners' reminders of finished, undated and handed-over actions.

const SENT = '2026-01-05T09:00:00.000Z';
const at = (days: number) => new Date(Date.parse(SENT) + days * DAY);

type PreviewRow = {
  inviteId: number;
  respondent: { id: number; fullName: string };
  assessment: { id: number; name: string };
  sentCount: number;
  nextOn: string | null;
};

describe.each(testDialects())('reminders contract on %s', async (dialect) => {
  const smtp = await startTestSmtp();
  afterAll(() => smtp.close());
  const appPromise = buildTestApp(dialect, {
    SMTP_URL: smtp.url,
    PUBLIC_URL: 'https://roadmap.example.org',
    LOGIN_MAX_PER_ADDRESS: '1000',
  });
  const adminToken = appPromise.then((app) => login(app, ADMIN.userName, ADMIN.password));
  const post = async (url: string, payload: object, token?: string) =>
    postAs(await appPromise, url, token ?? (await adminToken), payload);
  const pass = async (when: Date) => runReminderPass((await appPromise).deps, when);
  const preview = async (id: number) => {
    const res = await post('organization/reminders/preview', { id });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as PreviewRow[];
  };
  const sendNow = async (id: number) => {
    const res = await post('organization/reminders/sendnow', { id });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.sent as number;
  };

  /** A manufacturer collecting the current state with reminders on, whose people are invited at SENT. */
  const maker = async (settings: ReminderSettings = {}) =>
    remindedManufacturer(await appPromise, await adminToken, SENT, settings);

  /** The subjects of the e-mails queued for a person, those containing `about` only. */
  async function mailsTo(p: Respondent, about = 'Reminder:') {
    const app = await appPromise;
    const rows = await app.deps.db
      .selectFrom('mailQueue')
      .select(['subject', 'recipients'])
      .orderBy('id')
      .execute();
    return rows
      .filter((r) => JSON.parse(r.recipients).includes(p.email) && r.subject.includes(about))
      .map((r) => r.subject);
  }

  /** A manufacturer saved through the API, its plain member and champion signed in, and its save call. */
  async function savedMaker() {
    const app = await appPromise;
    const admin = await adminToken;
    const firm = await buildFirm(app, admin);
    const made = await buildManufacturer(app, admin, { consultingFirmId: firm.firmId });
    const id = made.id;
    const member = await signInAs(app, made.userNames[0]);
    const champion = await signInAs(app, made.userNames[1]);
    const form = (await post('admin/organization/getbyid', { id })).json();
    const users = (await post('admin/user/search/byorg', { organizationId: id, take: 99 })).json().data;
    const invites = (
      await post('admin/assessmentInvite/search/byorg', { organizationId: id, take: 99 })
    ).json().data;
    const save = (extra: object, token: string) =>
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
    const settings = async () => {
      const { remindersEnabled, reminderEveryDays, maxReminders } = (
        await post('admin/organization/getbyid', { id })
      ).json();
      return { remindersEnabled, reminderEveryDays, maxReminders };
    };
    return { id, member, champion, save, settings };
  }

  it('lets the champion preview and send reminders, and not a plain member', async () => {
    const { id, member, champion } = await savedMaker();
    for (const url of ['organization/reminders/preview', 'organization/reminders/sendnow']) {
      expect((await post(url, { id }, member)).statusCode, `${url} as member`).toBe(403);
      expect((await post(url, { id }, champion)).statusCode, `${url} as champion`).toBe(200);
    }
  });

  it('lets the champion change the reminder settings, not a plain member, and refuses out-of-range ones', async () => {
    const { member, champion, save, settings } = await savedMaker();
    const wanted = { remindersEnabled: true, reminderEveryDays: 30, maxReminders: 0 };
    const refused = await save(wanted, member);
    expect(refused.statusCode).toBe(403);
    expect(await settings()).toEqual({ remindersEnabled: false, reminderEveryDays: 7, maxReminders: 3 });
    const res = await save(wanted, champion);
    expect(res.json().isSuccess, res.body).toBe(true);
    expect(await settings()).toEqual(wanted);
    // The other ends of the ranges pass: the refusals are the values', not the body's.
    const bounds = { remindersEnabled: false, reminderEveryDays: 1, maxReminders: 10 };
    for (const [bad, reason] of [
      [{ maxReminders: -1 }, reminderTexts.maxRange],
      [{ maxReminders: 11 }, reminderTexts.maxRange],
      [{ reminderEveryDays: 0 }, reminderTexts.everyDaysRange],
      [{ reminderEveryDays: 31 }, reminderTexts.everyDaysRange],
    ] as const) {
      const res = await save({ ...bounds, ...bad }, champion);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().message, JSON.stringify(bad)).toContain(reason);
    }
    expect(await settings()).toEqual(wanted);
    expect((await save(bounds, champion)).statusCode).toBe(200);
    expect(await settings()).toEqual(bounds);
  });

  it('sends no invite reminder with a maximum of 0', async () => {
    const { id, person } = await maker({ max: 0 });
    const ann = await person('Ann Zero');
    expect((await preview(id)).map((r) => [r.respondent.fullName, r.sentCount, r.nextOn])).toEqual([
      ['Ann Zero', 0, null],
    ]);
    expect(await sendNow(id)).toBe(0);
    await pass(at(30));
    expect(await mailsTo(ann)).toEqual([]);
  });

  it('leaves out inactive invites, inactive people and answered invites', async () => {
    const app = await appPromise;
    const { id, person } = await maker();
    const kept = await person('Kay Kept');
    const inactiveInvite = await person('Ian Inactive Invite');
    const inactiveUser = await person('Uma Inactive User');
    const answered = await person('Abe Answered');
    await app.deps.db
      .updateTable('assessmentInvites')
      .set({ isActive: 0 })
      .where('respondentId', '=', inactiveInvite.id)
      .execute();
    await submitBySection(app, answered.token, 'current-state', () => 2);
    await app.deps.db.updateTable('users').set({ isActive: 0 }).where('id', '=', inactiveUser.id).execute();
    expect((await preview(id)).map((r) => r.respondent.fullName)).toEqual(['Kay Kept']);
    expect(await sendNow(id)).toBe(1);
    await pass(at(60));
    expect(await mailsTo(kept)).not.toEqual([]);
    for (const p of [inactiveInvite, inactiveUser, answered])
      expect(await mailsTo(p), p.fullName).toEqual([]);
  });

  it('stops Send reminders now at the maximum, and the preview then names no next day', async () => {
    const app = await appPromise;
    const { id, person } = await maker({ max: 2 });
    const bo = await person('Bo Max');
    /** Moves the last reminder two hours back, past Send reminders now's hour. */
    const ageLastReminder = () =>
      app.deps.db
        .updateTable('assessmentInvites')
        .set({ lastReminderAt: new Date(Date.now() - 2 * 3_600_000).toISOString() })
        .where('respondentId', '=', bo.id)
        .execute();
    expect(await sendNow(id)).toBe(1);
    expect((await preview(id)).map((r) => [r.sentCount, r.nextOn === null])).toEqual([[1, false]]);
    await ageLastReminder();
    expect(await sendNow(id)).toBe(1);
    expect((await preview(id)).map((r) => [r.sentCount, r.nextOn])).toEqual([[2, null]]);
    await ageLastReminder();
    expect(await sendNow(id)).toBe(0);
    await pass(at(300));
    expect(await mailsTo(bo)).toHaveLength(2);
  });

  it('reminds of the future state only at FutureState, and of the current state at PreAssessment', async () => {
    const app = await appPromise;
    const ids = await assessmentIds(app);
    const future = await maker();
    const fia = await future.person('Fia Future');
    await setRoadmapStatus(app, future.id, 'FutureState');
    const early = await maker();
    const pam = await early.person('Pam Pre');
    await setRoadmapStatus(app, early.id, 'PreAssessment');
    expect((await preview(future.id)).map((r) => r.assessment.id)).toEqual([ids.future]);
    expect((await preview(early.id)).map((r) => r.assessment.id)).toEqual([ids.current]);
    expect(await sendNow(future.id)).toBe(1);
    expect(await sendNow(early.id)).toBe(1);
    expect(await mailsTo(fia)).toEqual(['Reminder: your Future State Assessment in the SM Roadmap']);
    expect(await mailsTo(pam)).toEqual(['Reminder: your Current State Assessment in the SM Roadmap']);
    await pass(at(60));
    expect((await mailsTo(fia)).every((s) => s.includes('Future State'))).toBe(true);
    expect((await mailsTo(pam)).every((s) => s.includes('Current State'))).toBe(true);
  });

  /** An action added through the API in the organization's first current-state section. */
  async function addAction(organizationId: number, fields: object) {
    const app = await appPromise;
    const section = await app.deps.db
      .selectFrom('assessmentSections')
      .select('sectionId')
      .where('assessmentId', '=', (await assessmentIds(app)).current)
      .orderBy('sectionId')
      .executeTakeFirstOrThrow();
    const res = await post('organization/action/add', {
      organizationId,
      sectionId: section.sectionId,
      ...fields,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.id as number;
  }

  it('sends an owner nothing of a Done action or one without a due date', async () => {
    const { id, person } = await maker();
    const olga = await person('Olga Owner');
    await addAction(id, { title: 'Finished gauges', ownerId: olga.id, dueOn: '2026-03-10', status: 'Done' });
    await addAction(id, { title: 'Undated gauges', ownerId: olga.id });
    await addAction(id, { title: 'Open gauges', ownerId: olga.id, dueOn: '2026-03-10' });
    for (const day of ['2026-03-05', '2026-03-10', '2026-03-11', '2026-06-01'])
      await pass(new Date(`${day}T12:00:00.000Z`));
    expect(await mailsTo(olga, 'Finished gauges')).toEqual([]);
    expect(await mailsTo(olga, 'Undated gauges')).toEqual([]);
    expect(await mailsTo(olga, 'Open gauges')).toHaveLength(2);
  });

  it('reminds the new owner once the owner is changed, and the former one no more', async () => {
    const { id, person } = await maker();
    const first = await person('Fran First');
    const second = await person('Sam Second');
    const actionId = await addAction(id, { title: 'Handed valves', ownerId: first.id, dueOn: '2026-03-10' });
    await pass(new Date('2026-03-04T12:00:00.000Z'));
    expect(await mailsTo(first, 'Handed valves')).toEqual(['Due on 2026-03-10: Handed valves (SM Roadmap)']);
    const res = await post('organization/action/update', { id: actionId, ownerId: second.id });
    expect(res.statusCode, res.body).toBe(200);
    await pass(new Date('2026-03-05T12:00:00.000Z'));
    await pass(new Date('2026-03-11T12:00:00.000Z'));
    expect(await mailsTo(second, 'Handed valves')).toEqual([
      'Due on 2026-03-10: Handed valves (SM Roadmap)',
      'Overdue: Handed valves (SM Roadmap)',
    ]);
    expect(await mailsTo(first, 'Handed valves')).toHaveLength(1);
  });
});
