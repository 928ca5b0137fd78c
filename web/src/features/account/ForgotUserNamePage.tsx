import { messages } from '@domain/messages';
import { forgotUserNameSchema } from '@domain/schemas/account';
import { UserIcon } from '@web/components/icons/icons';
import { paths } from '@web/lib/paths';
import { forgotUserNameRequest } from './accountApi';
import { ForgotPage } from './ForgotPage';

/** /forgotusername: e-mail the user name of the account with this e-mail address. */
export function ForgotUserNamePage() {
  return (
    <ForgotPage
      title="Forgot User Name"
      icon={<UserIcon size={28} />}
      intro="Enter the e-mail address of your account and we will send you your user name."
      schema={forgotUserNameSchema}
      request={forgotUserNameRequest}
      texts={{ sent: messages.account.forgotUserNameSent, failure: messages.account.forgotUserNameFailure }}
      other={{ to: paths.forgotPassword, label: 'Forgot Password' }}
    />
  );
}
