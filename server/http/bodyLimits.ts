import type { FastifyInstance, FastifyRequest } from 'fastify';
import { messages } from '../../domain/messages.js';
import { HttpError } from './envelope.js';

/** Every body by default: sign-in, sign-up, searches and forms are a few KiB at most. */
export const BODY_LIMIT = 64 * 1024;
/** Only where rich text with embedded images is saved (sections and questions). */
export const RICH_TEXT_BODY_LIMIT = 5 * 1024 * 1024;
/** The shape of any JSON body (keys and array items, nesting): no form of this product comes near. */
export const JSON_LIMITS = { maxKeys: 10_000, maxDepth: 32 } as const;
/**
 * Calls to public routes without a session, per client address per minute, counted before the body is
 * read. Signed-in callers are not counted: they call public lookups on every form, many behind one NAT.
 */
export const PUBLIC_CALLS_PER_MINUTE = 300;

export const TOO_COMPLEX = 'The request body has too many keys or is nested too deeply.';

/** True when the parsed value stays within the key and depth caps; walks without recursion. */
export function withinJsonLimits(value: unknown, limits = JSON_LIMITS): boolean {
  let keys = 0;
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const { value: current, depth } = stack.pop() as { value: unknown; depth: number };
    if (current === null || typeof current !== 'object') continue;
    if (depth >= limits.maxDepth) return false;
    const children = Array.isArray(current) ? current : Object.values(current);
    // Array items count as keys too: a million zeros cost as much as a million keys.
    keys += children.length;
    if (keys > limits.maxKeys) return false;
    for (const child of children) {
      if (child !== null && typeof child === 'object') stack.push({ value: child, depth: depth + 1 });
    }
  }
  return true;
}

/**
 * Fastify's own JSON parser (prototype poisoning refused), then the caps on keys and depth. The size
 * limit applies while the body is read: BODY_LIMIT, or a route's own bodyLimit.
 */
export function registerJsonParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    parse(request, body as string, (error, value) => {
      if (error) return done(error, undefined);
      if (!withinJsonLimits(value)) return done(new HttpError(400, TOO_COMPLEX), undefined);
      done(null, value);
    });
  });
}

/**
 * Public calls are limited per address in onRequest, before the body is read or parsed, so nobody
 * can make the server parse bodies at full speed without a session. Routes keep their own, tighter
 * limits (login, sign-up, forgotten passwords) on top of this one.
 */
/**
 * The operator's probes are not counted: the counts live in the database, and readiness and metrics
 * must answer (503, figures) exactly when the database does not. Metrics need their own long token.
 */
const PROBES = new Set(['/api/health', '/api/ready', '/api/metrics']);

export function limitPublicCalls(app: FastifyInstance): void {
  // createRateLimit, not rateLimit: the plugin runs only the first of its hooks on a request, and
  // this one must not stand in for a route's own limit.
  const check = app.createRateLimit({ max: PUBLIC_CALLS_PER_MINUTE, timeWindow: 60_000 });
  const limit = async (request: FastifyRequest) => {
    if (request.actor) return; // the guard (an earlier onRequest hook) found a valid session
    const outcome = await check(request);
    if (!outcome.isAllowed && outcome.isExceeded) {
      throw new HttpError(429, messages.account.tooManyRequests);
    }
  };
  app.addHook('onRoute', (route) => {
    if (route.config?.access !== 'public' || PROBES.has(route.url)) return;
    const own = route.onRequest ? [route.onRequest].flat() : [];
    route.onRequest = [limit, ...own] as typeof route.onRequest;
  });
}
