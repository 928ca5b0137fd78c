import { useLogout } from '@web/lib/auth/useLogout';
import { paths } from '@web/lib/paths';
import { useLocation, useNavigate } from 'react-router';
import { ErrorPage } from './ErrorPage';
import { errorDetails } from './errorDetails';

/** What the route error boundary shows: a page (or a lazily loaded chunk) failed while rendering. */
export function RouteErrorPage({ error }: { error: unknown }) {
  const navigate = useNavigate();
  const location = useLocation();
  const logout = useLogout();
  return (
    <ErrorPage
      details={errorDetails(error)}
      onHome={() => void navigate(paths.home)}
      // A fresh navigation to the same place resets the boundary and renders the page again.
      onRetry={() => void navigate(location, { replace: true })}
      onLogout={logout}
    />
  );
}
