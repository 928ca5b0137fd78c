import type { Db, Executor } from '../db/database.js';

/**
 * The mail queue (migration 006): the rows the sender loop (sender.ts) delivers. Every change of a row
 * after it is queued is a compare-and-set on its status and claim, so two processes on one PostgreSQL
 * database can race for a row and exactly one wins (an UPDATE that finds the row changed by the other
 * updates nothing once the other commits).
 */

export type MailStatus = 'pending' | 'sending' | 'sent' | 'failed';

/** A message as built when it was queued: the envelope's recipients and the whole RFC 822 text. */
export type BuiltMail = { recipients: string[]; subject: string; message: string };

export type QueuedMail = BuiltMail & { id: number; createdAt: string; attempts: number };

/** When a failed message is tried again, and when it is given up. */
export type RetryPolicy = {
  /** The wait after the first failure; each further failure doubles it. */
  baseMs: number;
  /** The longest wait between two attempts. */
  maxMs: number;
  /** Attempts before the message is kept as failed (never sent, still listed). */
  maxAttempts: number;
};

/** 30 s, 1 min, 2 min, 4 min ... at most 1 h apart; 12 attempts span about 4.5 hours of outage. */
export const DEFAULT_RETRY: RetryPolicy = { baseMs: 30_000, maxMs: 60 * 60_000, maxAttempts: 12 };

/** The wait before attempt `attempts + 1`, after `attempts` failed ones. */
export function backoffMs(attempts: number, policy: RetryPolicy): number {
  return Math.min(policy.baseMs * 2 ** Math.max(0, attempts - 1), policy.maxMs);
}

/** What the admin dashboard and the metrics show of the queue. */
export type MailQueueStats = {
  /** Messages waiting to be sent, those being sent right now included. */
  pending: number;
  /** The part of `pending` being handed to the SMTP server (or written) right now. */
  sending: number;
  /** Messages given up after the last attempt; they stay listed. */
  failed: number;
  /** When the oldest waiting message was queued. */
  oldestPendingAt: string | null;
  lastSentAt: string | null;
  /** The most recent failed attempt, whether or not its message went later. */
  lastError: { at: string; message: string } | null;
};

const iso = (ms: number) => new Date(ms).toISOString();
/** An error as one line short enough for a column and a dashboard. */
const describe = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ').trim().slice(0, 500) ||
  'unknown error';

export const mailQueue = {
  /** Queues a message in `executor`: a transaction commits it with the change it reports. */
  async insert(executor: Executor, mail: BuiltMail, now = Date.now()): Promise<number> {
    const row = await executor
      .insertInto('mailQueue')
      .values({
        createdAt: iso(now),
        recipients: JSON.stringify(mail.recipients),
        subject: mail.subject,
        message: mail.message,
        status: 'pending',
        attempts: 0,
        nextAttemptAt: iso(now),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  },

  /** Several messages in one statement (a batch of reminders): no ids, fewer round trips. */
  async insertMany(executor: Executor, mails: readonly BuiltMail[], now = Date.now()): Promise<void> {
    if (mails.length === 0) return;
    await executor
      .insertInto('mailQueue')
      .values(
        mails.map((mail) => ({
          createdAt: iso(now),
          recipients: JSON.stringify(mail.recipients),
          subject: mail.subject,
          message: mail.message,
          status: 'pending' as const,
          attempts: 0,
          nextAttemptAt: iso(now),
        })),
      )
      .execute();
  },

  /** Ids of messages due now: waiting ones whose time has come, and claims whose lease ran out. */
  async dueIds(db: Db, now: number, limit: number): Promise<number[]> {
    const at = iso(now);
    const rows = await db
      .selectFrom('mailQueue')
      .select('id')
      .where((eb) =>
        eb.or([
          eb.and([eb('status', '=', 'pending'), eb('nextAttemptAt', '<=', at)]),
          eb.and([eb('status', '=', 'sending'), eb('leaseUntil', '<=', at)]),
        ]),
      )
      .orderBy('nextAttemptAt')
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map((r) => Number(r.id));
  },

  /** When the next message falls due (a waiting one's time, or a claim's lease end); undefined if none. */
  async nextDueAt(db: Db): Promise<number | undefined> {
    const [pending, sending] = await Promise.all([
      db
        .selectFrom('mailQueue')
        .select((eb) => eb.fn.min('nextAttemptAt').as('at'))
        .where('status', '=', 'pending')
        .executeTakeFirst(),
      db
        .selectFrom('mailQueue')
        .select((eb) => eb.fn.min('leaseUntil').as('at'))
        .where('status', '=', 'sending')
        .executeTakeFirst(),
    ]);
    const times = [pending?.at, sending?.at].filter((t): t is string => !!t).map((t) => Date.parse(t));
    return times.length ? Math.min(...times) : undefined;
  },

  /**
   * Claims one due message for `claimant` until `now + leaseMs`, counting the attempt. Answers the
   * message, or undefined when it is not due any more (another process claimed or sent it first).
   */
  async claim(
    db: Db,
    id: number,
    claimant: string,
    now: number,
    leaseMs: number,
  ): Promise<QueuedMail | undefined> {
    const at = iso(now);
    const res = await db
      .updateTable('mailQueue')
      .set((eb) => ({
        status: 'sending',
        claimedBy: claimant,
        leaseUntil: iso(now + leaseMs),
        lastAttemptAt: at,
        attempts: eb('attempts', '+', 1),
      }))
      .where('id', '=', id)
      .where((eb) =>
        eb.or([
          eb.and([eb('status', '=', 'pending'), eb('nextAttemptAt', '<=', at)]),
          eb.and([eb('status', '=', 'sending'), eb('leaseUntil', '<=', at)]),
        ]),
      )
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) return undefined;
    const row = await db
      .selectFrom('mailQueue')
      .select(['id', 'createdAt', 'recipients', 'subject', 'message', 'attempts', 'claimedBy'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row || row.claimedBy !== claimant) return undefined;
    return {
      id: Number(row.id),
      createdAt: row.createdAt,
      recipients: JSON.parse(row.recipients) as string[],
      subject: row.subject,
      message: row.message,
      attempts: Number(row.attempts),
    };
  },

  /**
   * Marks a claimed message sent and empties its text (the links in it do not stay in the database).
   * False when the claim was lost (its lease ran out and another process took it over).
   */
  async markSent(db: Db, id: number, claimant: string, now = Date.now()): Promise<boolean> {
    const res = await db
      .updateTable('mailQueue')
      .set({ status: 'sent', sentAt: iso(now), message: '', claimedBy: null, leaseUntil: null })
      .where('id', '=', id)
      .where('status', '=', 'sending')
      .where('claimedBy', '=', claimant)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  },

  /** Records a failed attempt: the message waits its back-off, or is kept as failed after the last one. */
  async markFailed(
    db: Db,
    mail: Pick<QueuedMail, 'id' | 'attempts'>,
    claimant: string,
    error: unknown,
    policy: RetryPolicy,
    now = Date.now(),
  ): Promise<'pending' | 'failed' | 'lost'> {
    const gaveUp = mail.attempts >= policy.maxAttempts;
    const res = await db
      .updateTable('mailQueue')
      .set({
        status: gaveUp ? 'failed' : 'pending',
        nextAttemptAt: iso(now + (gaveUp ? 0 : backoffMs(mail.attempts, policy))),
        lastError: describe(error),
        claimedBy: null,
        leaseUntil: null,
      })
      .where('id', '=', mail.id)
      .where('status', '=', 'sending')
      .where('claimedBy', '=', claimant)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) return 'lost';
    return gaveUp ? 'failed' : 'pending';
  },

  /** Deletes sent messages older than `before` (their text is already gone; this keeps the table small). */
  async pruneSent(db: Db, before: number): Promise<number> {
    const res = await db
      .deleteFrom('mailQueue')
      .where('status', '=', 'sent')
      .where('sentAt', '<', iso(before))
      .executeTakeFirst();
    return Number(res.numDeletedRows);
  },

  async stats(db: Db): Promise<MailQueueStats> {
    const [counts, oldest, lastSent, lastError] = await Promise.all([
      db
        .selectFrom('mailQueue')
        .select(['status', (eb) => eb.fn.countAll<number | string>().as('n')])
        .where('status', 'in', ['pending', 'sending', 'failed'])
        .groupBy('status')
        .execute(),
      db
        .selectFrom('mailQueue')
        .select((eb) => eb.fn.min('createdAt').as('at'))
        .where('status', 'in', ['pending', 'sending'])
        .executeTakeFirst(),
      db
        .selectFrom('mailQueue')
        .select((eb) => eb.fn.max('sentAt').as('at'))
        .where('status', '=', 'sent')
        .executeTakeFirst(),
      db
        .selectFrom('mailQueue')
        .select(['lastError', 'lastAttemptAt'])
        .where('lastError', 'is not', null)
        .orderBy('lastAttemptAt', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst(),
    ]);
    const count = (status: MailStatus) => Number(counts.find((c) => c.status === status)?.n ?? 0);
    return {
      pending: count('pending') + count('sending'),
      sending: count('sending'),
      failed: count('failed'),
      oldestPendingAt: oldest?.at ?? null,
      lastSentAt: lastSent?.at ?? null,
      lastError:
        lastError?.lastError && lastError.lastAttemptAt
          ? { at: lastError.lastAttemptAt, message: lastError.lastError }
          : null,
    };
  },
};

/** True when nothing is due now and nothing is being sent (tests wait for this instead of sleeping). */
export async function queueSettled(db: Db, now = Date.now()): Promise<boolean> {
  const row = await db
    .selectFrom('mailQueue')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where((eb) =>
      eb.or([
        eb('status', '=', 'sending'),
        eb.and([eb('status', '=', 'pending'), eb('nextAttemptAt', '<=', iso(now))]),
      ]),
    )
    .executeTakeFirst();
  return Number(row?.n ?? 0) === 0;
}
