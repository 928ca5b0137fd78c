import { messages } from '../../domain/messages.js';
import { HttpError } from '../http/envelope.js';
import type { SharedCounters } from '../stores/sharedCounterStore.js';
import { AttemptCounter } from './attemptCounter.js';
import { verifyPassword } from './passwords.js';

/**
 * The current password asked again by a signed-in person (changing the password, or the e-mail
 * address: ASVS 7.5.1). Wrong answers count per account, as failed sign-ins do, so a stolen session
 * cannot guess it; past the limit the answer is 429 until the window ends. One count for both uses.
 */
export class CurrentPasswordCheck {
  private readonly wrong: AttemptCounter;

  constructor(counters: SharedCounters, maxWrong: number, windowMs: number) {
    this.wrong = new AttemptCounter(counters, 'current-password', maxWrong, windowMs);
  }

  /** Whether `given` is the person's password; throws 429 while too many wrong ones are counted. */
  async matches(userId: number, passwordHash: string | null, given: string): Promise<boolean> {
    const key = `user:${userId}`;
    if (await this.wrong.isBlocked(key)) throw new HttpError(429, messages.login.tooManyAttempts);
    if (!(await verifyPassword(passwordHash, given))) {
      await this.wrong.record(key);
      return false;
    }
    await this.wrong.clear(key);
    return true;
  }
}
