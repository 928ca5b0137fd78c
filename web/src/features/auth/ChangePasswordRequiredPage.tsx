import { messages } from '@domain/messages';
import type { ChangePasswordInput } from '@domain/schemas/auth';
import { useMutation } from '@tanstack/react-query';
import { isApiError, isHandled } from '@web/api/client';
import { bodyMessage } from '@web/api/errors';
import { TimedAlert } from '@web/components/alerts/TimedAlert';
import { FormCard } from '@web/components/FormCard';
import { SetPasswordForm } from '@web/components/form/SetPasswordForm';
import { KeyIcon } from '@web/components/icons/icons';
import { Page } from '@web/components/Page';
import { useAuth } from '@web/lib/auth/useAuth';
import { useLogout } from '@web/lib/auth/useLogout';
import { paths } from '@web/lib/paths';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { useNavigate } from 'react-router';
import { changeOneTimePasswordRequest } from './authApi';

/** /otp/changepassword: a temporary one-time password must be replaced before anything else. */
export function ChangePasswordRequiredPage() {
  const { login, user } = useAuth();
  const logout = useLogout();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const mutation = useMutation({ mutationFn: changeOneTimePasswordRequest });

  const onSubmit = async (values: ChangePasswordInput) => {
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
  };

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
        <SetPasswordForm
          lead="none"
          // The server's context rule, mirrored: not the product's, the organization's or the person's names.
          person={{ ...user, organizationName: user?.organization?.name }}
          rulesId="new-password-rules"
          submitLabel="Continue"
          pending={mutation.isPending}
          onSubmit={onSubmit}
          secondaryAction={
            <Button type="button" variant="outline-secondary" onClick={logout}>
              Cancel
            </Button>
          }
        />
      </FormCard>
    </Page>
  );
}
