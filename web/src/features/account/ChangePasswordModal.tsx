import { messages } from '@domain/messages';
import { useMutation } from '@tanstack/react-query';
import { isHandled, refusalMessage } from '@web/api/client';
import { useInlineAlert } from '@web/components/alerts/useInlineAlert';
import { SetPasswordForm, type SetPasswordValues } from '@web/components/form/SetPasswordForm';
import { trapTab } from '@web/components/trapTab';
import { useAuth } from '@web/lib/auth/useAuth';
import { useEffect, useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { changePasswordRequest } from './accountApi';

/** How long the confirmation stays in view before the dialog closes by itself. */
const CLOSE_AFTER_SUCCESS_MS = 2500;

/** The profile page's Change Password dialog: current password, new password and its confirmation. */
export function ChangePasswordModal({ show, onClose }: { show: boolean; onClose: () => void }) {
  const titleId = useId();
  const { login, user } = useAuth();
  const notice = useInlineAlert();
  const [updated, setUpdated] = useState(false);
  const mutation = useMutation({ mutationFn: changePasswordRequest });
  useEffect(() => {
    if (!updated) return;
    const timer = setTimeout(onClose, CLOSE_AFTER_SUCCESS_MS);
    return () => clearTimeout(timer);
  }, [updated, onClose]);

  const onSubmit = async (values: SetPasswordValues<'currentPassword'>) => {
    notice.clear();
    try {
      const envelope = await mutation.mutateAsync(values);
      if (envelope?.isSuccess && envelope.data) {
        // The change ends older sessions; the answer carries this session's new ticket.
        login(envelope.data);
        setUpdated(true);
        notice.show('success', envelope.message?.trim() || messages.auth.passwordUpdated);
      } else {
        notice.show('warning', envelope?.message?.trim() || messages.login.otherFailure);
      }
    } catch (error) {
      if (isHandled(error)) return;
      notice.show('danger', refusalMessage(error) ?? messages.login.otherFailure);
    }
  };

  // Opening again starts afresh: the form is mounted anew, the message and the outcome are cleared here.
  const onExited = () => {
    notice.clear();
    setUpdated(false);
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
      <SetPasswordForm
        lead="currentPassword"
        // The server's context rule, mirrored (docs/decisions.md#trust).
        person={{ ...user, organizationName: user?.organization?.name }}
        rulesId="change-password-rules"
        submitLabel="Save"
        pending={mutation.isPending}
        onSubmit={onSubmit}
        layout={({ fields, submit }) => (
          <>
            <Modal.Header closeButton>
              <Modal.Title id={titleId} as="h2" className="h5">
                Change Password
              </Modal.Title>
            </Modal.Header>
            <Modal.Body>
              {notice.element}
              {updated ? null : fields}
            </Modal.Body>
            <Modal.Footer>
              {updated ? (
                <Button variant="primary" onClick={onClose}>
                  OK
                </Button>
              ) : (
                <>
                  <Button variant="outline-secondary" onClick={onClose}>
                    Cancel
                  </Button>
                  {submit}
                </>
              )}
            </Modal.Footer>
          </>
        )}
      />
    </Modal>
  );
}
