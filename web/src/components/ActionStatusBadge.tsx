import { type ActionStatus, actionStatusNames } from '@domain/rules/actions';
import { StatusBadge, type StatusTone } from './StatusBadge';
import './ActionStatusBadge.css';

// An action's status and lateness in words (docs/decisions.md#insights-actions), shared by the Action
// Plan and the dashboard's My Actions tile; the status names are the domain's, as in the reports.

const tones: Record<ActionStatus, StatusTone> = {
  NotStarted: 'neutral',
  InProgress: 'info',
  Done: 'positive',
  Deferred: 'waiting',
  WontDo: 'neutral',
};

const OVERDUE = 'Overdue';

/** The status, and 'Overdue' beside it when the server says so: the word carries it, not the colour. */
export function ActionStatusBadge({ status, overdue }: { status: ActionStatus; overdue: boolean }) {
  return (
    <span className="smr-action-badges">
      <span className="visually-hidden">Status: </span>
      <StatusBadge tone={tones[status]}>{actionStatusNames[status]}</StatusBadge>
      {overdue ? (
        <>
          <span className="visually-hidden">, </span>
          <StatusBadge tone="negative">{OVERDUE}</StatusBadge>
        </>
      ) : null}
    </span>
  );
}
