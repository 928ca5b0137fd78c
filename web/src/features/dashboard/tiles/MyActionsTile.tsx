import { useQuery } from '@tanstack/react-query';
import { myActionsQuery } from '@web/api/actions';
import { ButtonLink } from '@web/components/ButtonLink';
import { MyActionList } from '@web/components/MyActionList';
import { useAuth } from '@web/lib/auth/useAuth';
import { ownActionPlanPath } from '@web/lib/paths';
import { TileError, TileFrame, TileLoading } from './TileFrame';
import { FlagIcon } from './tileIcons';

export { NO_OPEN_ACTIONS } from '@web/components/MyActionList';

const LOAD_FAILED = 'Your actions could not be loaded.';

/**
 * The actions the person owns that are still open (docs/decisions.md#insights-actions), soonest due
 * first, each leading to its place on the organization's Action Plan.
 */
export function MyActionsTile() {
  const { role } = useAuth();
  const mine = useQuery(myActionsQuery);
  const plan = ownActionPlanPath(role);
  return (
    <TileFrame id="tile-my-actions" icon={<FlagIcon />} title="My Actions" wide>
      {mine.isPending ? (
        <TileLoading />
      ) : mine.isError ? (
        <TileError>{LOAD_FAILED}</TileError>
      ) : (
        <MyActionList actions={mine.data.data} count={mine.data.count} planPath={plan} />
      )}
      <ButtonLink to={plan} variant="outline-primary" className="smr-tile-action mt-3">
        Open the Action Plan
      </ButtonLink>
    </TileFrame>
  );
}
