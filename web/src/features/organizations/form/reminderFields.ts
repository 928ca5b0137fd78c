import type { OrganizationView } from '@domain/schemas/organizationView';

// The reminder settings of Report Settings (docs/decisions.md#insights-reminders) as the form edits
// them. The numbers stay as typed, so that a cleared or half-typed box is shown as it is and refused by
// the domain's save schema with its own message, rather than quietly turned into a number.

export type ReminderFields = {
  remindersEnabled: boolean;
  reminderEveryDays: string;
  maxReminders: string;
};

export function reminderFieldsFrom(org: OrganizationView): ReminderFields {
  return {
    remindersEnabled: org.remindersEnabled === true,
    reminderEveryDays: String(org.reminderEveryDays),
    maxReminders: String(org.maxReminders),
  };
}

/** A typed number; blank is no number at all (Number('') would be 0, a valid Reminders at most). */
const typed = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/** The fields in the save body's shape; the domain's schema judges the numbers. */
export function reminderInput(fields: ReminderFields) {
  return {
    remindersEnabled: fields.remindersEnabled,
    reminderEveryDays: typed(fields.reminderEveryDays),
    maxReminders: typed(fields.maxReminders),
  };
}

/** Whether the form would save other reminder settings than those saved (which the preview follows). */
export function remindersChanged(fields: ReminderFields, saved: ReminderFields): boolean {
  const now = reminderInput(fields);
  const then = reminderInput(saved);
  return (
    now.remindersEnabled !== then.remindersEnabled ||
    !Object.is(now.reminderEveryDays, then.reminderEveryDays) ||
    !Object.is(now.maxReminders, then.maxReminders)
  );
}
