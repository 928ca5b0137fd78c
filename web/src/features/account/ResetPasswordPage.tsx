import { messages } from '@domain/messages';
import { useMutation, useQuery } from '@tanstack/react-query';
import { refusalMessage } from '@web/api/client';
import { useAlerts } from '@web/components/alerts/useAlerts';
import { useInlineAlert } from '@web/components/alerts/useInlineAlert';
import { ButtonLink } from '@web/components/ButtonLink';
import { FormCard } from '@web/components/FormCard';
import { SetPasswordForm, type SetPasswordValues } from '@web/components/form/SetPasswordForm';
import { KeyIcon } from '@web/components/icons/icons';
import { Page } from '@web/components/Page';
import { PageLoading } from '@web/components/PageLoading';
import { useAuth } from '@web/lib/auth/useAuth';
import { paths } from '@web/lib/paths';
import Alert from 'react-bootstrap/Alert';
import { useNavigate, useParams } from 'react-router';
import { linkProblemOf, resetInitQuery, resetPasswordRequest } from './accountApi';

const TITLE = 'Reset Your Password';

/** /resetpassword/{code}: set a new password with the link of a forgot-password e-mail. */
export function ResetPasswordPage() {
  const { code = '' } = useParams();
  const { login } = useAuth();
  const alerts = useAlerts();
  const navigate = useNavigate();
  const notice = useInlineAlert();
  const link = useQuery(resetInitQuery(code));
  const mutation = useMutation({ mutationFn: resetPasswordRequest });

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
        alerts.success(messages.account.passwordReset, { keepOnNavigation: true });
        void navigate(paths.home, { replace: true });
      } else {
        notice.show('danger', envelope?.message?.trim() || messages.login.otherFailure);
      }
    } catch (error) {
      notice.show('danger', refusalMessage(error) ?? messages.login.otherFailure);
    }
  };

  if (link.isPending) return <PageLoading />;

  // A link that is unknown, used or expired: say so and offer a new one instead of a form that cannot work.
  const linkProblem = linkProblemOf(link);

  return (
    <Page title={TITLE} narrow>
      <FormCard
        icon={<KeyIcon size={28} />}
        title={TITLE}
        intro={linkProblem ? undefined : messages.account.resetIntro}
      >
        {linkProblem ? (
          <>
            <Alert variant="danger">{linkProblem}</Alert>
            <div className="smr-form-actions">
              <ButtonLink to={paths.home} variant="outline-secondary">
                Sign In
              </ButtonLink>
              <ButtonLink to={paths.forgotPassword}>Forgot Password</ButtonLink>
            </div>
          </>
        ) : (
          <SetPasswordForm
            lead="userName"
            defaultUserName={link.data?.data?.userName ?? ''}
            passwordLabel="New Password"
            rulesId="set-password-rules"
            submitLabel="Submit"
            pending={mutation.isPending}
            onSubmit={onSubmit}
            alert={notice.element}
          />
        )}
      </FormCard>
    </Page>
  );
}
