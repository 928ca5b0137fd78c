import { messages } from '@domain/messages';
import { forgotPasswordSchema } from '@domain/schemas/account';
import { LockIcon } from '@web/components/icons/icons';
import { paths } from '@web/lib/paths';
import { forgotPasswordRequest } from './accountApi';
import { ForgotPage } from './ForgotPage';

/** /forgotpassword: e-mail a reset link to the account with this user name and e-mail address. */
export function ForgotPasswordPage() {
  return (
    <ForgotPage
      title="Forgot Password"
      icon={<LockIcon size={28} />}
      intro="Enter your user name and e-mail address and we will send you a link to reset your password."
      schema={forgotPasswordSchema}
      request={forgotPasswordRequest}
      texts={{ sent: messages.account.forgotPasswordSent, failure: messages.account.forgotPasswordFailure }}
      other={{ to: paths.forgotUserName, label: 'Forgot User Name' }}
    />
  );
}
