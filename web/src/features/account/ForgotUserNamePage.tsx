import { messages } from '@domain/messages';
import { forgotUserNameSchema } from '@domain/schemas/account';
import { zodResolver } from '@hookform/resolvers/zod';
import { FormCard } from '@web/components/FormCard';
import { TextField } from '@web/components/form/TextField';
import { UserIcon } from '@web/components/icons/icons';
import { Page } from '@web/components/Page';
import { paths } from '@web/lib/paths';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { forgotUserNameRequest } from './accountApi';
import { SubmitRow } from './SubmitRow';
import { useMailedRequest } from './useMailedRequest';

/** /forgotusername: e-mail the user name of the account with this e-mail address. */
export function ForgotUserNamePage() {
  const request = useMailedRequest(forgotUserNameRequest, {
    sent: messages.account.forgotUserNameSent,
    failure: messages.account.forgotUserNameFailure,
  });
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<z.input<typeof forgotUserNameSchema>, unknown, z.output<typeof forgotUserNameSchema>>({
    resolver: zodResolver(forgotUserNameSchema),
    mode: 'onTouched',
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit((body) => request.send(body));

  return (
    <Page title="Forgot User Name" narrow>
      <FormCard
        icon={<UserIcon size={28} />}
        title="Forgot User Name"
        intro="Enter the e-mail address of your account and we will send you your user name."
      >
        <form onSubmit={onSubmit} noValidate>
          {request.notice}
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            error={errors.email?.message}
            {...register('email')}
          />
          <SubmitRow pending={request.pending}>
            <Link to={paths.home}>Sign In</Link>
            <Link to={paths.forgotPassword}>Forgot Password</Link>
          </SubmitRow>
        </form>
      </FormCard>
    </Page>
  );
}
