import { useQueryClient } from '@tanstack/react-query';
import { callerHandlesAllButSession, isHandled, refusalMessage } from '@web/api/client';
import { useAlerts } from '@web/components/alerts/useAlerts';
import { ConfirmDialog } from '@web/components/ConfirmDialog';
import { formatDate } from '@web/components/formatDate';
import { type ReactNode, useState } from 'react';
import { shareLinkKeys, shareLinksApi } from './shareLinksApi';

type Revocable = { id: number; createdOn: string; organizationName?: string };

const FAILED = 'The link could not be revoked. Please try again.';

/** Asks before revoking a link, revokes it, says so and refreshes every list of links. */
export function useRevokeLink(): { ask: (link: Revocable) => void; element: ReactNode } {
  const alerts = useAlerts();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState<Revocable | null>(null);
  const [pending, setPending] = useState(false);

  const confirm = async () => {
    if (!asking) return;
    setPending(true);
    try {
      const envelope = await shareLinksApi.revoke(asking.id, { skipGlobal: callerHandlesAllButSession });
      if (envelope.isSuccess) alerts.success(envelope.message || 'The shared link was revoked.');
      else alerts.error(envelope.message || FAILED);
      await queryClient.invalidateQueries({ queryKey: shareLinkKeys.all });
    } catch (error) {
      if (!isHandled(error)) alerts.error(refusalMessage(error) ?? FAILED);
    } finally {
      setPending(false);
      setAsking(null);
    }
  };

  const element = (
    <ConfirmDialog
      title="Revoke Shared Link"
      confirmLabel="Revoke"
      pending={pending}
      message={
        asking ? (
          <p className="mb-0">
            You are about to revoke the link created on {formatDate(asking.createdOn)}
            {asking.organizationName ? ` for ${asking.organizationName}` : ''}. Anyone who opens it will see
            that it is no longer valid. This cannot be undone.
          </p>
        ) : null
      }
      onConfirm={() => void confirm()}
      onCancel={() => setAsking(null)}
    />
  );
  return { ask: setAsking, element };
}
