import { useQuery } from '@tanstack/react-query';
import { useAuth } from '@web/lib/auth/useAuth';
import { lookupsQuery } from '../api/lookups';

/** Lookup items for the logged-in user; the layout calls it so they load right after login. */
export function useLookups() {
  const { isLoggedIn } = useAuth();
  return useQuery({ ...lookupsQuery, enabled: isLoggedIn });
}
