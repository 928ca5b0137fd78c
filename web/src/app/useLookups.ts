import { useQuery } from '@tanstack/react-query';
import { lookupsQuery } from '../api/lookups';
import { useAuth } from './auth/useAuth';

/** Lookup items for the logged-in user; the layout calls it so they load right after login. */
export function useLookups() {
  const { isLoggedIn } = useAuth();
  return useQuery({ ...lookupsQuery, enabled: isLoggedIn });
}
