import { useAuth } from '@web/lib/auth/useAuth';
import { Navigate } from 'react-router';
import { LoginPage } from '../features/auth/LoginPage';
import { lazyPage } from './lazyPage';
import { useReturnUrl } from './useReturnUrl';

// The login page is the first page of most visits and small (2.3 KB brotli with its form and fields):
// in the entry it costs a signed-in visitor little and saves a signed-out one four requests of about
// 1.4 KB each, half of it headers (docs/decisions.md#web-login-in-entry).
const DashboardPage = lazyPage(() => import('../features/dashboard/DashboardPage'), 'DashboardPage');

/**
 * / and /login: the login page for anonymous users, the role dashboard otherwise. A logged-in user
 * holding a returnUrl (they just logged in) continues there; the route guard has already sent a
 * user who must change the password to that page.
 */
export function HomeRoute() {
  const { isLoggedIn } = useAuth();
  const returnUrl = useReturnUrl();
  if (!isLoggedIn) return <LoginPage />;
  if (returnUrl && returnUrl !== '/') return <Navigate to={returnUrl} replace />;
  return <DashboardPage />;
}
