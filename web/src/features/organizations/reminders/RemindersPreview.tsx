import { useQuery } from '@tanstack/react-query';
import { formatDay } from '@web/components/formatDate';
import { useId } from 'react';
import Spinner from 'react-bootstrap/Spinner';
import { reminderPreviewQuery } from './remindersApi';
import { SendRemindersNow } from './SendRemindersNow';
import './reminders.css';

type Props = {
  /** A saved manufacturer: the server reminds its invitees by its saved settings. */
  organizationId: number;
  /** The form holds reminder settings not saved yet, which this list does not follow. */
  unsaved: boolean;
  /** The saved Reminders at most. */
  maxReminders: number;
  readOnly: boolean;
  onSent: () => Promise<void>;
};

export const noMoreReminders = 'No more reminders';
/** When the server lists nobody without saying why: everyone it would remind has answered. */
const nobody = 'Nobody is waiting for a reminder.';
export const unsavedHint =
  'This list follows the saved settings: save the form to see your reminder changes here.';

/**
 * Who will be reminded (docs/decisions.md#insights-reminders): each invitee the saved schedule still
 * chases, with the reminders sent so far and the day of the next, or the server's reason why nobody
 * is (reminders off, no assessment being collected); then Send reminders now.
 */
export function RemindersPreview({ organizationId, unsaved, maxReminders, readOnly, onSent }: Props) {
  const headingId = useId();
  const preview = useQuery(reminderPreviewQuery(organizationId));
  const rows = preview.data?.data ?? [];
  const remindable = rows.filter((row) => row.nextOn !== null).length;

  return (
    <section className="smr-reminders" aria-labelledby={headingId}>
      <h3 id={headingId} className="smr-org-subtitle">
        Who will be reminded
      </h3>
      {unsaved ? <p className="smr-reminders-unsaved">{unsavedHint}</p> : null}
      {preview.isPending ? (
        <div className="smr-reminders-empty" aria-busy="true">
          <Spinner animation="border" size="sm" className="me-2" aria-hidden />
          Loading who will be reminded…
        </div>
      ) : preview.isError ? (
        <p className="smr-reminders-empty">Who will be reminded could not be loaded.</p>
      ) : rows.length === 0 ? (
        <p className="smr-reminders-empty">{preview.data.message?.trim() || nobody}</p>
      ) : (
        <div className="smr-org-grid-scroll">
          <table className="table smr-table smr-table-stack smr-org-grid smr-reminders-table">
            <thead>
              <tr>
                <th scope="col">Person</th>
                <th scope="col">Assessment</th>
                <th scope="col">Reminders sent</th>
                <th scope="col">Next reminder</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.inviteId}>
                  <td data-label="Person">{row.respondent.fullName}</td>
                  <td data-label="Assessment">{row.assessment.name}</td>
                  <td data-label="Reminders sent">{row.sentCount}</td>
                  <td data-label="Next reminder">{row.nextOn ? formatDay(row.nextOn) : noMoreReminders}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <SendRemindersNow
        organizationId={organizationId}
        people={remindable}
        maxReminders={maxReminders}
        disabled={readOnly || remindable === 0}
        onSent={onSent}
      />
    </section>
  );
}
