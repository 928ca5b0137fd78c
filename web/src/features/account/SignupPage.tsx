import { messages } from '@domain/messages';
import { useMutation } from '@tanstack/react-query';
import { isApiError } from '@web/api/client';
import { TimedAlert } from '@web/components/alerts/TimedAlert';
import { useAlerts } from '@web/components/alerts/useAlerts';
import { ButtonLink } from '@web/components/ButtonLink';
import { FormCard } from '@web/components/FormCard';
import { CheckIcon, UserIcon } from '@web/components/icons/icons';
import { MessageDialog } from '@web/components/MessageDialog';
import { Page } from '@web/components/Page';
import { UserForm } from '@web/components/userForm/UserForm';
import { useUserForm } from '@web/components/userForm/useUserForm';
import { paths } from '@web/lib/paths';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { signupRequest } from './accountApi';

/** /register and /signup: a new person asks for an account, which an administrator then approves. */
export function SignupPage() {
  const form = useUserForm('signup');
  const alerts = useAlerts();
  const mutation = useMutation({ mutationFn: signupRequest });
  const [created, setCreated] = useState<{ warning: string | null } | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  const onSubmit = form.handleSubmit(async (user) => {
    try {
      const envelope = await mutation.mutateAsync(user);
      if (envelope?.isSuccess) {
        // Created, possibly with a caveat (e.g. the administrators could not be e-mailed).
        setCreated({ warning: envelope.message?.trim() || null });
        window.scrollTo?.({ top: 0 });
      } else {
        setRefusal(envelope?.message?.trim() || messages.login.failure);
      }
    } catch (error) {
      // docs/product.md#messages: an answer other than 200 gets the generic text in the dialog; a call that
      // got no answer at all is a failed save.
      if (isApiError(error) && error.status !== null) setRefusal(messages.login.failure);
      else alerts.error(messages.account.saveFailure);
    }
  });

  if (created) {
    return (
      <Page title="Account Created" narrow>
        <FormCard icon={<CheckIcon size={28} />} title={messages.account.accountCreatedTitle}>
          {created.warning ? (
            <TimedAlert variant="warning" onClose={() => setCreated({ warning: null })}>
              {created.warning}
            </TimedAlert>
          ) : null}
          <p className="smr-form-card-intro">{messages.account.accountCreatedText}</p>
          <div className="smr-form-actions">
            <ButtonLink to={paths.home}>Home</ButtonLink>
          </div>
        </FormCard>
      </Page>
    );
  }

  return (
    <Page title="Get Started" className="smr-page-medium">
      <FormCard
        icon={<UserIcon size={28} />}
        title="Get Started!"
        intro="Tell us about yourself and your organization. An administrator reviews each request before the account is activated."
      >
        <form onSubmit={onSubmit} noValidate>
          <UserForm form={form} mode="signup" />
          <div className="smr-form-actions">
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
      <MessageDialog
        title={messages.account.registerDialogTitle}
        message={refusal}
        onClose={() => setRefusal(null)}
      />
    </Page>
  );
}
