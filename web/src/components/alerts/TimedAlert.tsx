import { type ReactNode, useEffect } from 'react';
import { ALERT_TIMEOUT_MS, type AlertVariant } from './alertsContext';

type Props = {
  variant: AlertVariant;
  /** Auto-dismiss after ALERT_TIMEOUT_MS (docs/product.md#limits). */
  timed?: boolean;
  onClose: () => void;
  children: ReactNode;
  className?: string;
};

/**
 * A dismissible Bootstrap alert, for page-level lists and for messages inside a form alike. The markup
 * is react-bootstrap's Alert's, written out: its fade transition (react-transition-group) never plays
 * here, since an alert shows at once and leaves by being removed, yet it was 5 KB brotli of every
 * page's entry, the login page's included (docs/decisions.md#web-login-in-entry).
 */
export function TimedAlert({ variant, timed = false, onClose, children, className }: Props) {
  useEffect(() => {
    if (!timed) return;
    const timer = setTimeout(onClose, ALERT_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [timed, onClose]);

  const classes = ['fade', className, 'alert', `alert-${variant}`, 'alert-dismissible', 'show'];
  return (
    // Errors interrupt; confirmations wait their turn.
    <div role={variant === 'danger' ? 'alert' : 'status'} className={classes.filter(Boolean).join(' ')}>
      <button type="button" className="btn-close" aria-label="Close alert" onClick={onClose} />
      {children}
    </div>
  );
}
