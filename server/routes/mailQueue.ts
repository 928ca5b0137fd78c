import { mailQueueViewSchema } from '../../domain/schemas/mailQueueView.js';
import type { ZodApp } from '../http/types.js';
import type { Mailer } from '../mail/mailer.js';

/**
 * GET /api/admin/mail/queue: the mail queue for the administrators' dashboard. Not part of
 * /api/health (which stays exactly {"status":"ok"}) nor of the public /api/ready: the last error
 * of an SMTP server may name a recipient.
 */
export function mailQueueRoute(api: ZodApp, mailer: Mailer): void {
  api.get(
    '/admin/mail/queue',
    {
      config: { access: ['admin'] },
      schema: {
        summary: 'The mail queue: messages waiting, given up, the last error and the last message sent',
        description:
          'pending counts the messages not sent yet (those being sent included); failed the ones given up after the last retry; lastError the most recent failed attempt, whether or not its message went later. transport is smtp (SMTP_URL) or outbox (.eml files in $DATA_DIR/outbox).',
        tags: ['system'],
        response: { 200: mailQueueViewSchema },
      },
    },
    async () => ({ transport: mailer.sender.kind, ...(await mailer.sender.stats()) }),
  );
}
