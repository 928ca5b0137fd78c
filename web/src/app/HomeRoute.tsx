import { useAuth } from '@web/lib/auth/useAuth';
import { Navigate } from 'react-router';
import { lazyPage } from './lazyPage';
import { useReturnUrl } from './useReturnUrl';

const LoginPage = lazyPage(() => import('../features/auth/LoginPage'), 'LoginPage');
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
