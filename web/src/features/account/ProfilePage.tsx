import { messages } from '@domain/messages';
import type { UserView } from '@domain/schemas/user';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isHandled, refusalMessage } from '@web/api/client';
import { useAlerts } from '@web/components/alerts/useAlerts';
import { ButtonLink } from '@web/components/ButtonLink';
import { FormCard } from '@web/components/FormCard';
import { TextField } from '@web/components/form/TextField';
import { UserIcon } from '@web/components/icons/icons';
import { MessageDialog } from '@web/components/MessageDialog';
import { Page } from '@web/components/Page';
import { PageLoading } from '@web/components/PageLoading';
import { UserForm } from '@web/components/userForm/UserForm';
import { userFormValuesFrom } from '@web/components/userForm/userFormValues';
import { useUserForm } from '@web/components/userForm/useUserForm';
import { useAuth } from '@web/lib/auth/useAuth';
import { paths } from '@web/lib/paths';
import { useCallback, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { profileQuery, updateProfileRequest } from './accountApi';
import { ChangePasswordModal } from './ChangePasswordModal';

const TITLE = 'My Profile';

/** /profile: the signed-in user edits their own details and can change their password. */
export function ProfilePage() {
  const profile = useQuery(profileQuery);
  if (profile.isPending) return <PageLoading />;
  if (profile.isError) {
    // The global handling has shown 'An error occurred retrieving this item.'
    return (
      <Page title={TITLE} narrow>
        <FormCard icon={<UserIcon size={28} />} title={TITLE}>
          <div className="smr-form-actions">
            <ButtonLink to={paths.home}>Home</ButtonLink>
          </div>
        </FormCard>
      </Page>
    );
  }
  return <ProfileForm user={profile.data} />;
}

function ProfileForm({ user }: { user: UserView }) {
  const form = useUserForm('profile', userFormValuesFrom(user));
  const alerts = useAlerts();
  const { updateUser } = useAuth();
  const queryClient = useQueryClient();
  const mutation = useMutation({ mutationFn: updateProfileRequest });
  const [saveError, setSaveError] = useState<string | null>(null);
  const [changingPassword, setChangingPassword] = useState(false);
  const closeChangePassword = useCallback(() => setChangingPassword(false), []);
  // A new e-mail address needs the current password (docs/decisions.md#sign-in-passwords, ASVS 7.5.1): asked only then.
  const [currentPassword, setCurrentPassword] = useState('');
  const [passwordMissing, setPasswordMissing] = useState(false);
  const currentPasswordRef = useRef<HTMLInputElement>(null);
  const emailChanged = (form.watch('email') ?? '').trim() !== (user.email ?? '');

  const onSubmit = form.handleSubmit(async (input) => {
    if (emailChanged && !currentPassword) {
      setPasswordMissing(true);
      // As the form's own fields do: the field to fill takes the focus, and its message is read.
      currentPasswordRef.current?.focus();
      return;
    }
    try {
      const envelope = await mutation.mutateAsync(emailChanged ? { ...input, currentPassword } : input);
      if (!envelope?.isSuccess) {
        setSaveError(envelope?.message?.trim() || messages.account.saveFailure);
        return;
      }
      // Says so when a confirmation link went to the new address (the address changes once confirmed).
      alerts.success(envelope.message?.trim() || messages.account.profileSaved);
      setCurrentPassword('');
      setPasswordMissing(false);
      if (envelope.data) {
        // The top bar and menu read the stored user; the form shows what the server kept.
        updateUser(envelope.data);
        queryClient.setQueryData(profileQuery.queryKey, envelope.data);
        form.reset(userFormValuesFrom(envelope.data));
      } else {
        await queryClient.invalidateQueries({ queryKey: profileQuery.queryKey });
      }
    } catch (error) {
      if (isHandled(error)) return;
      const refusal = refusalMessage(error);
      if (refusal) setSaveError(refusal);
      else alerts.error(messages.account.saveFailure);
    }
  });

  return (
    <Page title={TITLE} className="smr-page-medium">
      <FormCard icon={<UserIcon size={28} />} title={TITLE}>
        <form onSubmit={onSubmit} noValidate>
          <UserForm form={form} mode="profile" />
          {emailChanged ? (
            <TextField
              ref={currentPasswordRef}
              label="Current Password"
              type="password"
              autoComplete="current-password"
              hint="Enter your current password to change your e-mail address. A confirmation link goes to the new address; it changes once you follow it."
              error={passwordMissing && !currentPassword ? messages.validation.required : undefined}
              value={currentPassword}
              onChange={(event) => setCurrentPassword(event.target.value)}
            />
          ) : null}
          <div className="smr-form-actions">
            <Button
              variant="outline-primary"
              className="smr-form-actions-start"
              onClick={() => setChangingPassword(true)}
            >
              Change Password
            </Button>
            <ButtonLink to={paths.home} variant="outline-secondary">
              Cancel
            </ButtonLink>
            <Button type="submit" variant="primary" disabled={mutation.isPending}>
              {mutation.isPending ? (
                <Spinner animation="border" size="sm" className="me-2" aria-hidden />
              ) : null}
              Save
            </Button>
          </div>
        </form>
      </FormCard>
      <ChangePasswordModal show={changingPassword} onClose={closeChangePassword} />
      <MessageDialog
        title={messages.account.saveErrorTitle}
        message={saveError}
        onClose={() => setSaveError(null)}
      />
    </Page>
  );
}
