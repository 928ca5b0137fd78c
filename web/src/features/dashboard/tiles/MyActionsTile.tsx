import { compareActions } from '@domain/rules/actions';
import { useQuery } from '@tanstack/react-query';
import { myActionsQuery } from '@web/api/actions';
import { ActionStatusBadge } from '@web/components/ActionStatusBadge';
import { ButtonLink } from '@web/components/ButtonLink';
import { formatDay } from '@web/components/formatDate';
import { useAuth } from '@web/lib/auth/useAuth';
import { ownActionPlanPath } from '@web/lib/paths';
import { Link } from 'react-router';
import { TileEmpty, TileError, TileFrame, TileLoading } from './TileFrame';
import { FlagIcon } from './tileIcons';
import './MyActionsTile.css';

export const NO_OPEN_ACTIONS = 'You have no open actions at this time.';
const LOAD_FAILED = 'Your actions could not be loaded.';

/**
 * The actions the person owns that are still open (docs/decisions.md#insights-actions), soonest due
 * first, each leading to the organization's Action Plan; lateness is said in words.
 */
export function MyActionsTile() {
  const { role } = useAuth();
  const mine = useQuery(myActionsQuery);
  const plan = ownActionPlanPath(role);
  const actions = [...(mine.data?.data ?? [])].sort(compareActions);
  return (
    <TileFrame id="tile-my-actions" icon={<FlagIcon />} title="My Actions" wide>
      {mine.isPending ? (
        <TileLoading />
      ) : mine.isError ? (
        <TileError>{LOAD_FAILED}</TileError>
      ) : actions.length === 0 ? (
        <TileEmpty>{NO_OPEN_ACTIONS}</TileEmpty>
      ) : (
        <>
          <ul className="smr-tile-list">
            {actions.map((action) => (
              <li key={action.id} className="smr-tile-item">
                <div className="smr-tile-item-text">
                  <h3 className="smr-tile-item-title">
                    <Link to={plan}>{action.title}</Link>
                  </h3>
                  <p className="smr-tile-item-meta">
                    {action.sectionName} ·{' '}
                    {action.dueOn ? `Due\u00a0${formatDay(action.dueOn)}` : 'No due date'}
                  </p>
                  <div className="smr-my-action-status">
                    <ActionStatusBadge status={action.status} overdue={action.overdue} />
                  </div>
                </div>
              </li>
            ))}
          </ul>
          {mine.data.count > actions.length ? (
            <p className="smr-tile-item-meta">
              The {actions.length} due soonest of your {mine.data.count} open actions.
            </p>
          ) : null}
        </>
      )}
      <ButtonLink to={plan} variant="outline-primary" className="smr-tile-action mt-3">
        Open the Action Plan
      </ButtonLink>
    </TileFrame>
  );
}
