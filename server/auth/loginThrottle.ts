import { normalizeIP } from '@fastify/rate-limit';
import type { Db } from '../db/database.js';
import { KnownAddressStore } from '../stores/knownAddressStore.js';
import { SharedCounters, storableKey } from '../stores/sharedCounterStore.js';
import { AttemptCounter } from './attemptCounter.js';

const HOUR = 60 * 60_000;
/** How long an address a person signed in from counts as theirs, and how many such addresses are kept. */
const KNOWN_ADDRESS_MS = 30 * 24 * HOUR;
const KNOWN_ADDRESSES_PER_ACCOUNT = 5;
/**
 * Past the account's hourly cap, each address the owner has not signed in from keeps this many
 * failures a day for the account (docs/decisions.md#sign-in-limits): the owner on a new address still gets in with the right
 * password, while every further guess costs the attacker a fresh address (docs/decisions.md#sign-in-limits).
 */
export const HELD_TRIES_PER_ADDRESS = 3;
const DAY = 24 * HOUR;

export type LoginThrottleLimits = {
  /** Failed sign-ins allowed from one address (any names) within `windowMs`; successes never count. */
  perAddress: number;
  /** Failures allowed for one account from one address within `windowMs`; then that pair is blocked. */
  perAccountAndAddress: number;
  windowMs: number;
  /** Failures allowed for one account from all addresses together within an hour. */
  perAccountPerHour: number;
};

const normal = (userName: string) => storableKey(userName.trim().toLowerCase());

/**
 * Login throttling that an attacker cannot turn against the account's owner (docs/decisions.md#sign-in-limits, finding 6):
 * - failures are counted per account and address: an address that keeps failing for an account is
 *   blocked for that account only, and the owner elsewhere signs in as usual;
 * - failures from one address (whatever the names) are capped per window; only failures count, so a
 *   workshop behind one address all sign in (docs/decisions.md#sign-in-limits);
 * - failures of one account from all addresses together are capped per hour: past the cap, an address
 *   the owner signed in from recently (a known address) goes on as before, and any other address
 *   keeps HELD_TRIES_PER_ADDRESS failures a day for the account, then is refused before the password
 *   is checked. So no attacker locks the owner out from a new address (docs/decisions.md#sign-in-limits), and guessing past
 *   the cap costs one address per few guesses a day.
 * Counts and known addresses are in the database (migration 005): every process sharing it applies
 * the same limits (docs/decisions.md#data-shared-counters), and a restart forgets nothing.
 */
export class LoginThrottle {
  private readonly counters: SharedCounters;
  private readonly pairs: AttemptCounter;
  private readonly accounts: AttemptCounter;
  private readonly addresses: AttemptCounter;
  private readonly held: AttemptCounter;
  private readonly known: KnownAddressStore;

  constructor(db: Db, limits: LoginThrottleLimits, now: () => number = Date.now) {
    this.counters = new SharedCounters(db, now);
    this.pairs = new AttemptCounter(
      this.counters,
      'login-pair',
      limits.perAccountAndAddress,
      limits.windowMs,
    );
    this.accounts = new AttemptCounter(this.counters, 'login-account', limits.perAccountPerHour, HOUR);
    this.addresses = new AttemptCounter(this.counters, 'login-address', limits.perAddress, limits.windowMs);
    this.held = new AttemptCounter(this.counters, 'login-held', HELD_TRIES_PER_ADDRESS, DAY);
    this.known = new KnownAddressStore(this.counters);
  }

  /** An address holds no '|', so the pair's key is unambiguous. */
  private pair(userName: string, address: string) {
    return `${address}|${normal(userName)}`;
  }

  /** Did the owner sign in from this address in the last 30 days (one of the latest five)? */
  async isKnown(userName: string, address: string): Promise<boolean> {
    const until = await this.known.until(normal(userName), address);
    return until !== undefined && until > this.counters.now();
  }

  /** May this attempt be checked at all? */
  async allows(userName: string, address: string): Promise<boolean> {
    if (await this.addresses.isBlocked(normalizeIP(address))) return false;
    const pair = this.pair(userName, address);
    if (await this.pairs.isBlocked(pair)) return false;
    if (!(await this.accounts.isBlocked(userName))) return true;
    return (await this.isKnown(userName, address)) || !(await this.held.isBlocked(pair));
  }

  /** A failure counts for its address, its pair and its account; past the account's cap, also on the pair's daily held tries. */
  async failed(userName: string, address: string): Promise<void> {
    const pair = this.pair(userName, address);
    await this.addresses.record(normalizeIP(address));
    await this.pairs.record(pair);
    await this.accounts.record(userName);
    if ((await this.accounts.isBlocked(userName)) && !(await this.isKnown(userName, address)))
      await this.held.record(pair);
  }

  /** A sign-in: the address becomes known. The account's hourly count stays: the cap holds however often the owner signs in. */
  async succeeded(userName: string, address: string): Promise<void> {
    await this.pairs.clear(this.pair(userName, address));
    const now = this.counters.now();
    // The most recent few stay; older and expired ones go.
    await this.known.remember(normal(userName), address, {
      now,
      until: now + KNOWN_ADDRESS_MS,
      keep: KNOWN_ADDRESSES_PER_ACCOUNT,
    });
  }
}
