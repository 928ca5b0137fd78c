import { listSearchSchema } from '../../domain/schemas/common.js';
import { type FailedMailView, failedMailPageSchema } from '../../domain/schemas/mailQueueView.js';
import type { ZodApp } from '../http/types.js';
import { failedMailRepository } from '../repositories/failedMail.js';
import type { Deps } from './deps.js';

/** A JSON array of recipients as a list; a malformed one as it is. */
function recipientsOf(text: string): string[] {
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? parsed.map(String) : [text];
  } catch {
    return [text];
  }
}

/** The e-mail given up after the last retry (docs/decisions.md#dashboard-figures): admins only. */
export function failedMailRoutes(app: ZodApp, { db }: Deps): void {
  app.post(
    '/admin/mail/failed/search',
    {
      config: { access: ['admin'] },
      schema: {
        summary: 'The e-mail given up after the last retry',
        description:
          'Query matches the subject and the recipients. Answers { data: [{ id, queuedAt, recipients, subject, attempts, lastAttemptAt, lastError }], count }, the latest attempt first, count before Skip and Take; never the message itself. Admins only.',
        tags: ['system'],
        body: listSearchSchema,
        response: { 200: failedMailPageSchema },
      },
    },
    async (request) => {
      const { rows, count } = await failedMailRepository.search(db, request.body);
      const data: FailedMailView[] = rows.map((row) => ({
        id: Number(row.id),
        queuedAt: row.createdAt,
        recipients: recipientsOf(row.recipients),
        subject: row.subject,
        attempts: Number(row.attempts),
        lastAttemptAt: row.lastAttemptAt,
        lastError: row.lastError,
      }));
      return { data, count };
    },
  );
}
