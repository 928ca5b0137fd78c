import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import addressparser from 'nodemailer/lib/addressparser';
import type { AppConfig } from '../config.js';
import type { BuiltMail, QueuedMail } from '../stores/mailQueueStore.js';
import { mimeMessage } from './mime.js';
import type { MailContent } from './templates.js';

export type OutgoingMail = MailContent & { to: string | string[] };

/**
 * nodemailer, loaded at the first message rather than at start-up: it is about a tenth of the server
 * bundle's code (docs/perf-notes/startup.md), and most starts send no mail for a while.
 */
const loadNodemailer = async () => (await import('nodemailer')).default;

/** Where queued messages go: the SMTP server of SMTP_URL, or .eml files in $DATA_DIR/outbox. */
export interface MailTransport {
  readonly kind: 'smtp' | 'outbox';
  /** Hands one message over; rejects when the server did not take it (the sender retries later). */
  deliver(mail: QueuedMail): Promise<void>;
  close(): void;
}

/**
 * Builds the RFC 822 message once, when it is queued: every attempt sends the same bytes with the same
 * Message-ID (a receiver can tell a repeat from a second message).
 */
export async function buildMail(from: string, mail: OutgoingMail): Promise<BuiltMail> {
  const { recipients, message } = mimeMessage({ from, ...mail });
  return { recipients, subject: mail.subject, message };
}

/** The bare address of MAIL_FROM ('SM Roadmap <noreply@example.org>' -> noreply@example.org). */
function envelopeSender(mailFrom: string): string {
  const [first] = addressparser(mailFrom, { flatten: true });
  return first && 'address' in first && first.address ? first.address : mailFrom;
}

/** The .eml file of a queued message: named by its queue id, so writing it again replaces it. */
export function outboxFile(outbox: string, mail: Pick<QueuedMail, 'id' | 'createdAt'>): string {
  const stamp = mail.createdAt.replace(/[:.]/g, '-');
  return path.join(outbox, `${stamp}-${String(mail.id).padStart(8, '0')}.eml`);
}

/** SMTP when SMTP_URL is set; otherwise RFC 822 files in $DATA_DIR/outbox (docs/product.md#running-mail). */
export function createMailTransport(
  config: Pick<AppConfig, 'smtpUrl' | 'mailFrom' | 'dataDir'>,
  log: FastifyBaseLogger,
): MailTransport {
  if (config.smtpUrl) {
    const from = envelopeSender(config.mailFrom);
    // Bounded waits: a server that hangs fails the attempt (retried later) well within the claim's lease.
    const connect = async () =>
      (await loadNodemailer()).createTransport({
        url: config.smtpUrl,
        connectionTimeout: 15_000,
        greetingTimeout: 15_000,
        socketTimeout: 30_000,
      });
    // One transport however many deliveries ask for it before it is ready.
    let transport: ReturnType<typeof connect> | undefined;
    return {
      kind: 'smtp',
      async deliver(mail) {
        transport ??= connect();
        const smtp = await transport;
        await smtp.sendMail({ envelope: { from, to: mail.recipients }, raw: mail.message });
        log.info({ to: mail.recipients, subject: mail.subject, mailId: mail.id }, 'mail sent');
      },
      close: () => void transport?.then((t) => t.close()),
    };
  }
  const outbox = path.join(config.dataDir, 'outbox');
  return {
    kind: 'outbox',
    async deliver(mail) {
      await fs.mkdir(outbox, { recursive: true });
      const file = outboxFile(outbox, mail);
      // Written beside and renamed into place, so the folder never holds half a message,
      const temporary = `${file}.${process.pid}.tmp`;
      // and on disk before the queue marks it sent.
      const handle = await fs.open(temporary, 'w');
      try {
        await handle.writeFile(mail.message);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await fs.rename(temporary, file);
      log.info({ to: mail.recipients, subject: mail.subject, file }, 'mail written to the outbox');
    },
    close: () => {},
  };
}
