import { useLocation } from 'react-router';
import type { ReturnState } from '../listPage/ListPage';

/**
 * Where Back, Cancel and Delete return: the list the screen was opened from, else `listPath`. Only a
 * path on this site counts ('//' would be another host), so the history state cannot lead away.
 */
export function useReturnTo(listPath: string): string {
  const state = useLocation().state as ReturnState | null;
  const returnTo = state?.returnTo;
  return returnTo?.startsWith('/') && !returnTo.startsWith('//') ? returnTo : listPath;
}
