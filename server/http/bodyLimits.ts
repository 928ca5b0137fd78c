import type { FastifyInstance, FastifyRequest } from 'fastify';
import { messages } from '../../domain/messages.js';
import { HttpError } from './envelope.js';
import { escapedJsonText, keepBodyBytes } from './jsonBody.js';

/** Every body by default: sign-in, sign-up, searches and forms are a few KiB at most. */
export const BODY_LIMIT = 64 * 1024;
/** Only where rich text with embedded images is saved (sections and questions). */
export const RICH_TEXT_BODY_LIMIT = 5 * 1024 * 1024;
/**
 * A submitted result, a retake and a saved draft (docs/decisions.md#http-body-limits, finding 7). The largest legitimate body of
 * the seeded assessments, every question answered and every choice selected, is 79 KB for a result
 * (the criteria come back whole, with their rich text) and 14 KB for the web app's draft (answers
 * only). An assessment an admin writes may hold text questions (4,000 characters each, up to 12 KB in
 * UTF-8), other-choices and images in its rich text, so the cap leaves a wide margin (about 13 times
 * the seeded result) rather than the bare four times: a respondent refused at Submit loses the most.
 */
export const RESULT_BODY_LIMIT = 1024 * 1024;
/** The shape of any JSON body (keys and array items, nesting): no form of this product comes near. */
export const JSON_LIMITS: JsonLimits = { maxKeys: 10_000, maxDepth: 32 };
export type JsonLimits = { readonly maxKeys: number; readonly maxDepth: number };
/**
 * Calls to public routes without a session, per client address per minute, counted before the body is
 * read. Signed-in callers are not counted: they call public lookups on every form, many behind one NAT.
 * Sized for a workshop (docs/product.md#rules-sign-in-limits): 60 people behind one address opening their
 * invite, registering and signing in within a minute make a few hundred public calls.
 */
export const PUBLIC_CALLS_PER_MINUTE = 1_000;

export const TOO_COMPLEX = 'The request body has too many keys or is nested too deeply.';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const COLON = 0x3a;
const COMMA = 0x2c;
const isBlank = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

/**
 * True when raw JSON text stays within the key and depth caps, decided from the characters alone
 * before anything is built (docs/decisions.md#http-body-limits, finding 7): 500,000 keys cost a second of CPU to parse, while
 * this pass over the same 4 MiB takes milliseconds and stops at the first cap passed. It counts what
 * withinJsonLimits counts (object keys by their ':', array items by their ',' and the first item, the
 * nesting of '{' and '['), never fewer: duplicate keys count each time. Text in strings, escapes
 * included, counts for nothing. On text that is not JSON it may answer either way: the parser that
 * follows refuses it, having read no further than this pass agreed to.
 */
export function rawJsonWithinLimits(text: string, limits: JsonLimits = JSON_LIMITS): boolean {
  let keys = 0;
  let depth = 0;
  // Per open container whether it is an array, whose items are counted by their commas.
  const inArray: boolean[] = [];
  let firstItem = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (isBlank(c)) continue;
    if (firstItem) {
      firstItem = false;
      if (c !== CLOSE_ARRAY && ++keys > limits.maxKeys) return false;
    }
    switch (c) {
      case QUOTE: {
        // The closing quote is the next one not escaped, i.e. preceded by an even run of backslashes.
        let end = text.indexOf('"', i + 1);
        while (end !== -1) {
          let backslashes = 0;
          while (text.charCodeAt(end - 1 - backslashes) === BACKSLASH) backslashes++;
          if (backslashes % 2 === 0) break;
          end = text.indexOf('"', end + 1);
        }
        if (end === -1) return true; // an unterminated string: the parser refuses it
        i = end;
        break;
      }
      case OPEN_OBJECT:
      case OPEN_ARRAY:
        if (++depth > limits.maxDepth) return false;
        inArray.push(c === OPEN_ARRAY);
        firstItem = c === OPEN_ARRAY;
        break;
      case CLOSE_OBJECT:
      case CLOSE_ARRAY:
        depth--;
        inArray.pop();
        break;
      case COLON:
        if (++keys > limits.maxKeys) return false;
        break;
      case COMMA:
        if (inArray[inArray.length - 1] === true && ++keys > limits.maxKeys) return false;
        break;
    }
  }
  return true;
}

/** True when the parsed value stays within the key and depth caps; walks without recursion. */
export function withinJsonLimits(value: unknown, limits: JsonLimits = JSON_LIMITS): boolean {
  return walkJson(value, limits, false);
}

/**
 * The walk of withinJsonLimits; with `unpoisoned` also false at an object with an own '__proto__' or
 * 'constructor' key (what secure-json-parse looks at).
 */
function walkJson(value: unknown, limits: JsonLimits, unpoisoned: boolean): boolean {
  let keys = 0;
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const { value: current, depth } = stack.pop() as { value: unknown; depth: number };
    if (current === null || typeof current !== 'object') continue;
    if (depth >= limits.maxDepth) return false;
    const isArray = Array.isArray(current);
    if (
      unpoisoned &&
      !isArray &&
      (Object.hasOwn(current, '__proto__') || Object.hasOwn(current, 'constructor'))
    )
      return false;
    const children = isArray ? current : Object.values(current);
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
 * The body parsed as Fastify's parser (secure-json-parse) parses it, when that is certain without it:
 * valid JSON whose objects have no own '__proto__' or 'constructor' key and stay within the caps.
 * Then secure-json-parse answers what JSON.parse does (after a pass of two regular expressions over
 * the text, a sixth of the parse of a 78 KB submission). Anything else (invalid, empty or a BOM,
 * such a key, over the caps) is undefined: the parser and the caps decide as before, in that order.
 */
function plainJson(text: string, limits: JsonLimits = JSON_LIMITS): { value: unknown } | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  return walkJson(value, limits, true) ? { value } : undefined;
}

/**
 * The caps on keys and depth over the raw text first (rawJsonWithinLimits: nothing is built for a
 * hostile body), then Fastify's own JSON parser (prototype poisoning refused) and the same caps over
 * what it built. The size limit applies while the body is read: BODY_LIMIT, or a route's own bodyLimit.
 * The bytes are kept for the Idempotency-Key's fingerprint; a large body is read from its escaped
 * narrow text when it has one (jsonBody.ts), and decoded plainly when the parser refuses that.
 */
export function registerJsonParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  const parseText = (
    request: FastifyRequest,
    text: string,
    done: (error: Error | null, value?: unknown) => void,
  ) => {
    if (!rawJsonWithinLimits(text)) return done(new HttpError(400, TOO_COMPLEX), undefined);
    const plain = plainJson(text);
    if (plain !== undefined) return done(null, plain.value);
    parse(request, text, (error, value) => {
      if (error) return done(error, undefined);
      if (!withinJsonLimits(value)) return done(new HttpError(400, TOO_COMPLEX), undefined);
      done(null, value);
    });
  };
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const bytes = body as Buffer;
    keepBodyBytes(request, bytes);
    const escaped = escapedJsonText(bytes);
    if (escaped === undefined) return parseText(request, bytes.toString('utf8'), done);
    parseText(request, escaped, (error, value) => {
      // The text decoded plainly gives the parser's own answer (a BOM, an invalid body); the caps
      // count the same in both texts, so a body over them is refused at once.
      if (error && !(error instanceof HttpError)) return parseText(request, bytes.toString('utf8'), done);
      done(error, value);
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
