import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config.js';
import type { Db, Executor } from '../db/database.js';
import { mailQueue } from '../stores/mailQueueStore.js';
import { MailSender, type SenderOptions } from './sender.js';
import { buildMail, createMailTransport, type OutgoingMail } from './transport.js';

export type { OutgoingMail } from './transport.js';

/**
 * How the product sends e-mail (docs/decisions.md#mail-queue): a message is a row of the mail queue, written in the
 * transaction of the change it reports, and the sender loop delivers it after the commit, retrying
 * with back-off. Nothing is sent during a request, and a crash loses nothing that was committed.
 */
export interface Mailer {
  /**
   * Queues one message in `executor`. Given a transaction, the message commits (or rolls back) with the
   * change it reports; call wake() after the commit. Resolves with the queue row's id.
   */
  enqueue(executor: Executor, mail: OutgoingMail): Promise<number>;
  /** Queues several messages in one statement, as enqueue does each (a batch of reminders). */
  enqueueMany(executor: Executor, mails: readonly OutgoingMail[]): Promise<void>;
  /** Queues one message on its own (committed at once) and wakes the sender. close() waits for it. */
  send(mail: OutgoingMail): Promise<number>;
  /**
   * Runs work that queues mail after a request has been answered (a reset link): close() waits for it,
   * so a shutdown never closes the database under it.
   */
  track<T>(work: () => Promise<T>): Promise<T>;
  /** Tells the sender that messages were committed just now. */
  wake(): void;
  /** The loop that delivers the queue (start, stop, stats). */
  readonly sender: MailSender;
  /** Waits for the queueing under way, stops the loop (deliveries in progress end first) and the transport. */
  close(): Promise<void>;
}

export function createMailer(
  config: Pick<AppConfig, 'smtpUrl' | 'mailFrom' | 'dataDir'>,
  db: Db,
  log: FastifyBaseLogger,
  options: Omit<SenderOptions, 'db' | 'transport' | 'log'> = {},
): Mailer {
  const transport = createMailTransport(config, log);
  const sender = new MailSender({ ...options, db, transport, log });
  const enqueue = async (executor: Executor, mail: OutgoingMail) =>
    mailQueue.insert(executor, await buildMail(config.mailFrom, mail));
  const underWay = new Set<Promise<unknown>>();
  const track = <T>(work: () => Promise<T>): Promise<T> => {
    const running = work();
    underWay.add(running);
    const forget = () => underWay.delete(running);
    running.then(forget, forget);
    return running;
  };
  return {
    enqueue,
    enqueueMany: async (executor, mails) =>
      mailQueue.insertMany(
        executor,
        await Promise.all(mails.map((mail) => buildMail(config.mailFrom, mail))),
      ),
    send: (mail) =>
      track(async () => {
        const id = await enqueue(db, mail);
        sender.wake();
        return id;
      }),
    track,
    wake: () => sender.wake(),
    sender,
    async close() {
      await Promise.allSettled([...underWay]);
      await sender.stop();
      transport.close();
    },
  };
}
