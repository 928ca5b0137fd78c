import { draftProgress } from '../../domain/rules/draftProgress.js';
import {
  ACTION_OVERDUE,
  actionReminderDue,
  answeredText,
  nextInviteReminderAt,
  REMINDER_LIMITS,
} from '../../domain/rules/reminders.js';
import type { AppConfig } from '../config.js';
import type { Db } from '../db/database.js';
import { linkBase } from '../mail/links.js';
import type { Mailer, OutgoingMail } from '../mail/mailer.js';
import { mailTemplates } from '../mail/templates.js';
import { isPostgres } from '../repositories/paging.js';
import {
  type ActionCandidate,
  claimKey,
  type InviteCandidate,
  remindersRepository,
} from '../repositories/reminders.js';
import { registersFromInvite } from './assessmentInviteMail.js';
import { audited } from './audited.js';
import { cachedAssessmentByCode } from './cachedAssessments.js';
import { readStored } from './saveDraft.js';
import { TOKEN_LIFETIME_MS, userTokens } from './userTokens.js';

// Sending reminders (docs/decisions.md#insights-reminders): the scheduled pass over every organization,
// and Send reminders now for one. Each batch claims its reminders, queues their e-mails, counts them
// on the invites and records them in the audit trail in one transaction: a reminder's claim and its
// e-mail commit together or not at all, and a claim is inserted once (the unique key), so a reminder
// goes once whichever process, pass or button reaches it first, also across a crash.

export type ReminderDeps = { db: Db; config: AppConfig; mailer: Mailer };

/**
 * Reminders claimed and queued per transaction. On SQLite, whose statements run on the event loop, a
 * batch is a pause for the requests around it, answered between batches: 25 keeps it to a few
 * milliseconds. PostgreSQL's statements wait on the network instead, so requests go on during a
 * batch, and a batch's cost is its round trips: 100 at a time there.
 */
const batchSize = (db: Db) => (isPostgres(db) ? 100 : 25);
const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve));

function batches<T>(db: Db, items: readonly T[]): T[][] {
  const size = batchSize(db);
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** '12 of 46 questions answered' from the person's draft of the assessment; null without an answer. */
async function answeredOf(deps: ReminderDeps, batch: readonly InviteCandidate[]) {
  const drafts = await remindersRepository.draftsOf(
    deps.db,
    batch.map((c) => ({ userId: c.personId, assessmentId: c.assessmentId })),
  );
  const answered = new Map<number, string>();
  for (const c of batch) {
    const text = drafts.get(`${c.personId}:${c.assessmentId}`);
    if (!text) continue;
    const found = await cachedAssessmentByCode(deps.db, c.assessmentCode.trim().toLowerCase());
    const draft = readStored(text);
    if (!found || !draft) continue;
    const progress = draftProgress(
      draft,
      found.content.questions.map((q) => q.id),
    );
    if (progress.answered > 0) answered.set(c.inviteId, answeredText(progress));
  }
  return answered;
}

/**
 * Sends each invite's next reminder (its count + 1) unless it went already; answers how many went.
 * `now` is the pass's moment: the reminder's and the invite's 'last reminded' time.
 */
async function sendInviteReminders(
  deps: ReminderDeps,
  candidates: readonly InviteCandidate[],
  actorId: number | null,
  now: Date,
): Promise<number> {
  let sent = 0;
  const base = linkBase(deps.config);
  for (const batch of batches(deps.db, candidates)) {
    await yieldToRequests();
    const answered = await answeredOf(deps, batch);
    sent += await audited(deps.db, async (trx, audit) => {
      const at = now.toISOString();
      const claims = batch.map((c) => ({
        kind: 'invite' as const,
        objectId: c.inviteId,
        personId: c.personId,
        ordinal: c.remindersSent + 1,
        organizationId: c.organizationId,
      }));
      const claimed = await remindersRepository.claim(trx, claims, at);
      const going = batch.filter((_c, i) => claimed.has(claimKey(claims[i] as (typeof claims)[number])));
      const mails: OutgoingMail[] = [];
      for (const c of going) {
        const fresh = registersFromInvite(c);
        const url = fresh
          ? `${base}/invite/${await userTokens.issue(trx, c.personId, 'invite')}`
          : `${base}/intro/${encodeURIComponent(c.assessmentCode)}`;
        mails.push({
          to: c.email,
          ...mailTemplates.inviteReminder({
            fullName: c.fullName,
            userName: c.userName,
            organization: c.organizationName,
            assessment: c.assessmentName,
            url,
            answered: answered.get(c.inviteId) ?? null,
            registerDays: fresh ? TOKEN_LIFETIME_MS.invite / 86_400_000 : null,
          }),
        });
        await audit({
          actor: actorId,
          action: 'reminder-sent',
          entity: 'assessment-invite',
          entityId: c.inviteId,
          details: { organizationId: c.organizationId, ordinal: c.remindersSent + 1 },
        });
      }
      await deps.mailer.enqueueMany(trx, mails);
      await remindersRepository.markInvitesReminded(
        trx,
        going.map((c) => c.inviteId),
        at,
      );
      return going.length;
    });
  }
  if (sent > 0) deps.mailer.wake();
  return sent;
}

/** Sends the owners' reminders of their actions that are due; answers how many went. */
async function sendActionReminders(
  deps: ReminderDeps,
  due: readonly (ActionCandidate & { ordinal: number })[],
  now: Date,
): Promise<number> {
  let sent = 0;
  const url = `${linkBase(deps.config)}/actionplan`;
  for (const batch of batches(deps.db, due)) {
    await yieldToRequests();
    sent += await audited(deps.db, async (trx, audit) => {
      const at = now.toISOString();
      const claims = batch.map((c) => ({
        kind: 'action' as const,
        objectId: c.actionId,
        personId: c.personId,
        ordinal: c.ordinal,
        organizationId: c.organizationId,
      }));
      const claimed = await remindersRepository.claim(trx, claims, at);
      const going = batch.filter((_c, i) => claimed.has(claimKey(claims[i] as (typeof claims)[number])));
      const mails: OutgoingMail[] = [];
      for (const c of going) {
        mails.push({
          to: c.email,
          ...mailTemplates.actionReminder({
            fullName: c.fullName,
            organization: c.organizationName,
            action: c.title,
            practiceArea: c.sectionName,
            dueOn: c.dueOn,
            overdue: c.ordinal === ACTION_OVERDUE,
            url,
          }),
        });
        await audit({
          actor: null,
          action: 'reminder-sent',
          entity: 'action',
          entityId: c.actionId,
          details: { organizationId: c.organizationId, ordinal: c.ordinal },
        });
      }
      await deps.mailer.enqueueMany(trx, mails);
      return going.length;
    });
  }
  if (sent > 0) deps.mailer.wake();
  return sent;
}

export type ReminderPass = { invites: number; actions: number };

/** When a candidate invite is due its next reminder, by its organization's schedule. */
const nextReminderOf = (c: InviteCandidate) =>
  nextInviteReminderAt(
    { sentAt: c.invitedAt, sent: c.remindersSent, lastAt: c.lastReminderAt },
    { everyDays: c.reminderEveryDays, maxReminders: c.maxReminders },
  );

/**
 * The scheduled pass, as of `now`: every invite whose next reminder has fallen due, and every owner
 * of an open action due within the week or overdue who has not had that reminder.
 */
export async function runReminderPass(deps: ReminderDeps, now = new Date()): Promise<ReminderPass> {
  const moment = now.toISOString();
  const invites = (await remindersRepository.inviteCandidates(deps.db)).filter((c) => {
    const at = nextReminderOf(c);
    return at !== null && at <= moment;
  });
  const today = moment.slice(0, 10);
  const owners = (await remindersRepository.actionCandidates(deps.db, today)).flatMap((c) => {
    const ordinal = actionReminderDue(c.dueOn, today);
    return ordinal === null ? [] : [{ ...c, ordinal }];
  });
  const sent = await remindersRepository.sentKeys(
    deps.db,
    'action',
    owners.map((c) => c.actionId),
  );
  const unsent = owners.filter((c) => !sent.has(claimKey({ objectId: c.actionId, ...c })));
  return {
    invites: await sendInviteReminders(deps, invites, null, now),
    actions: await sendActionReminders(deps, unsent, now),
  };
}

/**
 * Send reminders now: the next reminder, due or not, of every invitee of the organization the schedule
 * would still remind, but anyone reminded in the last hour. Counts as one of their reminders.
 */
export async function sendRemindersNow(
  deps: ReminderDeps,
  organizationId: number,
  actorId: number,
  now = new Date(),
): Promise<number> {
  const recent = new Date(now.getTime() - REMINDER_LIMITS.recentMs).toISOString();
  const candidates = (await remindersRepository.inviteCandidates(deps.db, organizationId)).filter(
    (c) => c.lastReminderAt === null || c.lastReminderAt <= recent,
  );
  return sendInviteReminders(deps, candidates, actorId, now);
}

/** Who will be reminded next and when (the preview): every invitee the schedule may still remind. */
export async function reminderPreview(deps: ReminderDeps, organizationId: number, now = new Date()) {
  const today = now.toISOString().slice(0, 10);
  const rows = await remindersRepository.inviteCandidates(deps.db, organizationId, { withFinished: true });
  return rows.map((c) => {
    const at = nextReminderOf(c);
    return {
      inviteId: c.inviteId,
      respondent: { id: c.personId, fullName: c.fullName },
      assessment: { id: c.assessmentId, name: c.assessmentName },
      sentCount: c.remindersSent,
      // A reminder already due goes with the next pass: today.
      nextOn: at === null ? null : at.slice(0, 10) < today ? today : at.slice(0, 10),
    };
  });
}
