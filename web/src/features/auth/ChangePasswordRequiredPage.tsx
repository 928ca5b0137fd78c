import { messages } from '@domain/messages';
import {
  type ChangePasswordInput,
  changePasswordSchema,
  refuseContextualPassword,
} from '@domain/schemas/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { isApiError, isHandled } from '@web/api/client';
import { bodyMessage } from '@web/api/errors';
import { TimedAlert } from '@web/components/alerts/TimedAlert';
import { FormCard } from '@web/components/FormCard';
import { NewPasswordFields } from '@web/components/form/NewPasswordFields';
import { KeyIcon } from '@web/components/icons/icons';
import { Page } from '@web/components/Page';
import { useAuth } from '@web/lib/auth/useAuth';
import { useLogout } from '@web/lib/auth/useLogout';
import { paths } from '@web/lib/paths';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { changeOneTimePasswordRequest } from './authApi';

/** /otp/changepassword: a temporary one-time password must be replaced before anything else. */
export function ChangePasswordRequiredPage() {
  const { login, user } = useAuth();
  const logout = useLogout();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ChangePasswordInput>({
    // The server's context rule, mirrored: not the product's, the organization's or the person's names.
    resolver: zodResolver(
      changePasswordSchema.superRefine(
        refuseContextualPassword(() => ({ ...user, organizationName: user?.organization?.name })),
      ),
    ),
    // SPEC.md section 5: the match is checked on blur and on submit. Once a field has been left it is
    // re-checked as the user types, so a fixed error is gone before they reach Continue (otherwise the
    // message vanishes on the click's blur, the button moves up, and the click misses it).
    mode: 'onTouched',
    defaultValues: { newPassword: '', confirmPassword: '' },
  });
  const mutation = useMutation({ mutationFn: changeOneTimePasswordRequest });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const envelope = await mutation.mutateAsync(values);
      if (envelope?.isSuccess && envelope.data) {
        login(envelope.data);
        void navigate(paths.home, { replace: true });
      } else {
        setFailure(envelope?.message || messages.global.genericBadRequest);
      }
    } catch (error) {
      if (isHandled(error)) return;
      setFailure((isApiError(error) && bodyMessage(error.body)) || messages.global.genericBadRequest);
    }
  });

  return (
    <Page title="Change Password Required" narrow>
      <FormCard
        icon={<KeyIcon size={28} />}
        title="Change Password Required"
        intro="You signed in with a temporary one-time password. Before you continue, set a new password of your own and confirm it below."
      >
        {failure ? (
          <TimedAlert variant="danger" onClose={() => setFailure(null)}>
            {failure}
          </TimedAlert>
        ) : null}
        <form onSubmit={onSubmit} noValidate>
          <NewPasswordFields
            rulesId="new-password-rules"
            newPassword={register('newPassword')}
            confirmPassword={register('confirmPassword')}
            errors={{
              newPassword: errors.newPassword?.message,
              confirmPassword: errors.confirmPassword?.message,
            }}
          />
          <div className="smr-form-actions">
            <Button type="button" variant="outline-secondary" onClick={logout}>
              Cancel
            </Button>
            <Button type="submit" variant="primary" disabled={mutation.isPending}>
              {mutation.isPending ? (
                <Spinner animation="border" size="sm" className="me-2" aria-hidden />
              ) : null}
              Continue
            </Button>
          </div>
        </form>
      </FormCard>
    </Page>
  );
}
