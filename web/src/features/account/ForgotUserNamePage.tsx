import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { messages } from '../../../../domain/messages';
import { forgotUserNameSchema } from '../../../../domain/schemas/account';
import { refusalMessage } from '../../api/client';
import { paths } from '../../app/paths';
import { useInlineAlert } from '../../components/alerts/useInlineAlert';
import { FormCard } from '../../components/FormCard';
import { TextField } from '../../components/form/TextField';
import { UserIcon } from '../../components/icons/icons';
import { Page } from '../../components/Page';
import { forgotUserNameRequest } from './accountApi';
import { SubmitRow } from './SubmitRow';

/** /forgotusername: e-mail the user name of the account with this e-mail address. */
export function ForgotUserNamePage() {
  const notice = useInlineAlert();
  const mutation = useMutation({ mutationFn: forgotUserNameRequest });
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<z.input<typeof forgotUserNameSchema>, unknown, z.output<typeof forgotUserNameSchema>>({
    resolver: zodResolver(forgotUserNameSchema),
    mode: 'onTouched',
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit(async ({ email }) => {
    notice.clear();
    try {
      const envelope = await mutation.mutateAsync({ email });
      if (envelope?.isSuccess)
        notice.show('success', envelope.message?.trim() || messages.account.forgotUserNameSent);
      else notice.show('danger', envelope?.message?.trim() || messages.account.forgotUserNameFailure);
    } catch (error) {
      notice.show('danger', refusalMessage(error) ?? messages.account.forgotUserNameFailure);
    }
  });

  return (
    <Page title="Forgot User Name" narrow>
      <FormCard
        icon={<UserIcon size={28} />}
        title="Forgot User Name"
        intro="Enter the e-mail address of your account and we will send you your user name."
      >
        <form onSubmit={onSubmit} noValidate>
          {notice.element}
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            error={errors.email?.message}
            {...register('email')}
          />
          <SubmitRow pending={mutation.isPending}>
            <Link to={paths.home}>Sign In</Link>
            <Link to={paths.forgotPassword}>Forgot Password</Link>
          </SubmitRow>
        </form>
      </FormCard>
    </Page>
  );
}
