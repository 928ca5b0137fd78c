import { messages } from '@domain/messages';
import { useMutation, useQuery } from '@tanstack/react-query';
import { refusalMessage } from '@web/api/client';
import { useInlineAlert } from '@web/components/alerts/useInlineAlert';
import { ButtonLink } from '@web/components/ButtonLink';
import { FormCard } from '@web/components/FormCard';
import { SetPasswordForm, type SetPasswordValues } from '@web/components/form/SetPasswordForm';
import { CheckIcon, KeyIcon } from '@web/components/icons/icons';
import { Page } from '@web/components/Page';
import { PageLoading } from '@web/components/PageLoading';
import { useAuth } from '@web/lib/auth/useAuth';
import { paths } from '@web/lib/paths';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import { useParams } from 'react-router';
import { linkProblemOf, registerCheckQuery, registerRequest } from './accountApi';

/** /invite/{code}: accept an e-mailed invite by confirming the user name and choosing a password. */
export function InvitePage() {
  const { code = '' } = useParams();
  const { login } = useAuth();
  const notice = useInlineAlert();
  const link = useQuery(registerCheckQuery(code));
  const mutation = useMutation({ mutationFn: registerRequest });
  const [confirmed, setConfirmed] = useState(false);

  const onSubmit = async ({ userName, newPassword, confirmPassword }: SetPasswordValues<'userName'>) => {
    notice.clear();
    try {
      const envelope = await mutation.mutateAsync({
        token: code,
        userName,
        password: newPassword,
        confirmPassword,
      });
      if (envelope?.isSuccess && envelope.data) {
        login(envelope.data);
        setConfirmed(true);
      } else {
        notice.show('danger', envelope?.message?.trim() || messages.login.otherFailure);
      }
    } catch (error) {
      notice.show('danger', refusalMessage(error) ?? messages.login.otherFailure);
    }
  };

  if (confirmed) {
    return (
      <Page title="Account Confirmed" narrow>
        <FormCard icon={<CheckIcon size={28} />} title="You're Invited!">
          <Alert variant="success">{messages.account.inviteConfirmed}</Alert>
          <p className="smr-form-card-intro">You are now signed in.</p>
          <div className="smr-form-actions">
            <ButtonLink to={paths.home}>Go to Dashboard</ButtonLink>
          </div>
        </FormCard>
      </Page>
    );
  }

  if (link.isPending) return <PageLoading />;

  // An unknown, used or expired link: say so at once, and how to get a new one, instead of a form that
  // cannot work (docs/decisions.md#sign-in-invite-check).
  const linkProblem = linkProblemOf(link);
  if (linkProblem) {
    return (
      <Page title="You're Invited" narrow>
        <FormCard icon={<KeyIcon size={28} />} title="You're Invited!">
          <Alert variant="danger">{linkProblem}</Alert>
          <p className="smr-form-card-intro">{messages.account.inviteLinkHelp}</p>
          <div className="smr-form-actions">
            <ButtonLink to={paths.forgotPassword} variant="outline-secondary">
              Forgot Password
            </ButtonLink>
            <ButtonLink to={paths.home}>Sign In</ButtonLink>
          </div>
        </FormCard>
      </Page>
    );
  }

  return (
    <Page title="You're Invited" narrow>
      <FormCard
        icon={<KeyIcon size={28} />}
        title="You're Invited!"
        intro="Confirm your user name and choose a password to activate your account."
      >
        <SetPasswordForm
          lead="userName"
          passwordLabel="Password"
          rulesId="set-password-rules"
          submitLabel="Submit"
          pending={mutation.isPending}
          onSubmit={onSubmit}
          alert={notice.element}
        />
      </FormCard>
    </Page>
  );
}
