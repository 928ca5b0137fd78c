import type { MailQueueView } from '@domain/schemas/mailQueueView';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, callerHandlesAllButSession } from '@web/api/client';
import { Icon, type IconProps } from '@web/components/icons/Icon';
import { format } from 'date-fns';
import './assessmentTiles.css';

// The administrators' view of the mail queue (docs/decisions.md#mail-queue): e-mail waits in the database until the mail
// server takes it, retried with back-off. GET /api/admin/mail/queue (server/routes/mailQueue.ts).

export type { MailQueueView };

export const mailQueueQuery = queryOptions({
  queryKey: ['admin', 'mail', 'queue'] as const,
  queryFn: ({ signal }) =>
    api.get<MailQueueView>('admin/mail/queue', { signal, skipGlobal: callerHandlesAllButSession }),
});

const MailIcon = (props: IconProps) => (
  <Icon {...props}>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="m3.5 6.5 8.5 6.5 8.5-6.5" />
  </Icon>
);

const when = (iso: string | null | undefined) => {
  const date = iso ? new Date(iso) : null;
  return date && !Number.isNaN(date.getTime()) ? format(date, 'M/d/yyyy h:mm a') : '';
};

const messagesText = (n: number) => `${n} message${n === 1 ? '' : 's'}`;

/** Waiting and given-up e-mail, the last failure and the last message sent. */
export function MailQueueTile() {
  const queue = useQuery(mailQueueQuery);
  const data = queue.data;
  return (
    <article className="smr-tile smr-data-tile" aria-labelledby="tile-mail-queue">
      <div className="smr-tile-icon">
        <MailIcon />
      </div>
      <h2 id="tile-mail-queue" className="smr-tile-title">
        Outgoing Mail
      </h2>
      {queue.isPending ? (
        <p className="smr-tile-text">Loading…</p>
      ) : queue.isError || !data ? (
        <p className="smr-data-tile-error" role="alert">
          The mail queue could not be read.
        </p>
      ) : (
        <div className="smr-tile-text">
          <p className="smr-tile-item-title mb-1">
            {data.pending === 0 ? 'Nothing waiting to be sent' : `${messagesText(data.pending)} waiting`}
          </p>
          {data.pending > 0 && data.oldestPendingAt ? (
            <p className="smr-tile-item-meta">Oldest queued {when(data.oldestPendingAt)}</p>
          ) : null}
          {data.failed > 0 ? (
            <p className="smr-data-tile-error">{messagesText(data.failed)} given up after the last retry</p>
          ) : null}
          {data.lastError ? (
            <p className="smr-tile-item-meta">
              Last error {when(data.lastError.at)}: {data.lastError.message}
            </p>
          ) : null}
          <p className="smr-tile-item-meta">
            {data.lastSentAt ? `Last sent ${when(data.lastSentAt)}. ` : ''}
            {data.transport === 'smtp'
              ? 'Sent through the SMTP server.'
              : 'No SMTP server is set: messages are written to the outbox folder.'}
          </p>
        </div>
      )}
    </article>
  );
}
