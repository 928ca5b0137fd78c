import { messages } from '@domain/messages';
import { isHandled } from '@web/api/client';
import { organizationFormApi } from '@web/api/organizationForm';
import { useAlerts } from '@web/components/alerts/useAlerts';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';

type State = 'ready' | 'sending' | 'sent' | 'failed';

/** docs/product.md#screens: the button reads 'Sending...', then 'Invite Sent' or '...failed'. */
const labels: Record<State, string> = {
  ready: 'Resend Invite',
  sending: 'Sending...',
  sent: 'Invite Sent',
  failed: '...failed',
};

type Props = {
  inviteId: number;
  onSent: (inviteId: number) => void;
  /** The invite tab is locked by the roadmap status. */
  disabled?: boolean;
};

/** E-mails a saved invite again, now, without saving the form. */
export function ResendInviteButton({ inviteId, onSent, disabled = false }: Props) {
  const alerts = useAlerts();
  const [state, setState] = useState<State>('ready');
  const m = messages.organization;

  const resend = async () => {
    setState('sending');
    try {
      const envelope = await organizationFormApi.resendInvite(inviteId, window.location.origin);
      if (envelope?.isSuccess) {
        setState('sent');
        alerts.success(m.inviteResent);
        onSent(inviteId);
        return;
      }
      setState('failed');
      alerts.error(m.inviteResendFailure);
    } catch (error) {
      setState('failed');
      if (!isHandled(error)) alerts.error(m.inviteResendFailure);
    }
  };

  return (
    <Button
      variant={state === 'failed' ? 'outline-danger' : 'outline-secondary'}
      size="sm"
      // Once sent there is nothing more to do; a failure may be tried again.
      disabled={disabled || state === 'sending' || state === 'sent'}
      onClick={() => void resend()}
    >
      {labels[state]}
    </Button>
  );
}
