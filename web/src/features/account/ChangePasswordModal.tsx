import { messages } from '@domain/messages';
import { changePasswordWithCurrentSchema } from '@domain/schemas/account';
import { refuseContextualPassword } from '@domain/schemas/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { isHandled, refusalMessage } from '@web/api/client';
import { useInlineAlert } from '@web/components/alerts/useInlineAlert';
import { NewPasswordFields } from '@web/components/form/NewPasswordFields';
import { TextField } from '@web/components/form/TextField';
import { useAuth } from '@web/lib/auth/useAuth';
import { useEffect, useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { changePasswordRequest } from './accountApi';

type Values = z.input<typeof changePasswordWithCurrentSchema>;

/** How long the confirmation stays in view before the dialog closes by itself. */
const CLOSE_AFTER_SUCCESS_MS = 2500;

/** The profile page's Change Password dialog: current password, new password and its confirmation. */
export function ChangePasswordModal({ show, onClose }: { show: boolean; onClose: () => void }) {
  const titleId = useId();
  const { login, user } = useAuth();
  const notice = useInlineAlert();
  const [updated, setUpdated] = useState(false);
  const mutation = useMutation({ mutationFn: changePasswordRequest });
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<Values, unknown, z.output<typeof changePasswordWithCurrentSchema>>({
    // The server's context rule, mirrored (issue 22).
    resolver: zodResolver(
      changePasswordWithCurrentSchema.superRefine(
        refuseContextualPassword(() => ({ ...user, organizationName: user?.organization?.name })),
      ),
    ),
    // Checked on blur and on submit (SPEC.md section 5), then as the user types.
    mode: 'onTouched',
    defaultValues: { oldPassword: '', newPassword: '', confirmPassword: '' },
  });

  useEffect(() => {
    if (!updated) return;
    const timer = setTimeout(onClose, CLOSE_AFTER_SUCCESS_MS);
    return () => clearTimeout(timer);
  }, [updated, onClose]);

  const onSubmit = handleSubmit(async (values) => {
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
  });

  // Opening again starts afresh.
  const onExited = () => {
    reset();
    notice.clear();
    setUpdated(false);
  };

  return (
    <Modal show={show} onHide={onClose} onExited={onExited} centered aria-labelledby={titleId}>
      <form onSubmit={onSubmit} noValidate>
        <Modal.Header closeButton>
          <Modal.Title id={titleId} as="h2" className="h5">
            Change Password
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {notice.element}
          {updated ? null : (
            <>
              <TextField
                label="Current Password"
                type="password"
                autoComplete="current-password"
                error={errors.oldPassword?.message}
                {...register('oldPassword')}
              />
              <NewPasswordFields
                rulesId="change-password-rules"
                newPassword={register('newPassword')}
                confirmPassword={register('confirmPassword')}
                errors={{
                  newPassword: errors.newPassword?.message,
                  confirmPassword: errors.confirmPassword?.message,
                }}
              />
            </>
          )}
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
              <Button type="submit" variant="primary" disabled={mutation.isPending}>
                {mutation.isPending ? (
                  <Spinner animation="border" size="sm" className="me-2" aria-hidden />
                ) : null}
                Save
              </Button>
            </>
          )}
        </Modal.Footer>
      </form>
    </Modal>
  );
}
