import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { messages } from '../../../../domain/messages';
import { forgotPasswordSchema } from '../../../../domain/schemas/account';
import { refusalMessage } from '../../api/client';
import { paths } from '../../app/paths';
import { useInlineAlert } from '../../components/alerts/useInlineAlert';
import { FormCard } from '../../components/FormCard';
import { stripSpacesAsTyped } from '../../components/form/stripSpacesAsTyped';
import { TextField } from '../../components/form/TextField';
import { LockIcon } from '../../components/icons/icons';
import { Page } from '../../components/Page';
import { forgotPasswordRequest } from './accountApi';
import { SubmitRow } from './SubmitRow';

/** /forgotpassword: e-mail a reset link to the account with this user name and e-mail address. */
export function ForgotPasswordPage() {
  const notice = useInlineAlert();
  const mutation = useMutation({ mutationFn: forgotPasswordRequest });
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<z.input<typeof forgotPasswordSchema>, unknown, z.output<typeof forgotPasswordSchema>>({
    resolver: zodResolver(forgotPasswordSchema),
    mode: 'onTouched',
    defaultValues: { userName: '', email: '' },
  });

  const onSubmit = handleSubmit(async ({ userName, email }) => {
    notice.clear();
    try {
      const envelope = await mutation.mutateAsync({ userName, email });
      // The answer is the same whether or not the account exists, so nobody can probe for accounts.
      if (envelope?.isSuccess)
        notice.show('success', envelope.message?.trim() || messages.account.forgotPasswordSent);
      else notice.show('danger', envelope?.message?.trim() || messages.account.forgotPasswordFailure);
    } catch (error) {
      notice.show('danger', refusalMessage(error) ?? messages.account.forgotPasswordFailure);
    }
  });

  return (
    <Page title="Forgot Password" narrow>
      <FormCard
        icon={<LockIcon size={28} />}
        title="Forgot Password"
        intro="Enter your user name and e-mail address and we will send you a link to reset your password."
      >
        <form onSubmit={onSubmit} noValidate>
          {notice.element}
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
          <SubmitRow pending={mutation.isPending}>
            <Link to={paths.home}>Sign In</Link>
            <Link to={paths.forgotUserName}>Forgot User Name</Link>
          </SubmitRow>
        </form>
      </FormCard>
    </Page>
  );
}
