import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../api/client';
import { paths } from '../paths';
import { useAuth } from './useAuth';

/** How long logout waits for the server before logging out here anyway. */
const SERVER_LOGOUT_WAIT_MS = 3000;

/**
 * Logout of SPEC.md section 4: end the session on the server (auth/logout, so the token stops working
 * even if someone copied it), then clear the stored ticket and go home. A server that cannot be
 * reached, or that refuses, does not keep anyone logged in here.
 */
export function useLogout(): () => void {
  const { logout } = useAuth();
  const navigate = useNavigate();
  return useCallback(() => {
    void api
      .post('auth/logout', {}, { skipGlobal: true, signal: AbortSignal.timeout(SERVER_LOGOUT_WAIT_MS) })
      .catch(() => undefined)
      .then(() => {
        logout();
        void navigate(paths.home, { replace: true });
      });
  }, [logout, navigate]);
}
