import type { Role } from '@domain/rules/roles';
import type { AuthTicket } from '@domain/schemas/auth';
import type { UserView } from '@domain/schemas/user';
import { createContext } from 'react';

export type AuthState = {
  user: UserView | null;
  role: Role | null;
  isLoggedIn: boolean;
  /** Stores the ticket returned by login, one-time password change or password reset. */
  login: (ticket: AuthTicket) => void;
  /** Replaces the stored user's details, e.g. after the profile was saved; the session stays. */
  updateUser: (user: UserView) => void;
  /** Clears the stored ticket; navigation is the caller's choice. */
  logout: () => void;
};

export const AuthContext = createContext<AuthState | null>(null);
