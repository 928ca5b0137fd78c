import { type UseQueryOptions, useQueries } from '@tanstack/react-query';
import { Page } from '@web/components/Page';
import { PageLoading } from '@web/components/PageLoading';
import { useAuth } from '@web/lib/auth/useAuth';
import { tilesByRole } from './tilesByRole';

/**
 * The logged-in home page: a greeting and the role's tiles. The tiles show once the data they start
 * with has arrived (or failed, which each tile tells itself), all at once: tiles filling in one by one
 * pushed the ones below them down (a layout shift, docs/decisions.md#web-performance). They are mounted, hidden, meanwhile, so
 * each query runs once, shared by the page and its tile.
 */
export function DashboardPage() {
  const { user, role } = useAuth();
  const tiles = role ? tilesByRole[role] : [];
  const context = [user?.group?.name, user?.organization?.name].filter(Boolean).join(' · ');
  const waiting = useQueries({
    queries: tiles.flatMap((tile) => tile.loads ?? []) as UseQueryOptions[],
    combine: (results) => results.some((result) => result.isPending),
  });
  return (
    <Page title="Home">
      <header className="smr-dashboard-header">
        <h1 className="smr-dashboard-title">Welcome, {user?.fullName}</h1>
        {context ? <p className="smr-dashboard-context">{context}</p> : null}
      </header>
      {waiting ? <PageLoading /> : null}
      {tiles.length > 0 ? (
        <div className="smr-tiles" hidden={waiting}>
          {tiles.map(({ id, Tile }) => (
            <Tile key={id} />
          ))}
        </div>
      ) : null}
    </Page>
  );
}
