import type { Envelope } from '@domain/schemas/common';
import { useMutation } from '@tanstack/react-query';
import { refusalMessage } from '@web/api/client';
import { useInlineAlert } from '@web/components/alerts/useInlineAlert';

/**
 * A request that e-mails the person something (a reset link, their user name) and says so inline.
 * The answer is the same whether or not the account exists, so nobody can probe for accounts.
 */
export function useMailedRequest<B>(
  request: (body: B) => Promise<Envelope>,
  texts: { sent: string; failure: string },
) {
  const notice = useInlineAlert();
  const mutation = useMutation({ mutationFn: request });
  const send = async (body: B) => {
    notice.clear();
    try {
      const envelope = await mutation.mutateAsync(body);
      if (envelope?.isSuccess) notice.show('success', envelope.message?.trim() || texts.sent);
      else notice.show('danger', envelope?.message?.trim() || texts.failure);
    } catch (error) {
      notice.show('danger', refusalMessage(error) ?? texts.failure);
    }
  };
  return { notice: notice.element, send, pending: mutation.isPending };
}
