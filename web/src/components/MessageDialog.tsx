import { type ReactNode, useId } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { trapTab } from './trapTab';

type Props = {
  /** The dialog shows while there is a message. */
  message: ReactNode | null;
  title: string;
  onClose: () => void;
};

/** A modal that tells the user one thing, e.g. a failed save (docs/product.md#messages-admin, 'Register'). */
export function MessageDialog({ message, title, onClose }: Props) {
  const titleId = useId();
  return (
    <Modal show={message !== null} onHide={onClose} centered aria-labelledby={titleId} onKeyDown={trapTab}>
      <Modal.Header closeButton>
        <Modal.Title id={titleId} as="h2" className="h5">
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>{message}</Modal.Body>
      <Modal.Footer>
        <Button variant="primary" onClick={onClose}>
          OK
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
