import { needsRationale } from '@domain/rules/actions';
import type { ActionView } from '@web/api/actions';
import { ActionStatusBadge } from '@web/components/ActionStatusBadge';
import { formatDay } from '@web/components/formatDate';
import { actionAnchor } from '@web/components/MyActionList';
import { useHashTarget } from '@web/components/useHashTarget';
import { useRef } from 'react';
import Button from 'react-bootstrap/Button';
import { NO_OWNER } from './useOwnerOptions';

type Props = {
  action: ActionView;
  /** Edit and Delete: for those who manage the plan. */
  manages: boolean;
  /** Update Status: for those who manage the plan, and the plain member who owns the action. */
  changesStatus: boolean;
  onEdit: () => void;
  onStatus: () => void;
  onDelete: () => void;
};

/** One action of a practice area: what, who, when, where it stands, and what the viewer may do. */
export function ActionItem({ action, manages, changesStatus, onEdit, onStatus, onDelete }: Props) {
  const self = useRef<HTMLLIElement>(null);
  const anchor = actionAnchor(action.id);
  // A link from the person's own list (My Actions) lands here: an id to aim at, focusable by script.
  useHashTarget(self, anchor);
  return (
    <li ref={self} className="smr-plan-action" id={anchor} tabIndex={-1}>
      <div className="smr-plan-action-main">
        <h4 className="smr-plan-action-title">{action.title}</h4>
        <p className="smr-plan-action-meta">
          <span>
            <span className="smr-plan-action-label">Owner:</span> {action.owner?.fullName ?? NO_OWNER}
          </span>
          <span>
            <span className="smr-plan-action-label">Due:</span>{' '}
            {action.dueOn ? formatDay(action.dueOn) : 'No due date'}
          </span>
        </p>
        <ActionStatusBadge status={action.status} overdue={action.overdue} />
        {action.description ? <p className="smr-plan-action-description">{action.description}</p> : null}
        {needsRationale(action.status) && action.rationale ? (
          <p className="smr-plan-action-reason">
            <span className="smr-plan-action-label">Reason:</span> {action.rationale}
          </p>
        ) : null}
      </div>
      {manages || changesStatus ? (
        <div className="smr-plan-action-buttons">
          {changesStatus ? (
            <Button size="sm" variant="outline-primary" onClick={onStatus}>
              Update Status<span className="visually-hidden"> of {action.title}</span>
            </Button>
          ) : null}
          {manages ? (
            <>
              <Button size="sm" variant="outline-primary" onClick={onEdit}>
                Edit<span className="visually-hidden"> {action.title}</span>
              </Button>
              <Button size="sm" variant="outline-danger" onClick={onDelete}>
                Delete<span className="visually-hidden"> {action.title}</span>
              </Button>
            </>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}
