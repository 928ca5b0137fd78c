import { REMINDER_LIMITS } from '@domain/rules/reminders';
import { CheckboxField } from '@web/components/form/CheckboxField';
import { TextField } from '@web/components/form/TextField';
import type { Change } from './OrganizationFields';
import { setReminders } from './organizationDraft';
import type { ReminderFields } from './reminderFields';
import type { FieldProblems } from './saveBody';

type Props = {
  fields: ReminderFields;
  change: Change;
  /** Once a save was refused: the domain's message under each number it names. */
  errors: FieldProblems;
};

const { everyDays, maxReminders } = REMINDER_LIMITS;

/**
 * A manufacturer's reminder settings (docs/decisions.md#insights-reminders), saved with the form by
 * whoever may save it; the form's fieldset makes them read-only with the rest.
 */
export function ReminderSettings({ fields, change, errors }: Props) {
  return (
    <fieldset className="smr-reminder-settings">
      {/* A heading inside the legend: the group is named, and the section found among the headings. */}
      <legend className="smr-reminder-legend">
        <h3 className="smr-org-subtitle">Reminders</h3>
      </legend>
      <p className="form-text mt-0">
        Invitees who have not completed the assessment the roadmap is collecting get an e-mail each time the
        number of days below has passed since their invite, up to the most reminders below.
      </p>
      <CheckboxField
        label="Send reminders"
        checked={fields.remindersEnabled}
        onChange={(e) => change((d) => setReminders(d, { remindersEnabled: e.target.checked }))}
      />
      <div className="smr-reminder-numbers">
        <TextField
          label="Remind every (days)"
          type="number"
          inputMode="numeric"
          min={everyDays.min}
          max={everyDays.max}
          step={1}
          hint={`${everyDays.min} to ${everyDays.max}`}
          error={errors.reminderEveryDays}
          value={fields.reminderEveryDays}
          onChange={(e) => change((d) => setReminders(d, { reminderEveryDays: e.target.value }))}
        />
        <TextField
          label="Reminders at most"
          type="number"
          inputMode="numeric"
          min={maxReminders.min}
          max={maxReminders.max}
          step={1}
          hint={`${maxReminders.min} to ${maxReminders.max}`}
          error={errors.maxReminders}
          value={fields.maxReminders}
          onChange={(e) => change((d) => setReminders(d, { maxReminders: e.target.value }))}
        />
      </div>
    </fieldset>
  );
}
