import { safeReturnUrl } from '@web/lib/routeAccess';
import { useSearchParams } from 'react-router';

/** The in-app path the login page should return to, if the guard sent the user here. */
export function useReturnUrl(): string | null {
  const [params] = useSearchParams();
  return safeReturnUrl(params.get('returnUrl'));
}
