import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.js';
import {
  DEFAULT_RETRY,
  type MailQueueStats,
  mailQueue,
  type QueuedMail,
  queueSettled,
  type RetryPolicy,
} from '../stores/mailQueueStore.js';
import type { MailTransport } from './transport.js';

/** What the metrics count of the sender's work (server/http/metrics.ts). */
export type MailObserver = {
  /** +1 when a delivery starts, -1 when it ends. */
  sending(delta: 1 | -1): void;
  delivered(): void;
  attemptFailed(): void;
};

export type SenderOptions = {
  db: Db;
  transport: MailTransport;
  log: FastifyBaseLogger;
  /** SQLite: puts the sent mark on disk at once (walFlush.ts), so a power cut does not send a message twice. */
  flush?: () => Promise<void>;
  retry?: Partial<RetryPolicy>;
  /** The longest the loop sleeps without a wake-up (it also wakes when the next retry falls due). */
  pollMs?: number;
  /**
   * How long a claim holds a message. A process that dies while sending leaves its claim; another
   * process (or the next start) takes the message over once the lease ends. Longer than the SMTP
   * transport's own timeouts allow an attempt to last.
   */
  leaseMs?: number;
  /** Messages handed over at the same time by one process. */
  concurrency?: number;
  /** How long stop() waits for deliveries in progress before it lets the database close. */
  stopWaitMs?: number;
  observer?: MailObserver;
};

const DAY = 24 * 60 * 60_000;

/**
 * The loop that empties the mail queue: claims due messages (one process per message), hands each to the
 * transport, marks it sent, or schedules its retry with back-off. Woken when a change queues mail,
 * when the next retry falls due, and every pollMs (messages queued by another process, claims whose
 * lease ran out).
 */
export class MailSender {
  /** This process's name in claims (host, pid and a random part: unique among processes sharing a database). */
  readonly claimant = `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  readonly kind: MailTransport['kind'];
  private readonly retry: RetryPolicy;
  private readonly pollMs: number;
  private readonly leaseMs: number;
  private readonly concurrency: number;
  private readonly stopWaitMs: number;
  private running: Promise<void> | undefined;
  private again = false;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  private started = false;
  private lastPrune = 0;

  constructor(private readonly options: SenderOptions) {
    this.kind = options.transport.kind;
    this.retry = { ...DEFAULT_RETRY, ...options.retry };
    this.pollMs = options.pollMs ?? 5_000;
    this.leaseMs = options.leaseMs ?? 2 * 60_000;
    this.concurrency = options.concurrency ?? 4;
    this.stopWaitMs = options.stopWaitMs ?? 5_000;
  }

  /** Starts the loop: what earlier runs left queued goes out at once. */
  start(): void {
    if (this.started || this.stopped) return;
    this.started = true;
    this.wake();
  }

  /** Looks for due messages now (called after a commit that queued mail). */
  wake(): void {
    if (!this.started || this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    clearTimeout(this.timer);
    this.timer = undefined;
    this.running = this.drain()
      .catch((error: unknown) => {
        if (!this.stopped) this.options.log.error({ err: error }, 'mail queue: the sender loop failed');
      })
      .finally(() => {
        this.running = undefined;
        void this.schedule();
      });
  }

  /**
   * Claims nothing more; waits (at most stopWaitMs) for the deliveries in progress to be marked. What is
   * still queued stays in the database for the next start or another process.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    const running = this.running;
    if (!running) return;
    let timer: NodeJS.Timeout | undefined;
    const waited = await Promise.race([
      running.then(() => true),
      new Promise<false>((resolve) => {
        timer = setTimeout(() => resolve(false), this.stopWaitMs);
      }),
    ]);
    clearTimeout(timer);
    if (!waited)
      this.options.log.warn(
        { waitedMs: this.stopWaitMs },
        'mail queue: a delivery was still in progress at shutdown; its message is sent again after the claim lease ends',
      );
  }

  stats(): Promise<MailQueueStats> {
    return mailQueue.stats(this.options.db);
  }

  /** Resolves once nothing is due or being sent (tests wait for this instead of sleeping). */
  async settled(timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (!this.running && (await queueSettled(this.options.db))) return;
      if (Date.now() > deadline) throw new Error(`the mail queue did not settle within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  private async drain(): Promise<void> {
    do {
      this.again = false;
      for (;;) {
        if (this.stopped) return;
        const ids = await mailQueue.dueIds(this.options.db, Date.now(), this.concurrency * 4);
        if (ids.length === 0) break;
        let claimedAny = false;
        for (let i = 0; i < ids.length && !this.stopped; i += this.concurrency) {
          const claimed: QueuedMail[] = [];
          for (const id of ids.slice(i, i + this.concurrency)) {
            if (this.stopped) break;
            const mail = await mailQueue.claim(this.options.db, id, this.claimant, Date.now(), this.leaseMs);
            if (mail) claimed.push(mail);
          }
          if (claimed.length) claimedAny = true;
          await Promise.all(claimed.map((mail) => this.deliver(mail)));
        }
        // Every due message went to another process: nothing left for this one.
        if (!claimedAny) break;
      }
      await this.prune();
    } while (this.again && !this.stopped);
  }

  private async deliver(mail: QueuedMail): Promise<void> {
    const { db, transport, log, observer } = this.options;
    observer?.sending(1);
    let error: unknown;
    try {
      await transport.deliver(mail);
    } catch (caught) {
      error = caught ?? new Error('delivery failed');
    } finally {
      observer?.sending(-1);
    }
    if (error === undefined) {
      observer?.delivered();
      // The only window for a second copy: the server took the message and this process dies before
      // this one UPDATE commits. It follows the send at once, and is flushed to disk before going on.
      const marked = await mailQueue.markSent(db, mail.id, this.claimant);
      await this.options.flush?.();
      if (!marked)
        log.warn(
          { mailId: mail.id },
          'mail queue: sent after the claim lease ended (another process may send it too)',
        );
      return;
    }
    observer?.attemptFailed();
    const outcome = await mailQueue.markFailed(db, mail, this.claimant, error, this.retry);
    await this.options.flush?.();
    const context = {
      err: error,
      mailId: mail.id,
      to: mail.recipients,
      subject: mail.subject,
      attempts: mail.attempts,
    };
    if (outcome === 'failed') log.error(context, 'mail not sent: gave up after the last attempt');
    else log.warn(context, 'mail not sent yet: will try again');
  }

  /** Sent messages leave the table after 30 days (at most one sweep an hour). */
  private async prune(): Promise<void> {
    const now = Date.now();
    if (now - this.lastPrune < 60 * 60_000) return;
    this.lastPrune = now;
    await mailQueue.pruneSent(this.options.db, now - 30 * DAY);
  }

  private async schedule(): Promise<void> {
    if (this.stopped || this.timer || this.running) return;
    let delay = this.pollMs;
    try {
      const next = await mailQueue.nextDueAt(this.options.db);
      if (next !== undefined) delay = Math.min(delay, Math.max(0, next - Date.now()) + 5);
    } catch {
      // the database is closing or away: look again after the usual pause
    }
    if (this.stopped || this.timer || this.running) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.wake();
    }, delay);
    this.timer.unref();
  }
}
