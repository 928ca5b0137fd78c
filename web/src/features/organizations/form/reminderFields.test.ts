import { reminderTexts } from '@domain/rules/reminders';
import { describe, expect, it } from 'vitest';
import { draftFrom, setReminders } from './organizationDraft';
import { consultingFirm, organizationLookups, savedManufacturer } from './organizationFixtures';
import { remindersChanged } from './reminderFields';
import { fieldProblemsOf, saveProblems, toSaveBody } from './saveBody';

// Report Settings' reminder settings in the draft and the save body (docs/decisions.md#insights-reminders).

const host = 'https://smr.example.org';
const saved = () =>
  draftFrom({
    organization: savedManufacturer({ remindersEnabled: true, reminderEveryDays: 5, maxReminders: 2 }),
    users: [],
    invites: [],
    selfId: null,
  });
const body = (draft: ReturnType<typeof saved>) => toSaveBody(draft, organizationLookups, host);

describe('the reminder settings', () => {
  it('load as saved and go with the save as numbers', () => {
    const draft = setReminders(saved(), { reminderEveryDays: '14', maxReminders: '0' });
    expect(draft.organization.reminders).toEqual({
      remindersEnabled: true,
      reminderEveryDays: '14',
      maxReminders: '0',
    });
    expect(body(draft).organization).toMatchObject({
      remindersEnabled: true,
      reminderEveryDays: 14,
      maxReminders: 0,
    });
    expect(saveProblems(body(draft))).toEqual([]);
  });

  it.each([
    ['a blank Remind every', { reminderEveryDays: '' }, reminderTexts.everyDaysRange],
    ['Remind every 0', { reminderEveryDays: '0' }, reminderTexts.everyDaysRange],
    ['Remind every 31', { reminderEveryDays: '31' }, reminderTexts.everyDaysRange],
    ['Remind every 1.5', { reminderEveryDays: '1.5' }, reminderTexts.everyDaysRange],
    // Blank is not 0, though 0 reminders at most is a valid setting.
    ['a blank Reminders at most', { maxReminders: '' }, reminderTexts.maxRange],
    ['Reminders at most 11', { maxReminders: '11' }, reminderTexts.maxRange],
    ['Reminders at most -1', { maxReminders: '-1' }, reminderTexts.maxRange],
  ])("refuses %s with the domain's message, under the field", (_, patch, message) => {
    const problems = saveProblems(body(setReminders(saved(), patch)));
    expect(problems).toEqual([message]);
    const errors = fieldProblemsOf(problems);
    expect(errors.reminderEveryDays ?? errors.maxReminders).toBe(message);
  });

  it("are left out of a consulting firm's save, which keeps what is saved", () => {
    const draft = draftFrom({ organization: consultingFirm(), users: [], invites: [], selfId: null });
    expect(body(draft).organization).not.toHaveProperty('remindersEnabled');
    expect(body(draft).organization).not.toHaveProperty('reminderEveryDays');
  });

  it('tell a change from what is saved by value, not by how it is typed', () => {
    const draft = saved();
    const changed = (patch: Parameters<typeof setReminders>[1]) =>
      remindersChanged(setReminders(draft, patch).organization.reminders, draft.savedReminders);
    expect(changed({})).toBe(false);
    expect(changed({ reminderEveryDays: '05' })).toBe(false);
    expect(changed({ reminderEveryDays: '6' })).toBe(true);
    expect(changed({ maxReminders: '' })).toBe(true);
    expect(changed({ remindersEnabled: false })).toBe(true);
  });
});
