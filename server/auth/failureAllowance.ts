import type { FastifyRequest } from 'fastify';
import { HttpError } from '../http/envelope.js';
import type { SharedCounters } from '../stores/sharedCounterStore.js';
import { AttemptCounter } from './attemptCounter.js';
import { routeAndAddress } from './rateLimitStore.js';

/**
 * A per-address allowance of failed attempts at one route (docs/decisions.md#sign-in-limits): a room of people behind one
 * address (a workshop behind one NAT) all accept their invites and reset their passwords, since only
 * failures count; guessing from one address stops once its failures are used up. The count is taken
 * after the outcome; the cheap pre-check (`preHandler`) refuses before any work once the address is
 * over. Concurrent failures that pass the pre-check together are all counted, so the overshoot is at
 * most the requests in flight.
 */
export class FailureAllowance {
  private readonly counter: AttemptCounter;

  constructor(
    counters: SharedCounters,
    max: number,
    windowMs: number,
    private readonly message: string,
  ) {
    this.counter = new AttemptCounter(counters, 'failures', max, windowMs);
  }

  /** Refuses (429) an address whose failures at this route are used up. */
  readonly preHandler = async (request: FastifyRequest): Promise<void> => {
    if (await this.counter.isBlocked(routeAndAddress(request))) throw new HttpError(429, this.message);
  };

  /** Counts a failed attempt of this request's address at its route. */
  failed(request: FastifyRequest): Promise<void> {
    return this.counter.record(routeAndAddress(request));
  }
}
