import type { ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';

/** Submit on the right, links to the neighbouring account pages on the left. */
export function SubmitRow({ pending, children }: { pending: boolean; children: ReactNode }) {
  return (
    <div className="smr-form-actions smr-form-actions-split">
      <nav className="smr-form-links" aria-label="Account help">
        {children}
      </nav>
      <Button type="submit" variant="primary" disabled={pending}>
        {pending ? <Spinner animation="border" size="sm" className="me-2" aria-hidden /> : null}
        Submit
      </Button>
    </div>
  );
}
