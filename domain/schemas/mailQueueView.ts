import { z } from 'zod';

// What GET admin/mail/queue answers: the mail queue for the administrators' dashboard (docs/decisions.md#mail-queue).

export const mailQueueViewSchema = z.object({
  /** smtp (SMTP_URL) or outbox (.eml files in $DATA_DIR/outbox). */
  transport: z.enum(['smtp', 'outbox']),
  /** Messages waiting to be sent, those being sent right now included. */
  pending: z.number().int(),
  /** The part of `pending` being handed to the SMTP server (or written) right now. */
  sending: z.number().int(),
  /** Messages given up after the last attempt; they stay listed. */
  failed: z.number().int(),
  /** When the oldest waiting message was queued. */
  oldestPendingAt: z.string().nullable(),
  lastSentAt: z.string().nullable(),
  /** The most recent failed attempt, whether or not its message went later. */
  lastError: z.object({ at: z.string(), message: z.string() }).nullable(),
});
export type MailQueueView = z.output<typeof mailQueueViewSchema>;

/** A message given up after the last retry, as the administrators' list shows it (never its text). */
export const failedMailSchema = z.object({
  id: z.number().int(),
  queuedAt: z.string(),
  recipients: z.array(z.string()),
  subject: z.string(),
  attempts: z.number().int(),
  lastAttemptAt: z.string().nullable(),
  lastError: z.string().nullable(),
});
export type FailedMailView = z.output<typeof failedMailSchema>;
export const failedMailPageSchema = z.object({ data: z.array(failedMailSchema), count: z.number().int() });
