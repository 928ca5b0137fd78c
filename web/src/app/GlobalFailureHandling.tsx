import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { setGlobalFailureHandler } from '../api/client';
import { useAlerts } from '../components/alerts/useAlerts';

/** Connects the HTTP client's global failure handling (docs/product.md#messages) to alerts and navigation. */
export function GlobalFailureHandling() {
  const alerts = useAlerts();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const currentPath = useRef(pathname);
  currentPath.current = pathname;

  useEffect(() => {
    setGlobalFailureHandler((action) => {
      const leaving = action.redirectTo !== undefined && action.redirectTo !== currentPath.current;
      if (action.message) alerts.error(action.message, { keepOnNavigation: leaving });
      if (action.timedMessage)
        alerts.warning(action.timedMessage, { timed: true, keepOnNavigation: leaving });
      if (leaving && action.redirectTo) void navigate(action.redirectTo);
    });
    return () => setGlobalFailureHandler(null);
  }, [alerts, navigate]);

  return null;
}
