import { messages } from '@domain/messages';
import { useQuery } from '@tanstack/react-query';
import { refusalMessage } from '@web/api/client';
import { ButtonLink } from '@web/components/ButtonLink';
import { FormCard } from '@web/components/FormCard';
import { CheckIcon } from '@web/components/icons/icons';
import { Page } from '@web/components/Page';
import { PageLoading } from '@web/components/PageLoading';
import { paths } from '@web/lib/paths';
import Alert from 'react-bootstrap/Alert';
import { useParams } from 'react-router';
import { confirmEmailQuery } from './accountApi';

const TITLE = 'Confirm Your E-mail Address';

/** /confirmemail/{code}: the link of an e-mail-change confirmation; confirms it and says how it went. */
export function ConfirmEmailPage() {
  const { code = '' } = useParams();
  const outcome = useQuery(confirmEmailQuery(code));
  if (outcome.isPending) return <PageLoading />;
  const success = !outcome.isError && outcome.data?.isSuccess;
  const message = outcome.isError
    ? (refusalMessage(outcome.error) ?? messages.login.otherFailure)
    : outcome.data?.message?.trim() ||
      (success ? messages.account.emailConfirmed : messages.account.linkInvalid);
  return (
    <Page title={TITLE} narrow>
      <FormCard icon={<CheckIcon size={28} />} title={TITLE}>
        <Alert variant={success ? 'success' : 'danger'}>{message}</Alert>
        <div className="smr-form-actions">
          <ButtonLink to={paths.home}>Sign In</ButtonLink>
        </div>
      </FormCard>
    </Page>
  );
}
