import { useQuery } from '@tanstack/react-query';
import { useAuth } from '@web/lib/auth/useAuth';
import { lookupsQuery } from '../api/lookups';

/**
 * Loads the lookup items for the logged-in user; the layout calls it so they load right after login.
 * The layout reads nothing of the answer (the pages ask the cache themselves), so it is told of no
 * change: a query result no one reads notifies of every change, and the layout re-rendering the whole
 * app when the 27 KB of lookups arrived was one of the landing pages' longest tasks
 * (docs/decisions.md#web-first-render).
 */
export function useLookups(): void {
  const { isLoggedIn } = useAuth();
  useQuery({ ...lookupsQuery, enabled: isLoggedIn, notifyOnChangeProps: [] });
}
