import { api } from '@web/api/client';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../paths';
import { useAuth } from './useAuth';

/** How long the server's logout may take before the browser gives up on it. */
const SERVER_LOGOUT_WAIT_MS = 10_000;

/**
 * Logout of docs/product.md#rules: end the session on the server (auth/logout, so the token stops working
 * even if someone copied it), then clear the stored ticket and go home. The call is sent first, with
 * the current token (the client reads it as the call starts), but nobody waits for its answer: a
 * server that cannot be reached, or that refuses, does not keep anyone logged in here, and the screen
 * changes at once.
 */
export function useLogout(): () => void {
  const { logout } = useAuth();
  const navigate = useNavigate();
  return useCallback(() => {
    void api
      .post('auth/logout', {}, { skipGlobal: true, signal: AbortSignal.timeout(SERVER_LOGOUT_WAIT_MS) })
      .catch(() => undefined);
    logout();
    void navigate(paths.home, { replace: true });
  }, [logout, navigate]);
}
