import { messages } from '@domain/messages';
import { type ReactNode, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { callerHandlesAllButSession, isHandled } from '../api/client';
import { downloadFile } from '../api/download';
import { useAlerts } from './alerts/useAlerts';

type Props = {
  /** The API path of the file (a CSV or report download of docs/product.md#calls). */
  path: string;
  body: unknown;
  /** Used only if the answer names no file. */
  fallbackName: string | (() => string);
  children: string;
  /** What screen readers hear when the text is the same on every row ('Download Report'). */
  label?: string;
  variant?: string;
  size?: 'sm';
  /** A decorative icon before the text; the spinner takes its place while the file comes. */
  icon?: ReactNode;
  className?: string;
};

/**
 * A button that fetches a file and saves it under the server's name; a failure says docs/product.md#messages's
 * 'An error occurred downloading the report...'. The button waits while the file comes.
 */
export function DownloadButton({
  path,
  body,
  fallbackName,
  children,
  variant = 'outline-primary',
  size,
  label,
  icon,
  className,
}: Props) {
  const alerts = useAlerts();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadFile(path, typeof fallbackName === 'function' ? fallbackName() : fallbackName, {
        method: 'POST',
        body,
        skipGlobal: callerHandlesAllButSession,
      });
    } catch (error) {
      if (!isHandled(error)) alerts.error(messages.reports.downloadFailure);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant={variant}
      size={size}
      className={className}
      onClick={download}
      disabled={busy}
      aria-busy={busy || undefined}
      aria-label={label}
    >
      {busy ? <Spinner animation="border" size="sm" className="me-2" aria-hidden /> : icon}
      {children}
    </Button>
  );
}
