import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Compilable } from 'kysely';
import { nowIso } from '../db/clock.js';
import type { Db, Executor } from '../db/database.js';
import {
  type IdempotencyKeysTable,
  type KeptAnswer,
  idempotencyKeyStore as keys,
} from '../stores/idempotencyKeyStore.js';
import { actorOf } from './actor.js';
import { badRequest, JSON_TYPE } from './envelope.js';
import { bodyBytesOf } from './jsonBody.js';
import { preserialized } from './preserialized.js';

// Idempotent submissions and saves (docs/decisions.md#data-idempotency). A client that sends `Idempotency-Key: <uuid>` and never
// hears the answer may send the same request again with the same key: it gets the first answer (same
// status and body) and nothing is done twice. The answer is kept with the change, in its transaction,
// so a crash keeps both or neither. Keys belong to the user who sent them and expire after 24 hours.

export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** Sent with an answer that was kept from an earlier request with the same key. */
export const REPLAYED_HEADER = 'idempotent-replayed';
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60_000;
const PURGE_EVERY_MS = 10 * 60_000;
const KEY_PATTERN = /^[A-Za-z0-9_-]{16,100}$/;

export const idempotencyMessages = {
  badKey: 'Idempotency-Key must be 16 to 100 letters, digits, hyphens or underscores (a UUID).',
  reused:
    'This Idempotency-Key was already used for a different request. Send each new submission or save with a new key.',
};

/** What a command calls last inside its transaction, with its outcome, to keep the answer with the change. */
export type KeepAnswer<T> = {
  (trx: Executor, outcome: T): Promise<void>;
  /**
   * The same for a command that writes its change in one statement (submissionStatement.ts): the
   * row to write with it, and `kept` once that statement committed.
   */
  readonly inOneStatement: {
    row: (outcome: T) => IdempotencyKeysTable;
    /**
     * The kept answer's statements, built from any values (submissionStatement.ts builds them once):
     * the row's plain INSERT, which fails on a live kept answer of the key and so fails the statement;
     * the removal of an expired kept answer of the key (which would fail the INSERT too), before it.
     */
    statements: {
      insert: (db: Executor, row: IdempotencyKeysTable) => Compilable;
      dropExpired: (db: Executor, userId: number, key: string, expiredBefore: string) => Compilable;
    };
    /** The key whose expired kept answer to remove, and the cutoff. */
    expired: () => { userId: number; key: string; expiredBefore: string };
    kept: (row: IdempotencyKeysTable) => void;
  };
};

/**
 * Object keys as quoted in the text, with their colon: the same few dozen schema keys recur hundreds
 * of times per submission. Capped, since a record schema's keys are the caller's.
 */
const quotedKeys = new Map<string, string>();
const QUOTED_KEYS_MAX = 2_000;

function quotedKey(key: string): string {
  let quoted = quotedKeys.get(key);
  if (quoted === undefined) {
    quoted = `${JSON.stringify(key)}:`;
    if (quotedKeys.size < QUOTED_KEYS_MAX) quotedKeys.set(key, quoted);
  }
  return quoted;
}

/**
 * A stable text of a JSON value: object keys sorted, so equal bodies digest alike. Kept requests are
 * matched by this text's digest, so it must not change: the same text as JSON.stringify of each
 * value with keys in code-unit order, undefined members left out. Written into one string, without
 * the entries, sorted and mapped arrays and per-object strings of a recursive join: for a 78 KB
 * submission that garbage made this a sixth of the request's CPU.
 */
export function stableJson(value: unknown): string {
  let out = '';
  const write = (current: unknown): void => {
    if (Array.isArray(current)) {
      out += '[';
      for (let i = 0; i < current.length; i++) {
        if (i > 0) out += ',';
        // A hole (never in a parsed body) wrote nothing in the join this replaces.
        if (i in current) write(current[i]);
      }
      out += ']';
    } else if (current && typeof current === 'object' && !(current instanceof Date)) {
      const object = current as Record<string, unknown>;
      // The default sort compares code units, as `a < b` does; keys are unique, so order is total.
      const keys = Object.keys(object).sort();
      out += '{';
      let first = true;
      for (const key of keys) {
        const member = object[key];
        if (member === undefined) continue;
        if (!first) out += ',';
        first = false;
        out += quotedKey(key);
        write(member);
      }
      out += '}';
    } else out += JSON.stringify(current) ?? 'null';
  };
  write(value);
  return out;
}

/**
 * What a resent request must match to be answered from its key: the method, the route and the body's
 * bytes as received (docs/decisions.md#data-idempotency-fingerprint). The web app sends a retry with
 * the very bytes of the first request; a body that differs in any byte is another request.
 */
function fingerprint(request: FastifyRequest): string {
  return createHash('sha256')
    .update(`${request.method} ${request.routeOptions.url ?? ''}\n`)
    .update(bodyBytesOf(request))
    .digest('base64url');
}

/**
 * The fingerprint kept before the bytes were (the validated body with its keys sorted): a request
 * resent across the upgrade still matches its key. Worked out only when the first does not match;
 * after the keys' 24 hours no kept answer has one.
 */
function legacyFingerprint(request: FastifyRequest): string {
  return createHash('sha256')
    .update(`${request.method} ${request.routeOptions.url ?? ''}\n${stableJson(request.body)}`)
    .digest('base64url');
}

/** One object for every key: the statements built from it are kept per object (submissionStatement.ts). */
const keptStatements = { insert: keys.insertQuery, dropExpired: keys.dropExpired };

const cutoff = () => new Date(Date.now() - IDEMPOTENCY_TTL_MS).toISOString();

/** One request's key: hands commands the hook that keeps the answer, and knows whether it ran. */
export class IdempotencyKey {
  /** The answer kept in the transaction, once the command has called the hook. */
  keptBody: string | undefined;

  constructor(
    readonly userId: number,
    readonly key: string,
    readonly requestHash: string,
  ) {}

  /** The hook for a command: `answerOf` turns its outcome into the answer the route will give. */
  keep<T>(answerOf: (outcome: T) => unknown): KeepAnswer<T> {
    const row = (outcome: T): IdempotencyKeysTable => ({
      userId: this.userId,
      key: this.key,
      requestHash: this.requestHash,
      statusCode: 200,
      body: JSON.stringify(answerOf(outcome)),
      createdAt: nowIso(),
    });
    const kept = (written: IdempotencyKeysTable) => {
      this.keptBody = written.body;
    };
    const inTransaction = async (trx: Executor, outcome: T) => {
      const written = row(outcome);
      await keys.insert(trx, written, cutoff());
      kept(written);
    };
    return Object.assign(inTransaction, {
      inOneStatement: {
        row,
        statements: keptStatements,
        expired: () => ({ userId: this.userId, key: this.key, expiredBefore: cutoff() }),
        kept,
      },
    });
  }
}

export type Idempotency = {
  /**
   * Runs a route's work under the request's Idempotency-Key, if it has one: a kept answer is sent
   * again, a key reused for another request is refused (422), otherwise `work` runs with the key.
   */
  run: <R>(
    request: FastifyRequest,
    reply: FastifyReply,
    work: (key: IdempotencyKey | undefined) => Promise<R>,
  ) => Promise<R>;
};

const perDatabase = new WeakMap<Db, Idempotency>();

/** The app's idempotency (one per database, so expired keys are purged once for all routes). */
export function idempotencyOf(db: Db): Idempotency {
  let found = perDatabase.get(db);
  if (!found) {
    found = createIdempotency(db);
    perDatabase.set(db, found);
  }
  return found;
}

function createIdempotency(db: Db): Idempotency {
  let purgedAt = 0;
  const purgeNowAndThen = (request: FastifyRequest) => {
    if (Date.now() - purgedAt < PURGE_EVERY_MS) return;
    purgedAt = Date.now();
    keys.purge(db, cutoff()).catch((error) => request.log.warn({ err: error }, 'idempotency purge failed'));
  };

  // The kept text goes out as it is (a string), typed as the answer the route declares.
  const replay = <R>(
    request: FastifyRequest,
    reply: FastifyReply,
    kept: KeptAnswer,
    requestHash: string,
  ): R => {
    if (kept.requestHash !== requestHash && kept.requestHash !== legacyFingerprint(request))
      throw Object.assign(new Error(idempotencyMessages.reused), { statusCode: 422 });
    reply.header(REPLAYED_HEADER, 'true').code(kept.statusCode).type(JSON_TYPE);
    return preserialized<R>(kept.body);
  };

  return {
    async run<R>(
      request: FastifyRequest,
      reply: FastifyReply,
      work: (key: IdempotencyKey | undefined) => Promise<R>,
    ): Promise<R> {
      const header = request.headers[IDEMPOTENCY_HEADER];
      if (header === undefined) return work(undefined);
      if (typeof header !== 'string' || !KEY_PATTERN.test(header))
        throw badRequest(idempotencyMessages.badKey);
      const { userId } = actorOf(request);
      const requestHash = fingerprint(request);
      const kept = await keys.find(db, userId, header, cutoff());
      if (kept) return replay(request, reply, kept, requestHash);
      purgeNowAndThen(request);

      const key = new IdempotencyKey(userId, header, requestHash);
      let answer: R;
      try {
        answer = await work(key);
      } catch (error) {
        // A copy of this request with the same key committed first (this one failed on the key, or on
        // a row the other wrote): its answer is this one's too.
        const other = await keys.find(db, userId, header, cutoff());
        if (other) return replay(request, reply, other, requestHash);
        throw error;
      }
      if (key.keptBody !== undefined) {
        // Notes added after the commit (mail sent or not) complete the kept answer; a crash before
        // this leaves the answer given at the commit, which is still true of the data.
        const final = JSON.stringify(answer);
        if (final !== key.keptBody && reply.statusCode === 200)
          await keys.updateBody(db, userId, header, final).catch((error) => {
            request.log.warn({ err: error }, 'idempotent answer not updated');
          });
        return answer;
      }
      // Nothing was kept: the work changed nothing (a refusal), or a copy with the same key committed
      // first and this one found the work done; the first answer is the one to give then.
      const other = await keys.find(db, userId, header, cutoff());
      if (other) return replay(request, reply, other, requestHash);
      return answer;
    },
  };
}
