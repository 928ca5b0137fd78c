import { actionTexts } from '@domain/rules/actions';
import { useQueryClient } from '@tanstack/react-query';
import { type ActionView, actionKeys } from '@web/api/actions';
import { isHandled, refusalMessage } from '@web/api/client';
import { ConfirmDialog } from '@web/components/ConfirmDialog';
import { type ReactNode, useState } from 'react';
import { actionsApi } from './actionsApi';

const FAILED = 'The action could not be deleted. Please try again.';

/**
 * Asks before deleting an action, deletes it and refreshes every list of actions; `onDone` hears the
 * outcome in words (a success, or why not).
 */
export function useDeleteAction(onDone: (outcome: { ok: boolean; message: string }) => void): {
  ask: (action: ActionView) => void;
  element: ReactNode;
} {
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState<ActionView | null>(null);
  const [pending, setPending] = useState(false);

  const confirm = async () => {
    if (!asking) return;
    setPending(true);
    try {
      const envelope = await actionsApi.remove(asking.id);
      onDone({
        ok: envelope.isSuccess,
        message: envelope.message || (envelope.isSuccess ? actionTexts.deleted : FAILED),
      });
      await queryClient.invalidateQueries({ queryKey: actionKeys.all });
    } catch (error) {
      if (!isHandled(error)) onDone({ ok: false, message: refusalMessage(error) ?? FAILED });
    } finally {
      setPending(false);
      setAsking(null);
    }
  };

  const element = (
    <ConfirmDialog
      title="Delete Action"
      confirmLabel="Delete"
      pending={pending}
      message={
        asking ? (
          <p className="mb-0">
            You are about to delete the action “{asking.title}” of {asking.sectionName}. This cannot be
            undone.
          </p>
        ) : null
      }
      onConfirm={() => void confirm()}
      onCancel={() => setAsking(null)}
    />
  );
  return { ask: setAsking, element };
}
