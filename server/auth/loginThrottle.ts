import { AttemptCounter } from './attemptCounter.js';

const HOUR = 60 * 60_000;
/** How long an address a person signed in from counts as theirs, and how many such addresses are kept. */
const KNOWN_ADDRESS_MS = 30 * 24 * HOUR;
const KNOWN_ADDRESSES_PER_ACCOUNT = 5;
const MAX_ACCOUNTS_REMEMBERED = 100_000;

export type LoginThrottleLimits = {
  /** Failures allowed for one account from one address within `windowMs`; then that pair is blocked. */
  perAccountAndAddress: number;
  windowMs: number;
  /** Failures allowed for one account from all addresses together within an hour. */
  perAccountPerHour: number;
};

const normal = (userName: string) => userName.trim().toLowerCase();

/**
 * Login throttling that an attacker cannot turn against the account's owner (issue 13, finding 6):
 * - failures are counted per account and address: an address that keeps failing for an account is
 *   blocked for that account only, and the owner elsewhere signs in as usual;
 * - failures of one account from all addresses together are capped per hour: past the cap, guesses
 *   are refused before the password is checked, so nothing more is learnt, except from an address
 *   the owner signed in from recently (a known address), where the right password still gets in.
 * Kept in memory, per process, like the per-address limit.
 */
export class LoginThrottle {
  private readonly pairs: AttemptCounter;
  private readonly accounts: AttemptCounter;
  private readonly known = new Map<string, Map<string, number>>();

  constructor(
    limits: LoginThrottleLimits,
    private readonly now: () => number = Date.now,
  ) {
    this.pairs = new AttemptCounter(limits.perAccountAndAddress, limits.windowMs, now);
    this.accounts = new AttemptCounter(limits.perAccountPerHour, HOUR, now);
  }

  private pair(userName: string, address: string) {
    return `${normal(userName)}\u0000${address}`;
  }

  private isKnown(userName: string, address: string): boolean {
    const until = this.known.get(normal(userName))?.get(address);
    return until !== undefined && until > this.now();
  }

  /** May this attempt be checked at all? */
  allows(userName: string, address: string): boolean {
    if (this.pairs.isBlocked(this.pair(userName, address))) return false;
    return !this.accounts.isBlocked(userName) || this.isKnown(userName, address);
  }

  failed(userName: string, address: string): void {
    this.pairs.record(this.pair(userName, address));
    this.accounts.record(userName);
  }

  /** A sign-in: the address becomes known. The account's hourly count stays: the cap holds however often the owner signs in. */
  succeeded(userName: string, address: string): void {
    this.pairs.clear(this.pair(userName, address));
    const name = normal(userName);
    const now = this.now();
    if (!this.known.has(name) && this.known.size >= MAX_ACCOUNTS_REMEMBERED) this.known.clear();
    const addresses = this.known.get(name) ?? new Map<string, number>();
    addresses.delete(address);
    addresses.set(address, now + KNOWN_ADDRESS_MS);
    for (const [a, until] of addresses) {
      if (addresses.size <= KNOWN_ADDRESSES_PER_ACCOUNT && until > now) break;
      addresses.delete(a); // the oldest first (insertion order)
    }
    this.known.set(name, addresses);
  }
}
