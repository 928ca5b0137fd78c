import { useLogout } from '@web/lib/auth/useLogout';
import { paths } from '@web/lib/paths';
import { useLocation, useNavigate } from 'react-router';
import { ErrorPage } from './ErrorPage';

type ErrorState = { details?: string; from?: string } | null;

/** The /error route: pages may navigate here with `state: { details, from }`. */
export function ErrorRoutePage() {
  const navigate = useNavigate();
  const logout = useLogout();
  const state = useLocation().state as ErrorState;
  return (
    <ErrorPage
      details={state?.details ?? 'No further details are available.'}
      // Arriving here by address is not itself an error worth logging.
      report={Boolean(state?.details)}
      onHome={() => void navigate(paths.home)}
      onRetry={() => void (state?.from ? navigate(state.from) : navigate(-1))}
      onLogout={logout}
    />
  );
}
