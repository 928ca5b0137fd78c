import { draftMessages } from '@domain/schemas/draftMessages';
import { createContext, useContext } from 'react';
import CloseButton from 'react-bootstrap/CloseButton';
import { Link } from 'react-router';

type RestoredNoticeState = {
  shown: boolean;
  dismiss: () => void;
  /** The first step with a question still open, when it is not the step shown. */
  resume?: { to: string; label: string } | null;
};

/** Whether the attempt's answers came from the server's draft and the notice still shows. */
export const RestoredNoticeContext = createContext<RestoredNoticeState>({ shown: false, dismiss: () => {} });

/**
 * 'Your saved answers were restored.' (docs/product.md#insights-drafts): a polite status, not an alert;
 * it shows on the step the attempt resumed at until the person dismisses it or moves on.
 */
export function RestoredNotice() {
  const { shown, dismiss, resume } = useContext(RestoredNoticeContext);
  return (
    <div role="status" className="smr-restored-status">
      {shown ? (
        <div className="alert alert-info smr-restored-notice">
          <span>
            {draftMessages.restored}
            {resume ? (
              <>
                {' '}
                <Link to={resume.to} className="alert-link">
                  {resume.label}
                </Link>
              </>
            ) : null}
          </span>
          <CloseButton aria-label="Dismiss" onClick={dismiss} />
        </div>
      ) : null}
    </div>
  );
}
