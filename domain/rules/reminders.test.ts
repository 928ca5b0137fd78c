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
    const sent = '2026-11-01T09:30:00.000Z';
    const schedule = { everyDays: 7, maxReminders: 3 };
    expect(nextInviteReminderAt(sent, 0, schedule)).toBe('2026-11-08T09:30:00.000Z');
    expect(nextInviteReminderAt(sent, 2, schedule)).toBe('2026-11-22T09:30:00.000Z');
    expect(nextInviteReminderAt(sent, 3, schedule)).toBeNull();
    expect(nextInviteReminderAt(sent, 0, { everyDays: 7, maxReminders: 0 })).toBeNull();
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
