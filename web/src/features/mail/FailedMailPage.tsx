import type { SearchResult } from '@domain/schemas/common';
import type { FailedMailView } from '@domain/schemas/mailQueueView';
import { api, type RequestOptions } from '@web/api/client';
import { formatDateTime } from '@web/components/formatDate';
import { type ListColumn, ListPage } from '@web/components/listPage/ListPage';

// The e-mail given up after the last retry (docs/decisions.md#dashboard-figures): where the
// administrators' Mail failures figure leads.

const failedMailKeys = { all: ['admin', 'mail', 'failed'] as const };

const columns: readonly ListColumn<FailedMailView>[] = [
  {
    key: 'lastAttempt',
    header: 'Last Attempt',
    cell: (row) => formatDateTime(row.lastAttemptAt ?? row.queuedAt),
    className: 'smr-col-nowrap',
  },
  { key: 'recipients', header: 'Recipients', cell: (row) => row.recipients.join(', ') },
  { key: 'subject', header: 'Subject', cell: (row) => row.subject },
  { key: 'attempts', header: 'Attempts', cell: (row) => row.attempts },
  { key: 'error', header: 'Last Error', cell: (row) => row.lastError ?? '' },
];

/** /admin/mail/failed: every message given up, searched by subject and recipients. */
export function FailedMailPage() {
  return (
    <ListPage<FailedMailView>
      title="Mail Failures"
      listKey="failedMail"
      noun="Messages"
      queryKey={failedMailKeys.all}
      search={(search, options: Omit<RequestOptions, 'method' | 'body'>) =>
        api.post<SearchResult<FailedMailView>>('admin/mail/failed/search', search, options)
      }
      columns={columns}
      emptyText="No e-mail has been given up. A message that still fails after its last retry is listed here."
    />
  );
}
