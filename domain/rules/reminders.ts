import { AssessmentType, type RoadmapStatusCode } from '../codes.js';

// Reminders (docs/decisions.md#insights-reminders): who is chased, when, and how often. The server's
// passes, Send reminders now, the preview and the Report Settings form all follow these rules.

export const REMINDER_LIMITS = {
  everyDays: { min: 1, max: 30, default: 7 },
  maxReminders: { min: 0, max: 10, default: 3 },
  /** An owner hears of an action this many days before it is due, and once the day after. */
  actionNoticeDays: 7,
  /** Send reminders now skips anyone reminded this recently. */
  recentMs: 60 * 60 * 1000,
} as const;

/** The kinds of reminder; each goes once per object, person and ordinal. */
export type ReminderKind = 'invite' | 'action';
/** An action's reminders: 1 in the week before its due date, 2 once it is overdue. */
export const ACTION_DUE_SOON = 1;
export const ACTION_OVERDUE = 2;

export const reminderTexts = {
  everyDaysRange: `Remind every must be a whole number of days from ${REMINDER_LIMITS.everyDays.min} to ${REMINDER_LIMITS.everyDays.max}.`,
  maxRange: `Reminders at most must be a whole number from ${REMINDER_LIMITS.maxReminders.min} to ${REMINDER_LIMITS.maxReminders.max}.`,
  disabled: 'Reminders are turned off for this organization.',
  notCollecting:
    'No assessment is being collected at this stage of the roadmap, so there is no one to remind.',
  sent: (n: number) => (n === 1 ? '1 reminder was sent.' : `${n} reminders were sent.`),
} as const;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The assessment type whose invites the roadmap is collecting: the current state until its reporting
 * (Pre-Assessment, Current State Assessment), the future state while it is assessed; none otherwise.
 */
export function collectingAssessmentType(status: RoadmapStatusCode | string | null): number | null {
  if (status === 'PreAssessment' || status === 'CurrentState') return AssessmentType.CurrentState;
  if (status === 'FutureState') return AssessmentType.FutureState;
  return null;
}

export type ReminderSchedule = { everyDays: number; maxReminders: number };

/**
 * When an invite sent at `sentAt` (ISO moment) with `sent` reminders so far, the last at `lastAt`, is
 * due its next one: everyDays x n days after it was sent for the nth, and never sooner than everyDays
 * after the last reminder (turning reminders on for old invites, or Send reminders now, starts no
 * burst of one a pass); null once it has had maxReminders.
 */
export function nextInviteReminderAt(
  invite: { sentAt: string; sent: number; lastAt: string | null },
  schedule: ReminderSchedule,
): string | null {
  if (invite.sent >= schedule.maxReminders) return null;
  const bySchedule = Date.parse(invite.sentAt) + schedule.everyDays * (invite.sent + 1) * DAY_MS;
  const sinceLast = invite.lastAt === null ? 0 : Date.parse(invite.lastAt) + schedule.everyDays * DAY_MS;
  return new Date(Math.max(bySchedule, sinceLast)).toISOString();
}

/** The ISO day `days` after (or before, negative) an ISO day. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The reminder an open action's owner is due today (ISO day), if any: ACTION_OVERDUE from the day
 * after its due date, ACTION_DUE_SOON from 7 days before it up to the day itself; none without a date.
 */
export function actionReminderDue(dueOn: string | null, today: string): number | null {
  if (dueOn === null) return null;
  if (today > dueOn) return ACTION_OVERDUE;
  if (today >= addDays(dueOn, -REMINDER_LIMITS.actionNoticeDays)) return ACTION_DUE_SOON;
  return null;
}

/** '12 of 46 questions answered', from a started attempt's draft. */
export function answeredText(progress: { answered: number; total: number }): string {
  return `${progress.answered} of ${progress.total} questions answered`;
}
