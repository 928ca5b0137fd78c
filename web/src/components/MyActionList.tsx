import { compareActions } from '@domain/rules/actions';
import type { ActionView } from '@web/api/actions';
import { Link } from 'react-router';
import { ActionStatusBadge } from './ActionStatusBadge';
import { formatDay } from './formatDate';
import './MyActionList.css';

// A person's own open actions (docs/decisions.md#insights-actions), on the dashboard's My Actions tile
// and at the head of /actionplan, where an owner's reminder e-mail leads: soonest due first, each a
// link to its place on the plan, lateness in words.

export const NO_OPEN_ACTIONS = 'You have no open actions at this time.';

/** The element id of an action on the plan: the target of the links below. */
export const actionAnchor = (id: number) => `action-${id}`;

type Props = {
  /** The first page of the person's open actions. */
  actions: readonly ActionView[];
  /** How many open actions the person has in all: said when the page holds fewer. */
  count: number;
  /** The plan the links open (the Action Plan tab or /actionplan); the action's anchor is added. */
  planPath: string;
};

export function MyActionList({ actions, count, planPath }: Props) {
  if (actions.length === 0) return <p className="smr-my-actions-empty">{NO_OPEN_ACTIONS}</p>;
  return (
    <>
      <ul className="smr-my-actions">
        {[...actions].sort(compareActions).map((action) => (
          <li key={action.id} className="smr-my-action">
            <h3 className="smr-my-action-title">
              <Link to={`${planPath}#${actionAnchor(action.id)}`}>{action.title}</Link>
            </h3>
            <p className="smr-my-action-meta">
              {action.sectionName} · {action.dueOn ? `Due\u00a0${formatDay(action.dueOn)}` : 'No due date'}
            </p>
            <div className="smr-my-action-status">
              <ActionStatusBadge status={action.status} overdue={action.overdue} />
            </div>
          </li>
        ))}
      </ul>
      {count > actions.length ? (
        <p className="smr-my-actions-more">
          The {actions.length} due soonest of your {count} open actions.
        </p>
      ) : null}
    </>
  );
}
