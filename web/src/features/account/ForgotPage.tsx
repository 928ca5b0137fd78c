import type { forgotPasswordSchema, forgotUserNameSchema } from '@domain/schemas/account';
import type { Envelope } from '@domain/schemas/common';
import { zodResolver } from '@hookform/resolvers/zod';
import { FormCard } from '@web/components/FormCard';
import { TextField } from '@web/components/form/TextField';
import { UserNameField } from '@web/components/form/UserNameField';
import { Page } from '@web/components/Page';
import { paths } from '@web/lib/paths';
import type { ReactNode } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { SubmitRow } from './SubmitRow';
import { useMailedRequest } from './useMailedRequest';

type ForgotSchema = typeof forgotPasswordSchema | typeof forgotUserNameSchema;
type Values = { userName?: string; email: string };

type Props<S extends ForgotSchema> = {
  title: string;
  icon: ReactNode;
  intro: string;
  /** The body's rules; a schema with a user name puts its field before the e-mail. */
  schema: S;
  request: (body: z.output<S>) => Promise<Envelope>;
  texts: { sent: string; failure: string };
  /** The other forgot page, linked after Sign In. */
  other: { to: string; label: string };
};

/**
 * The two 'forgot' pages (/forgotpassword, /forgotusername): what the account is known by, then an
 * e-mail with the reset link or the user name, said inline whether or not the account exists.
 */
export function ForgotPage<S extends ForgotSchema>({
  title,
  icon,
  intro,
  schema,
  request,
  texts,
  other,
}: Props<S>) {
  const asksUserName = 'userName' in schema.shape;
  const mailed = useMailedRequest(request, texts);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<Values>({
    resolver: zodResolver(schema) as unknown as Resolver<Values>,
    mode: 'onTouched',
    defaultValues: asksUserName ? { userName: '', email: '' } : { email: '' },
  });

  const onSubmit = handleSubmit((body) => mailed.send(body as z.output<S>));

  return (
    <Page title={title} narrow>
      <FormCard icon={icon} title={title} intro={intro}>
        <form onSubmit={onSubmit} noValidate>
          {mailed.notice}
          {asksUserName ? (
            <UserNameField registration={register('userName')} error={errors.userName?.message} />
          ) : null}
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            error={errors.email?.message}
            {...register('email')}
          />
          <SubmitRow pending={mailed.pending}>
            <Link to={paths.home}>Sign In</Link>
            <Link to={other.to}>{other.label}</Link>
          </SubmitRow>
        </form>
      </FormCard>
    </Page>
  );
}
