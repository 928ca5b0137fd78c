import type { SharedCounters } from './sharedCounterStore.js';

/**
 * The addresses an account's owner signed in from (login_known_addresses, migration 005), kept beside
 * the shared counters in the same database so every process sees the same ones.
 */
export class KnownAddressStore {
  constructor(private readonly counters: SharedCounters) {}

  /** Until when the address counts as the owner's (ms since the epoch), undefined when never. */
  async until(userNameKey: string, address: string): Promise<number | undefined> {
    const row = await this.counters.tables
      .selectFrom('loginKnownAddresses')
      .select('until')
      .where('userNameKey', '=', userNameKey)
      .where('address', '=', address)
      .executeTakeFirst();
    return row === undefined ? undefined : Number(row.until);
  }

  /** Keeps the address until `until`, and only the `keep` latest addresses still live at `now`. */
  async remember(userNameKey: string, address: string, at: { now: number; until: number; keep: number }) {
    const { now, until, keep } = at;
    const known = this.counters.tables;
    await known
      .insertInto('loginKnownAddresses')
      .values({ userNameKey, address, until })
      .onConflict((oc) => oc.columns(['userNameKey', 'address']).doUpdateSet({ until }))
      .execute();
    const kept = await known
      .selectFrom('loginKnownAddresses')
      .select('address')
      .where('userNameKey', '=', userNameKey)
      .where('until', '>', now)
      .orderBy('until', 'desc')
      .limit(keep)
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
