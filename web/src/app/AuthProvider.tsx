import type { AuthTicket } from '@domain/schemas/auth';
import type { UserView } from '@domain/schemas/user';
import { useQueryClient } from '@tanstack/react-query';
import { TICKET_STORAGE_KEY, ticketStore } from '@web/api/ticketStore';
import { AuthContext, type AuthState } from '@web/lib/auth/authContext';
import { roleOf } from '@web/lib/auth/roleOf';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useSyncExternalStore } from 'react';

export function AuthProvider({ children }: { children: ReactNode }) {
  const user = useSyncExternalStore(ticketStore.subscribe, ticketStore.getUser, ticketStore.getUser);
  const queryClient = useQueryClient();

  // Nobody (or another user, logged in from another tab) may see the previous user's cached
  // answers. Reset rather than clear: queries still on screen refetch for the new user instead of
  // being orphaned. A login from anonymous has nothing to forget and must not cancel the lookups.
  const previousUserId = useRef(user?.id ?? null);
  useEffect(() => {
    const id = user?.id ?? null;
    const previous = previousUserId.current;
    previousUserId.current = id;
    if (previous !== null && previous !== id) void queryClient.resetQueries();
  }, [user, queryClient]);

  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key === TICKET_STORAGE_KEY) ticketStore.syncFromStorage();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const login = useCallback((ticket: AuthTicket) => ticketStore.set(ticket), []);
  const updateUser = useCallback((next: UserView) => ticketStore.replaceUser(next), []);
  const logout = useCallback(() => ticketStore.clear(), []);

  const value = useMemo<AuthState>(
    () => ({ user, role: roleOf(user), isLoggedIn: user !== null, login, updateUser, logout }),
    [user, login, updateUser, logout],
  );
  return <AuthContext value={value}>{children}</AuthContext>;
}
