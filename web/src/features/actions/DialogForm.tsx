import type { FormEvent, ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';

type Props = {
  titleId: string;
  title: string;
  /** The server's refusal, shown above the fields. */
  notice: ReactNode;
  pending: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onCancel: () => void;
  children: ReactNode;
};

/** The inside of an action dialog: a form with its title, fields, Cancel and Save. */
export function DialogForm({ titleId, title, notice, pending, onSubmit, onCancel, children }: Props) {
  return (
    <form
      noValidate
      onSubmit={(event) => {
        // The dialog is a portal, yet React hands its submit on to the organization form around the tab.
        event.stopPropagation();
        onSubmit(event);
      }}
    >
      <Modal.Header closeButton>
        <Modal.Title id={titleId} as="h2" className="h5">
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {notice}
        {children}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" variant="primary" disabled={pending}>
          {pending ? <Spinner animation="border" size="sm" className="me-2" aria-hidden /> : null}
          Save
        </Button>
      </Modal.Footer>
    </form>
  );
}
