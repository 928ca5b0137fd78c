import { messages } from '@domain/messages';
import { forgotPasswordSchema } from '@domain/schemas/account';
import { zodResolver } from '@hookform/resolvers/zod';
import { FormCard } from '@web/components/FormCard';
import { stripSpacesAsTyped } from '@web/components/form/stripSpacesAsTyped';
import { TextField } from '@web/components/form/TextField';
import { LockIcon } from '@web/components/icons/icons';
import { Page } from '@web/components/Page';
import { paths } from '@web/lib/paths';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { forgotPasswordRequest } from './accountApi';
import { SubmitRow } from './SubmitRow';
import { useMailedRequest } from './useMailedRequest';

/** /forgotpassword: e-mail a reset link to the account with this user name and e-mail address. */
export function ForgotPasswordPage() {
  const request = useMailedRequest(forgotPasswordRequest, {
    sent: messages.account.forgotPasswordSent,
    failure: messages.account.forgotPasswordFailure,
  });
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<z.input<typeof forgotPasswordSchema>, unknown, z.output<typeof forgotPasswordSchema>>({
    resolver: zodResolver(forgotPasswordSchema),
    mode: 'onTouched',
    defaultValues: { userName: '', email: '' },
  });

  const onSubmit = handleSubmit((body) => request.send(body));

  return (
    <Page title="Forgot Password" narrow>
      <FormCard
        icon={<LockIcon size={28} />}
        title="Forgot Password"
        intro="Enter your user name and e-mail address and we will send you a link to reset your password."
      >
        <form onSubmit={onSubmit} noValidate>
          {request.notice}
          <TextField
            label="User Name"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            error={errors.userName?.message}
            {...stripSpacesAsTyped(register('userName'))}
          />
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            error={errors.email?.message}
            {...register('email')}
          />
          <SubmitRow pending={request.pending}>
            <Link to={paths.home}>Sign In</Link>
            <Link to={paths.forgotUserName}>Forgot User Name</Link>
          </SubmitRow>
        </form>
      </FormCard>
    </Page>
  );
}
