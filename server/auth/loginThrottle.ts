import type { Db } from '../db/database.js';
import { AttemptCounter } from './attemptCounter.js';
import { SharedCounters, storableKey } from './sharedCounters.js';

const HOUR = 60 * 60_000;
/** How long an address a person signed in from counts as theirs, and how many such addresses are kept. */
const KNOWN_ADDRESS_MS = 30 * 24 * HOUR;
const KNOWN_ADDRESSES_PER_ACCOUNT = 5;

export type LoginThrottleLimits = {
  /** Failures allowed for one account from one address within `windowMs`; then that pair is blocked. */
  perAccountAndAddress: number;
  windowMs: number;
  /** Failures allowed for one account from all addresses together within an hour. */
  perAccountPerHour: number;
};

const normal = (userName: string) => storableKey(userName.trim().toLowerCase());

/**
 * Login throttling that an attacker cannot turn against the account's owner (issue 13, finding 6):
 * - failures are counted per account and address: an address that keeps failing for an account is
 *   blocked for that account only, and the owner elsewhere signs in as usual;
 * - failures of one account from all addresses together are capped per hour: past the cap, guesses
 *   are refused before the password is checked, so nothing more is learnt, except from an address
 *   the owner signed in from recently (a known address), where the right password still gets in.
 * Counts and known addresses are in the database (migration 005): every process sharing it applies
 * the same limits (issue 15), and a restart forgets nothing.
 */
export class LoginThrottle {
  private readonly counters: SharedCounters;
  private readonly pairs: AttemptCounter;
  private readonly accounts: AttemptCounter;

  constructor(db: Db, limits: LoginThrottleLimits, now: () => number = Date.now) {
    this.counters = new SharedCounters(db, now);
    this.pairs = new AttemptCounter(
      this.counters,
      'login-pair',
      limits.perAccountAndAddress,
      limits.windowMs,
    );
    this.accounts = new AttemptCounter(this.counters, 'login-account', limits.perAccountPerHour, HOUR);
  }

  /** An address holds no '|', so the pair's key is unambiguous. */
  private pair(userName: string, address: string) {
    return `${address}|${normal(userName)}`;
  }

  private async isKnown(userName: string, address: string): Promise<boolean> {
    const row = await this.counters.tables
      .selectFrom('loginKnownAddresses')
      .select('until')
      .where('userNameKey', '=', normal(userName))
      .where('address', '=', address)
      .executeTakeFirst();
    return row !== undefined && Number(row.until) > this.counters.now();
  }

  /** May this attempt be checked at all? */
  async allows(userName: string, address: string): Promise<boolean> {
    if (await this.pairs.isBlocked(this.pair(userName, address))) return false;
    return !(await this.accounts.isBlocked(userName)) || (await this.isKnown(userName, address));
  }

  async failed(userName: string, address: string): Promise<void> {
    await this.pairs.record(this.pair(userName, address));
    await this.accounts.record(userName);
  }

  /** A sign-in: the address becomes known. The account's hourly count stays: the cap holds however often the owner signs in. */
  async succeeded(userName: string, address: string): Promise<void> {
    await this.pairs.clear(this.pair(userName, address));
    const userNameKey = normal(userName);
    const now = this.counters.now();
    const known = this.counters.tables;
    await known
      .insertInto('loginKnownAddresses')
      .values({ userNameKey, address, until: now + KNOWN_ADDRESS_MS })
      .onConflict((oc) =>
        oc.columns(['userNameKey', 'address']).doUpdateSet({ until: now + KNOWN_ADDRESS_MS }),
      )
      .execute();
    // The most recent few stay; older and expired ones go.
    const kept = await known
      .selectFrom('loginKnownAddresses')
      .select('address')
      .where('userNameKey', '=', userNameKey)
      .where('until', '>', now)
      .orderBy('until', 'desc')
      .limit(KNOWN_ADDRESSES_PER_ACCOUNT)
      .execute();
    await known
      .deleteFrom('loginKnownAddresses')
      .where('userNameKey', '=', userNameKey)
      // This address stays whatever concurrent sign-ins deleted meanwhile, so the list is never empty
      // (PostgreSQL refuses 'not in ()').
      .where('address', 'not in', [address, ...kept.map((k) => k.address)])
      .execute();
  }
}
