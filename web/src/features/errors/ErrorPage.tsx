import { messages } from '@domain/messages';
import { AlertTriangleIcon } from '@web/components/icons/icons';
import { MessagePanel } from '@web/components/MessagePanel';
import { Page } from '@web/components/Page';
import { useAuth } from '@web/lib/auth/useAuth';
import { useEffect, useRef } from 'react';
import Button from 'react-bootstrap/Button';
import { logClientError } from './logClientError';

type Props = {
  details: string;
  onHome: () => void;
  onRetry: () => void;
  onLogout: () => void;
  /** Report the error to the server log once. */
  report?: boolean;
};

/** The error page of docs/product.md#screens-menu. */
export function ErrorPage({ details, onHome, onRetry, onLogout, report = true }: Props) {
  const { isLoggedIn } = useAuth();
  const reported = useRef(false);
  useEffect(() => {
    if (!report || reported.current) return;
    reported.current = true;
    logClientError(details, isLoggedIn);
  }, [report, details, isLoggedIn]);

  return (
    <Page title={messages.errorPage.title} narrow>
      <MessagePanel
        icon={<AlertTriangleIcon size={40} />}
        title={messages.errorPage.title}
        tone="danger"
        actions={
          <>
            <Button variant="primary" onClick={onHome}>
              Home
            </Button>
            <Button variant="outline-primary" onClick={onRetry}>
              Try Again
            </Button>
            {isLoggedIn ? (
              <Button variant="outline-secondary" onClick={onLogout}>
                Logout
              </Button>
            ) : null}
          </>
        }
      >
        <p>{messages.errorPage.text}</p>
        <details className="smr-error-details" open>
          <summary>Error details</summary>
          <pre>{details}</pre>
        </details>
      </MessagePanel>
    </Page>
  );
}
