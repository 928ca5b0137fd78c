import type { Envelope } from '@domain/schemas/common';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { actionKeys } from '@web/api/actions';
import { isHandled, refusalMessage } from '@web/api/client';
import { useInlineAlert } from '@web/components/alerts/useInlineAlert';

const SAVE_FAILED = 'The action could not be saved. Please try again.';

/**
 * Sends an add or update, tells a refusal (the server's readable 400, e.g. an owner who left) inside
 * the dialog, and on success refreshes every list of actions (the plan, its areas, My Actions) before
 * handing the server's confirmation on.
 */
export function useSaveAction(onSaved: (message: string) => void) {
  const queryClient = useQueryClient();
  const notice = useInlineAlert();
  const mutation = useMutation({ mutationFn: (call: () => Promise<Envelope>) => call() });

  const save = async (call: () => Promise<Envelope>, saved: string) => {
    notice.clear();
    try {
      const envelope = await mutation.mutateAsync(call);
      if (!envelope.isSuccess) {
        notice.show('danger', envelope.message || SAVE_FAILED);
        return;
      }
      await queryClient.invalidateQueries({ queryKey: actionKeys.all });
      onSaved(envelope.message || saved);
    } catch (error) {
      if (!isHandled(error)) notice.show('danger', refusalMessage(error) ?? SAVE_FAILED);
    }
  };
  return { save, pending: mutation.isPending, notice: notice.element };
}
