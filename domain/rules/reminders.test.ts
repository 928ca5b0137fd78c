import { describe, expect, it } from 'vitest';
import { AssessmentType } from '../codes.js';
import {
  ACTION_DUE_SOON,
  ACTION_OVERDUE,
  actionReminderDue,
  addDays,
  answeredText,
  collectingAssessmentType,
  nextInviteReminderAt,
} from './reminders.js';

describe('reminders (docs/decisions.md#insights-reminders)', () => {
  it('chases the assessment the roadmap is collecting, and none while it reports', () => {
    expect(collectingAssessmentType('PreAssessment')).toBe(AssessmentType.CurrentState);
    expect(collectingAssessmentType('CurrentState')).toBe(AssessmentType.CurrentState);
    expect(collectingAssessmentType('FutureState')).toBe(AssessmentType.FutureState);
    expect(collectingAssessmentType('CurrentStateReporting')).toBeNull();
    expect(collectingAssessmentType('FutureStateReporting')).toBeNull();
    expect(collectingAssessmentType(null)).toBeNull();
  });

  it('puts reminder n every-days x n days after the invite was sent, none past the maximum', () => {
    const sentAt = '2026-11-01T09:30:00.000Z';
    const schedule = { everyDays: 7, maxReminders: 3 };
    const next = (sent: number, lastAt: string | null = null) =>
      nextInviteReminderAt({ sentAt, sent, lastAt }, schedule);
    expect(next(0)).toBe('2026-11-08T09:30:00.000Z');
    expect(next(2, '2026-11-15T09:30:00.000Z')).toBe('2026-11-22T09:30:00.000Z');
    expect(next(3, '2026-11-22T09:30:00.000Z')).toBeNull();
    expect(
      nextInviteReminderAt({ sentAt, sent: 0, lastAt: null }, { everyDays: 7, maxReminders: 0 }),
    ).toBeNull();
  });

  it('never sends the next reminder sooner than every-days after the last one', () => {
    const sentAt = '2026-10-01T09:30:00.000Z';
    const schedule = { everyDays: 7, maxReminders: 3 };
    // Reminders turned on a month after the invite: the first goes at once, the second a week later.
    expect(nextInviteReminderAt({ sentAt, sent: 1, lastAt: '2026-11-01T12:00:00.000Z' }, schedule)).toBe(
      '2026-11-08T12:00:00.000Z',
    );
  });

  it('tells an owner a week before the due date and once it has passed', () => {
    expect(actionReminderDue('2026-12-10', '2026-12-02')).toBeNull();
    expect(actionReminderDue('2026-12-10', '2026-12-03')).toBe(ACTION_DUE_SOON);
    expect(actionReminderDue('2026-12-10', '2026-12-10')).toBe(ACTION_DUE_SOON);
    expect(actionReminderDue('2026-12-10', '2026-12-11')).toBe(ACTION_OVERDUE);
    expect(actionReminderDue(null, '2026-12-11')).toBeNull();
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('says how far a started assessment is', () => {
    expect(answeredText({ answered: 12, total: 46 })).toBe('12 of 46 questions answered');
  });
});
