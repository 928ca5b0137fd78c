import rateLimit, {
  type FastifyRateLimitOptions,
  type FastifyRateLimitStore,
  type FastifyRateLimitStoreCtor,
  normalizeIP,
} from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/database.js';
import { SharedCounters } from '../stores/sharedCounterStore.js';

type Callback = Parameters<FastifyRateLimitStore['incr']>[1];
/** What the plugin hands child(): the limit's merged settings, with the route when set in a route's config. */
type ChildOptions = {
  routeInfo?: { method?: string | string[]; url?: string };
  max?: unknown;
  timeWindow?: unknown;
};

/**
 * @fastify/rate-limit's counters in the database instead of each process's memory (its default
 * LocalStore), so a limit holds across every process sharing the database (docs/decisions.md#data-shared-counters). A limit set in
 * a route's config is named by its route; one made with app.rateLimit() or app.createRateLimit() by
 * its size and window, so such limits must tell their callers apart in their key (routeAndAddress):
 * otherwise two limits of one size would share their counts.
 */
export function databaseRateLimitStore(counters: SharedCounters): FastifyRateLimitStoreCtor {
  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    constructor(
      _options: FastifyRateLimitOptions,
      private readonly namespace = 'http',
    ) {}

    incr(key: string, callback: Callback, timeWindow: number): void {
      counters.hit(`${this.namespace}:${key}`, timeWindow).then(
        (hit) => callback(null, { current: hit.count, ttl: Math.max(0, hit.resetAt - counters.now()) }),
        (error: Error) => callback(error),
      );
    }

    /** The plugin's non-counting look (`{ increment: false }`). */
    read(key: string, callback: Callback): void {
      counters.peek(`${this.namespace}:${key}`).then(
        (hit) =>
          callback(
            null,
            hit
              ? { current: hit.count, ttl: Math.max(0, hit.resetAt - counters.now()) }
              : { current: 0, ttl: 0 },
          ),
        (error: Error) => callback(error),
      );
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      const options = routeOptions as unknown as ChildOptions;
      const route = options.routeInfo;
      const name = route?.url
        ? `${[route.method].flat().join(',')} ${route.url}`
        : `${options.max}/${options.timeWindow}`;
      return new DatabaseRateLimitStore(routeOptions as unknown as FastifyRateLimitOptions, `http:${name}`);
    }
  }
  return DatabaseRateLimitStore;
}

/** A per-address limit's key that names the route it guards, so limits of one size never share counts. */
export const routeAndAddress = (request: FastifyRequest) =>
  `${request.routeOptions.url}|${normalizeIP(request.ip)}`;

/** @fastify/rate-limit with its counters in the database; no limit unless a route or a hook asks. */
export async function registerRateLimits(app: FastifyInstance, db: Db): Promise<void> {
  await app.register(rateLimit, { global: false, store: databaseRateLimitStore(new SharedCounters(db)) });
}
