import { useAuth } from '@web/lib/auth/useAuth';
import { paths } from '@web/lib/paths';
import { decideAccess } from '@web/lib/routeAccess';
import { type ReactNode, useEffect, useRef } from 'react';
import { Navigate, useLocation } from 'react-router';

/** Applies the route-access table to every page, so pages never check access themselves. */
export function RouteGuard({ children }: { children: ReactNode }) {
  const { user, role } = useAuth();
  const location = useLocation();

  // A session that just ended (logout, expiry) goes plainly home; returnUrl is for arrivals.
  const wasLoggedIn = useRef(user !== null);
  useEffect(() => {
    wasLoggedIn.current = user !== null;
  }, [user]);

  const decision = decideAccess(
    location,
    user ? { role, requireChangePassword: user.requireChangePassword === true } : null,
  );
  if (decision.type === 'allow') return children;
  const to = decision.reason === 'login' && wasLoggedIn.current ? paths.home : decision.to;
  return <Navigate to={to} replace />;
}
