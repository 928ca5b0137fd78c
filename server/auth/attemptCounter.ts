import type { SharedCounters } from '../stores/sharedCounterStore.js';

/**
 * Counts attempts per key (a user name, an e-mail address) within a time window: failed logins per
 * account, reset and reminder mails per account. @fastify/rate-limit limits per address; this limits
 * one account from many addresses. Kept in the database (SharedCounters), so several processes
 * sharing it count together and a restart forgets nothing.
 */
export class AttemptCounter {
  constructor(
    private readonly counters: SharedCounters,
    /** Which limit this is: keys of different limits never meet. */
    private readonly name: string,
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  private key(subject: string) {
    return `${this.name}:${subject.trim().toLowerCase()}`;
  }

  async isBlocked(subject: string): Promise<boolean> {
    return ((await this.counters.peek(this.key(subject)))?.count ?? 0) >= this.max;
  }

  async record(subject: string): Promise<void> {
    await this.counters.hit(this.key(subject), this.windowMs);
  }

  /** Counts one attempt and says whether it is within the limit: one atomic step, no race between processes. */
  async take(subject: string): Promise<boolean> {
    return (await this.counters.hit(this.key(subject), this.windowMs)).count <= this.max;
  }

  async clear(subject: string): Promise<void> {
    await this.counters.clear(this.key(subject));
  }
}
