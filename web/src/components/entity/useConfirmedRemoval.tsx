import { messages } from '@domain/messages';
import type { Envelope } from '@domain/schemas/common';
import { callerHandlesAllButSession, isHandled, refusalMessage } from '@web/api/client';
import { type ReactNode, useCallback, useState } from 'react';
import { useAlerts } from '../alerts/useAlerts';
import { ConfirmDialog } from '../ConfirmDialog';
import { MessageDialog } from '../MessageDialog';

/**
 * How an entity is removed (docs/product.md#rules and docs/product.md#messages): lookup items are deleted; questions, sections
 * and choices are deactivated, never removed.
 */
export type Removal<T> = {
  kind: 'delete' | 'deactivate';
  /** The confirmation text, e.g. "You are about to deactivate 'Caption'. ..." */
  confirmText: (item: T) => string;
  /** Title of the failure dialog: 'Delete Item Error' or 'Deactivate Item Error'. */
  errorTitle: string;
  /** Whether this item may be removed at all (active, not relied on by the program...). */
  allowed?: (item: T) => boolean;
};

type Options<T> = Removal<T> & {
  /** The call; global handling stays on only for an ended session or a refused permission. */
  request: (item: T, options: { skipGlobal: typeof callerHandlesAllButSession }) => Promise<Envelope>;
  /** After the server confirmed; the success alert has been raised. */
  onRemoved: (item: T) => void | Promise<void>;
  /** Keep the success alert across the navigation onRemoved makes. */
  navigatesAway?: boolean;
};

const confirmTitles = { delete: 'Delete Item', deactivate: 'Deactivate Item' } as const;
const confirmLabels = { delete: 'Delete', deactivate: 'Deactivate' } as const;
const successTexts = { delete: messages.admin.deleted, deactivate: messages.admin.deactivated } as const;

/** Ask, call, and tell: the confirmation dialog, the call, the success alert and the failure dialog. */
export function useConfirmedRemoval<T>(options: Options<T>): {
  ask: (item: T) => void;
  element: ReactNode;
} {
  const alerts = useAlerts();
  const [asking, setAsking] = useState<T | null>(null);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const { kind, confirmText, errorTitle, request, onRemoved, navigatesAway } = options;

  const failureText = useCallback(
    (message: string | null | undefined) => {
      const text = message?.trim();
      if (!text) return messages.admin.deleteDialogFailure;
      return kind === 'delete' ? messages.admin.deleteFailure(text) : messages.admin.deactivateFailure(text);
    },
    [kind],
  );

  const confirm = useCallback(async () => {
    if (asking === null) return;
    const item = asking;
    setPending(true);
    try {
      const envelope = await request(item, { skipGlobal: callerHandlesAllButSession });
      setAsking(null);
      if (!envelope?.isSuccess) {
        setFailure(failureText(envelope?.message));
        return;
      }
      alerts.success(envelope.message?.trim() || successTexts[kind], { keepOnNavigation: navigatesAway });
      await onRemoved(item);
    } catch (error) {
      setAsking(null);
      if (!isHandled(error)) setFailure(failureText(refusalMessage(error)));
    } finally {
      setPending(false);
    }
  }, [asking, request, failureText, alerts, kind, navigatesAway, onRemoved]);

  const element = (
    <>
      <ConfirmDialog
        title={confirmTitles[kind]}
        confirmLabel={confirmLabels[kind]}
        message={asking === null ? null : confirmText(asking)}
        pending={pending}
        onConfirm={() => void confirm()}
        onCancel={() => setAsking(null)}
      />
      <MessageDialog title={errorTitle} message={failure} onClose={() => setFailure(null)} />
    </>
  );
  const ask = useCallback((item: T) => setAsking(() => item), []);
  return { ask, element };
}
