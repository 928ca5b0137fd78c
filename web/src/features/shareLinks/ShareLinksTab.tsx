import { SHARE_LINK_DEFAULT_DAYS, shareLinkStatus } from '@domain/rules/shareLinks';
import type { ShareLinkCreated } from '@domain/schemas/shareLinks';
import { shareLinkFormSchema } from '@domain/schemas/shareLinks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callerHandlesAllButSession, isHandled, refusalMessage } from '@web/api/client';
import { TextField } from '@web/components/form/TextField';
import { formatDateTime } from '@web/components/formatDate';
import { useId, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { ShareLinkStatusBadge } from './ShareLinkStatusBadge';
import { shareLinkKeys, shareLinksApi } from './shareLinksApi';
import { useRevokeLink } from './useRevokeLink';
import './shareLinks.css';

const CREATE_FAILED = 'The link could not be created. Please try again.';

/**
 * An organization's shared roadmap links (docs/product.md#insights-share-links): create one for a number of days, see its address
 * once, and list and revoke the links made so far.
 */
export function ShareLinksTab({ organizationId }: { organizationId: number }) {
  const queryClient = useQueryClient();
  const [days, setDays] = useState(String(SHARE_LINK_DEFAULT_DAYS));
  const [error, setError] = useState<string | undefined>();
  const [created, setCreated] = useState<ShareLinkCreated | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const links = useQuery({
    queryKey: shareLinkKeys.of(organizationId),
    queryFn: ({ signal }) => shareLinksApi.list(organizationId, { signal }),
  });
  const revoke = useRevokeLink();
  const create = useMutation({
    mutationFn: (expiresInDays: number) =>
      shareLinksApi.add(organizationId, expiresInDays, { skipGlobal: callerHandlesAllButSession }),
    onSuccess: async (envelope) => {
      if (envelope.isSuccess && envelope.data) {
        setCreated(envelope.data);
        setFailure(null);
      } else setFailure(envelope.message || CREATE_FAILED);
      await queryClient.invalidateQueries({ queryKey: shareLinkKeys.all });
    },
    onError: (e) => {
      if (!isHandled(e)) setFailure(refusalMessage(e) ?? CREATE_FAILED);
    },
  });

  const submit = () => {
    const parsed = shareLinkFormSchema.safeParse({ expiresInDays: days });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    setCreated(null);
    create.mutate(parsed.data.expiresInDays);
  };

  return (
    <div className="smr-share-links">
      <p className="smr-share-intro">
        A shared link shows this organization's roadmap summary (the current and future state by practice
        area, and the gap between them) to someone without an account, such as a board or a lender. It names
        no person. Each link stops working when it expires or when it is revoked.
      </p>
      {/* Not a <form>: the tab sits inside the organization page's own form. */}
      <div className="smr-share-form">
        <TextField
          label="Expires in (days)"
          type="number"
          inputMode="numeric"
          min={1}
          max={365}
          value={days}
          onChange={(event) => setDays(event.target.value)}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            event.preventDefault();
            submit();
          }}
          error={error}
          hint="From 1 to 365 days."
          className="smr-share-days"
        />
        <Button type="button" onClick={submit} disabled={create.isPending} className="smr-share-create">
          {create.isPending ? <Spinner animation="border" size="sm" className="me-2" aria-hidden /> : null}
          Create Link
        </Button>
      </div>
      {failure ? (
        <Alert variant="danger" onClose={() => setFailure(null)} dismissible>
          {failure}
        </Alert>
      ) : null}
      {created ? <CreatedLink link={created} onDone={() => setCreated(null)} /> : null}

      <h3 className="smr-share-heading">Links</h3>
      {links.isPending ? (
        <Spinner animation="border" size="sm" role="status" aria-label="Loading links" />
      ) : links.isError ? (
        <Alert variant="danger">The links could not be loaded.</Alert>
      ) : links.data.count === 0 ? (
        <p className="smr-share-empty">No links have been shared yet.</p>
      ) : (
        <div className="table-responsive">
          <table className="table smr-table smr-table-stack smr-share-table">
            <caption className="visually-hidden">Shared links</caption>
            <thead>
              <tr>
                <th scope="col">Created</th>
                <th scope="col">Created By</th>
                <th scope="col">Expires</th>
                <th scope="col">Status</th>
                <th scope="col" className="smr-col-action">
                  Revoke
                </th>
              </tr>
            </thead>
            <tbody>
              {links.data.data.map((link) => (
                <tr key={link.id}>
                  <td data-label="Created">{formatDateTime(link.createdOn)}</td>
                  <td data-label="Created By">{link.createdBy}</td>
                  <td data-label="Expires">{formatDateTime(link.expiresOn)}</td>
                  <td data-label="Status">
                    <ShareLinkStatusBadge link={link} />
                  </td>
                  <td data-label="Revoke" className="smr-col-action">
                    {shareLinkStatus(link) === 'Active' ? (
                      <Button
                        size="sm"
                        variant="outline-danger"
                        onClick={() => revoke.ask(link)}
                        aria-label={`Revoke the link created ${formatDateTime(link.createdOn)}`}
                      >
                        Revoke
                      </Button>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {revoke.element}
    </div>
  );
}

/** The new link's address, shown this once, with a copy button. */
function CreatedLink({ link, onDone }: { link: ShareLinkCreated; onDone: () => void }) {
  const inputId = useId();
  const [copied, setCopied] = useState<boolean | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link.url);
      setCopied(true);
    } catch {
      // No clipboard (an insecure page, a refused permission): select it for a manual copy.
      (document.getElementById(inputId) as HTMLInputElement | null)?.select();
      setCopied(false);
    }
  };
  return (
    <section className="smr-share-created" aria-labelledby={`${inputId}-title`}>
      <h3 id={`${inputId}-title`} className="smr-share-heading">
        Your new link
      </h3>
      <p className="smr-share-warning">
        <strong>Copy this link now: it will not be shown again.</strong> It works until{' '}
        {formatDateTime(link.expiresOn)} unless you revoke it.
      </p>
      <div className="smr-share-url">
        <label htmlFor={inputId} className="visually-hidden">
          Shared link
        </label>
        <input
          id={inputId}
          className="form-control"
          readOnly
          value={link.url}
          onFocus={(e) => e.currentTarget.select()}
          // Enter here must not save the organization form around the tab.
          onKeyDown={(e) => {
            if (e.key === 'Enter') e.preventDefault();
          }}
        />
        <Button variant="primary" onClick={() => void copy()}>
          Copy Link
        </Button>
        <Button variant="outline-secondary" onClick={onDone}>
          Done
        </Button>
      </div>
      <output className="smr-share-copied" aria-live="polite">
        {copied === true
          ? 'Copied to the clipboard.'
          : copied === false
            ? 'Select the link and copy it.'
            : ''}
      </output>
    </section>
  );
}
