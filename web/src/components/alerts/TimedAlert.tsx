import { type ReactNode, useEffect } from 'react';
import Alert from 'react-bootstrap/Alert';
import { ALERT_TIMEOUT_MS, type AlertVariant } from './alertsContext';

type Props = {
  variant: AlertVariant;
  /** Auto-dismiss after ALERT_TIMEOUT_MS (docs/product.md#limits). */
  timed?: boolean;
  onClose: () => void;
  children: ReactNode;
  className?: string;
};

/** A dismissible Bootstrap alert, for page-level lists and for messages inside a form alike. */
export function TimedAlert({ variant, timed = false, onClose, children, className }: Props) {
  useEffect(() => {
    if (!timed) return;
    const timer = setTimeout(onClose, ALERT_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [timed, onClose]);

  return (
    <Alert
      variant={variant}
      dismissible
      onClose={onClose}
      className={className}
      // Errors interrupt; confirmations wait their turn.
      role={variant === 'danger' ? 'alert' : 'status'}
    >
      {children}
    </Alert>
  );
}
