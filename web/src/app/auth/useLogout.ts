import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../paths';
import { useAuth } from './useAuth';

/** Logout of SPEC.md section 4: clear the stored ticket and go home. */
export function useLogout(): () => void {
  const { logout } = useAuth();
  const navigate = useNavigate();
  return useCallback(() => {
    logout();
    void navigate(paths.home, { replace: true });
  }, [logout, navigate]);
}
