import type { AuthTicket } from '@domain/schemas/auth';
import type { UserView } from '@domain/schemas/user';

import { TICKET_STORAGE_KEY } from './ticketStorageKey';

export { TICKET_STORAGE_KEY };

type Listener = () => void;

function parseTicket(raw: string | null): AuthTicket | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<AuthTicket> | null;
    // A damaged or foreign entry must read as "logged out" rather than crash every page.
    if (typeof value?.token !== 'string' || typeof value.user !== 'object' || value.user === null)
      return null;
    return value as AuthTicket;
  } catch {
    return null;
  }
}

function readStorage(): string | null {
  try {
    return globalThis.localStorage?.getItem(TICKET_STORAGE_KEY) ?? null;
  } catch {
    // Storage can be disabled (privacy modes); the app then behaves as logged out.
    return null;
  }
}

function writeStorage(ticket: AuthTicket | null): void {
  try {
    if (ticket) globalThis.localStorage?.setItem(TICKET_STORAGE_KEY, JSON.stringify(ticket));
    else globalThis.localStorage?.removeItem(TICKET_STORAGE_KEY);
  } catch {
    // Same as above: without storage the session lasts as long as the page.
  }
}

let current: AuthTicket | null = parseTicket(readStorage());
const listeners = new Set<Listener>();

function notify(): void {
  for (const listener of listeners) listener();
}

/**
 * The one place that holds the auth ticket. Listeners hear about a change of USER only (login,
 * logout, another tab), not about the token refresh that follows every response, so React does not
 * re-render the app on each call. The token is read here by the HTTP client and nowhere else.
 */
export const ticketStore = {
  get(): AuthTicket | null {
    return current;
  },
  getUser(): UserView | null {
    return current?.user ?? null;
  },
  getToken(): string | null {
    return current?.token ?? null;
  },
  set(ticket: AuthTicket): void {
    current = ticket;
    writeStorage(ticket);
    notify();
  },
  /** Replaces the signed-in user's details (after a profile save); the token stays. */
  replaceUser(user: UserView): void {
    if (!current) return;
    current = { ...current, user };
    writeStorage(current);
    notify();
  },
  clear(): void {
    if (current === null && readStorage() === null) return;
    current = null;
    writeStorage(null);
    notify();
  },
  /** Replaces the token after an `authorization-extend` answer; the user stays the same object. */
  extendToken(token: string): void {
    if (!current || current.token === token) return;
    current = { ...current, token };
    writeStorage(current);
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Picks up a login or logout made in another tab (the browser's `storage` event). */
  syncFromStorage(): void {
    const stored = parseTicket(readStorage());
    const sameUser = JSON.stringify(stored?.user ?? null) === JSON.stringify(current?.user ?? null);
    if (sameUser) {
      if (stored && current) current = { ...current, token: stored.token };
      return;
    }
    current = stored;
    notify();
  },
};
