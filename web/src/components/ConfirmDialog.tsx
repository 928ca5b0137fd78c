import { type ReactNode, useId } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { trapTab } from './trapTab';

type Props = {
  /** The dialog shows while there is a message. */
  message: ReactNode | null;
  title: string;
  confirmLabel: string;
  confirmVariant?: 'danger' | 'primary' | 'warning';
  /** While the confirmed action runs: both buttons wait. */
  pending?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

/** Asks before an action that cannot be undone (docs/product.md#messages-admin). */
export function ConfirmDialog({
  message,
  title,
  confirmLabel,
  confirmVariant = 'danger',
  pending = false,
  onConfirm,
  onCancel,
}: Props) {
  const titleId = useId();
  return (
    <Modal
      show={message !== null}
      onHide={pending ? () => {} : onCancel}
      centered
      aria-labelledby={titleId}
      // The safe choice is the one a stray Enter or tap lands on.
      autoFocus
      onKeyDown={trapTab}
    >
      <Modal.Header closeButton={!pending}>
        <Modal.Title id={titleId} as="h2" className="h5">
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>{message}</Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onCancel} disabled={pending} autoFocus>
          Cancel
        </Button>
        <Button variant={confirmVariant} onClick={onConfirm} disabled={pending}>
          {pending ? <Spinner animation="border" size="sm" className="me-2" aria-hidden /> : null}
          {confirmLabel}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
