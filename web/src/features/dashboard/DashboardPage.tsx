import { useAuth } from '../../app/auth/useAuth';
import { Page } from '../../components/Page';
import { tilesByRole } from './tilesByRole';

/** The logged-in home page: a greeting and the role's tiles. */
export function DashboardPage() {
  const { user, role } = useAuth();
  const tiles = role ? tilesByRole[role] : [];
  const context = [user?.group?.name, user?.organization?.name].filter(Boolean).join(' · ');
  return (
    <Page title="Home">
      <header className="smr-dashboard-header">
        <h1 className="smr-dashboard-title">Welcome, {user?.fullName}</h1>
        {context ? <p className="smr-dashboard-context">{context}</p> : null}
      </header>
      {tiles.length > 0 ? (
        <div className="smr-tiles">
          {tiles.map(({ id, Tile }) => (
            <Tile key={id} />
          ))}
        </div>
      ) : null}
    </Page>
  );
}
