import { reminderTexts } from '@domain/rules/reminders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isHandled, refusalMessage } from '@web/api/client';
import { ConfirmDialog } from '@web/components/ConfirmDialog';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { reminderKeys, sendRemindersNow } from './remindersApi';

type Props = {
  organizationId: number;
  /** How many people the preview says have a reminder left: the confirmation names them. */
  people: number;
  /** The saved Reminders at most, which a reminder sent now counts against. */
  maxReminders: number;
  disabled: boolean;
  /** After a send: whatever else shows reminder counts (the invite tabs) reads them again. */
  onSent: () => Promise<void>;
};

const failure = 'The reminders could not be sent. Please try again.';

export const peopleText = (n: number) => (n === 1 ? '1 person' : `${n} people`);

export function confirmText(people: number, maxReminders: number): string {
  return (
    `${peopleText(people)} will be reminded now. Each gets their next reminder at once, and it counts ` +
    `as one of the ${maxReminders} they may get. Anyone reminded in the last hour is skipped.`
  );
}

/**
 * Send reminders now (docs/decisions.md#insights-reminders): asks first, then says what the server
 * answered ('2 reminders were sent.') in a polite live region, and refreshes the preview and the
 * invite tabs, since both show how many reminders went.
 */
export function SendRemindersNow({ organizationId, people, maxReminders, disabled, onSent }: Props) {
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const [answer, setAnswer] = useState<{ text: string; failed: boolean } | null>(null);
  const send = useMutation({ mutationFn: () => sendRemindersNow(organizationId) });

  const confirm = async () => {
    try {
      const envelope = await send.mutateAsync();
      const text = envelope?.message?.trim() || reminderTexts.sent(envelope?.data?.sent ?? 0);
      setAnswer({ text, failed: envelope?.isSuccess === false });
    } catch (error) {
      setAnswer(isHandled(error) ? null : { text: refusalMessage(error) ?? failure, failed: true });
    }
    setAsking(false);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: reminderKeys.preview(organizationId) }),
      onSent(),
    ]);
  };

  return (
    <div className="smr-reminders-send">
      <Button variant="outline-primary" disabled={disabled || send.isPending} onClick={() => setAsking(true)}>
        Send reminders now
      </Button>
      {/* In the page from the start, so that screen readers announce the answer when it comes. */}
      <p
        className={`smr-reminders-answer${answer?.failed ? ' text-danger' : ''}`}
        role="status"
        aria-live="polite"
      >
        {answer?.text}
      </p>
      <ConfirmDialog
        title="Send reminders now"
        message={asking ? confirmText(people, maxReminders) : null}
        confirmLabel="Send reminders"
        confirmVariant="primary"
        pending={send.isPending}
        onConfirm={() => void confirm()}
        onCancel={() => setAsking(false)}
      />
    </div>
  );
}
