import { shareLinkStatus } from '@domain/rules/shareLinks';
import type { AdminShareLinkView } from '@domain/schemas/shareLinks';
import { formatDateTime } from '@web/components/formatDate';
import { type ListColumn, ListPage } from '@web/components/listPage/ListPage';
import { useMemo } from 'react';
import Button from 'react-bootstrap/Button';
import { ShareLinkStatusBadge } from './ShareLinkStatusBadge';
import { shareLinkKeys, shareLinksApi } from './shareLinksApi';
import { useRevokeLink } from './useRevokeLink';
import './shareLinks.css';

/** Only manufacturers have links; their page is /admin/organization/manufacturer/{id}. */
const organizationPage = (id: number) => `/admin/organization/manufacturer/${id}`;

/** /admin/sharelink/list: every shared roadmap link, searched by organization name (docs/product.md#insights-share-links). */
export function ShareLinkListPage() {
  const revoke = useRevokeLink();
  const columns = useMemo<readonly ListColumn<AdminShareLinkView>[]>(
    () => [
      {
        key: 'organization',
        header: 'Organization',
        cell: (row) => row.organizationName,
        link: (row) => organizationPage(row.organizationId),
      },
      {
        key: 'created',
        header: 'Created',
        cell: (row) => formatDateTime(row.createdOn),
        className: 'smr-col-nowrap',
      },
      // A name, or the creator's role where the caller may not see who it was (the server decides).
      { key: 'createdBy', header: 'Created By', cell: (row) => row.createdBy },
      {
        key: 'expires',
        header: 'Expires',
        cell: (row) => formatDateTime(row.expiresOn),
        className: 'smr-col-nowrap',
      },
      { key: 'status', header: 'Status', cell: (row) => <ShareLinkStatusBadge link={row} /> },
      {
        key: 'revoke',
        header: 'Revoke',
        className: 'smr-col-action',
        cell: (row) =>
          shareLinkStatus(row) === 'Active' ? (
            <Button
              size="sm"
              variant="outline-danger"
              onClick={() => revoke.ask(row)}
              aria-label={`Revoke the link of ${row.organizationName} created ${formatDateTime(row.createdOn)}`}
            >
              Revoke
            </Button>
          ) : null,
      },
    ],
    [revoke.ask],
  );
  return (
    <>
      <ListPage
        title="Shared Links"
        listKey="shareLinks"
        noun="Shared Links"
        queryKey={shareLinkKeys.admin}
        search={shareLinksApi.search}
        columns={columns}
        emptyText="No shared links yet."
        emptyHint="Create one from a manufacturer's Shared Links tab."
        className="smr-share-list"
      />
      {revoke.element}
    </>
  );
}
