/**
 * Counts attempts per key (a user name, an e-mail address) within a time window: failed logins per
 * account, reset and reminder mails per account. @fastify/rate-limit limits per address; this limits
 * one account from many addresses. Kept in memory like the address limit: with several processes each
 * keeps its own count, which still caps attempts at (processes x max).
 */
export class AttemptCounter {
  private readonly failures = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  private key(userName: string) {
    return userName.trim().toLowerCase();
  }

  isBlocked(userName: string): boolean {
    const entry = this.failures.get(this.key(userName));
    if (!entry) return false;
    if (entry.resetAt <= this.now()) {
      this.failures.delete(this.key(userName));
      return false;
    }
    return entry.count >= this.max;
  }

  record(userName: string): void {
    const key = this.key(userName);
    const now = this.now();
    const entry = this.failures.get(key);
    if (!entry || entry.resetAt <= now) {
      // Bound the memory an attacker can make us hold with endless made-up names.
      if (this.failures.size >= 100_000) this.prune(now);
      this.failures.set(key, { count: 1, resetAt: now + this.windowMs });
    } else {
      entry.count += 1;
    }
  }

  clear(userName: string): void {
    this.failures.delete(this.key(userName));
  }

  private prune(now: number) {
    for (const [key, entry] of this.failures) if (entry.resetAt <= now) this.failures.delete(key);
    if (this.failures.size >= 100_000) this.failures.clear();
  }
}
