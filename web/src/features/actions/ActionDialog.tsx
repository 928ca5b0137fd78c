import type { ActionView } from '@web/api/actions';
import { trapTab } from '@web/components/trapTab';
import { useId } from 'react';
import Modal from 'react-bootstrap/Modal';
import { ActionForm } from './ActionForm';
import { StatusForm } from './StatusForm';

/** What the dialog is open for: a new action in an area, every field of one, or its status only. */
export type Editing =
  | { kind: 'add'; section: { id: number; name: string } }
  | { kind: 'edit'; action: ActionView }
  | { kind: 'status'; action: ActionView };

type Props = {
  organizationId: number;
  /** Kept while the dialog fades out, so its content does not vanish first. */
  editing: Editing | null;
  /** Each opening's own number: a dialog opened again starts from the stored fields. */
  opening: number;
  show: boolean;
  onClose: () => void;
  onExited: () => void;
  onSaved: (message: string) => void;
};

/** The add, edit and status dialog of the Action Plan (a focus-trapping Bootstrap modal). */
export function ActionDialog({ organizationId, editing, opening, show, onClose, onExited, onSaved }: Props) {
  const titleId = useId();
  const saved = (message: string) => {
    onSaved(message);
    onClose();
  };
  return (
    <Modal
      show={show}
      onHide={onClose}
      onExited={onExited}
      centered
      aria-labelledby={titleId}
      onKeyDown={trapTab}
    >
      {editing?.kind === 'status' ? (
        <StatusForm
          key={opening}
          titleId={titleId}
          action={editing.action}
          onCancel={onClose}
          onSaved={saved}
        />
      ) : editing ? (
        <ActionForm
          key={opening}
          titleId={titleId}
          organizationId={organizationId}
          section={
            editing.kind === 'add'
              ? editing.section
              : { id: editing.action.sectionId, name: editing.action.sectionName }
          }
          action={editing.kind === 'edit' ? editing.action : null}
          onCancel={onClose}
          onSaved={saved}
        />
      ) : null}
    </Modal>
  );
}
