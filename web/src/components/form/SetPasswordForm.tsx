import type { PasswordContext } from '@domain/rules/passwords';
import { changePasswordWithCurrentSchema, forgotPasswordSchema } from '@domain/schemas/account';
import { changePasswordSchema, refuseContextualPassword } from '@domain/schemas/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { type Resolver, useForm } from 'react-hook-form';
import { z } from 'zod';
import { NewPasswordFields } from './NewPasswordFields';
import { TextField } from './TextField';
import { UserNameField } from './UserNameField';

/**
 * What comes before the new password: the user name (accepting an invite, resetting with a link, where
 * nobody is signed in), the current password (the profile's change), or nothing (the one-time
 * password's replacement, the session says who it is).
 */
export type PasswordLead = 'userName' | 'currentPassword' | 'none';

type Pair = { newPassword: string; confirmPassword: string };
export type SetPasswordValues<L extends PasswordLead> = L extends 'userName'
  ? Pair & { userName: string }
  : L extends 'currentPassword'
    ? Pair & { oldPassword: string }
    : Pair;

/**
 * The request body's fields, checked field by field with the domain's rules so each message sits under
 * its own field, and the server's context rule mirrored with what the form knows: the typed user name,
 * or the signed-in person.
 */
function schemaOf(lead: PasswordLead, person: PasswordContext | undefined) {
  if (lead === 'userName') {
    return z
      .object({ userName: forgotPasswordSchema.shape.userName })
      .and(changePasswordSchema)
      .superRefine(refuseContextualPassword((value) => ({ userName: value.userName })));
  }
  const known = () => person ?? {};
  return lead === 'currentPassword'
    ? changePasswordWithCurrentSchema.superRefine(refuseContextualPassword(known))
    : changePasswordSchema.superRefine(refuseContextualPassword(known));
}

type Values = { userName?: string; oldPassword?: string; newPassword: string; confirmPassword: string };

type Props<L extends PasswordLead> = {
  lead: L;
  /** The user name a reset link already knows. */
  defaultUserName?: string;
  /** Whose password it is, when someone is signed in: their names are refused inside it. */
  person?: PasswordContext;
  /** 'New Password' unless the form calls it otherwise ('Password' when accepting an invite). */
  passwordLabel?: string;
  /** The id of the password rules hint, unique on the page. */
  rulesId: string;
  submitLabel: string;
  pending: boolean;
  onSubmit: (values: SetPasswordValues<L>) => Promise<void>;
  /** The form's message, shown above the fields. */
  alert?: ReactNode;
  /** Buttons before Submit, e.g. Cancel. */
  secondaryAction?: ReactNode;
  /**
   * Where the parts go inside the form; by default the message, the fields, then the buttons. A dialog
   * puts the fields in its body and the buttons in its footer.
   */
  layout?: (parts: { fields: ReactNode; submit: ReactNode }) => ReactNode;
};

/**
 * Every form that sets a password: accepting an invite (/invite/{code}), resetting with a link
 * (/resetpassword/{code}), replacing a one-time password (/otp/changepassword) and the profile's
 * Change Password dialog.
 */
export function SetPasswordForm<L extends PasswordLead>({
  lead,
  defaultUserName = '',
  person,
  passwordLabel,
  rulesId,
  submitLabel,
  pending,
  onSubmit,
  alert,
  secondaryAction,
  layout,
}: Props<L>) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<Values>({
    resolver: zodResolver(schemaOf(lead, person)) as unknown as Resolver<Values>,
    // Checked on blur and on submit (docs/product.md#rules-validation). Once a field has been left it is re-checked as
    // the user types, so a fixed error is gone before they reach the button (otherwise the message
    // vanishes on the click's blur, the button moves up, and the click misses it).
    mode: 'onTouched',
    defaultValues: {
      ...(lead === 'userName' ? { userName: defaultUserName } : {}),
      ...(lead === 'currentPassword' ? { oldPassword: '' } : {}),
      newPassword: '',
      confirmPassword: '',
    },
  });

  const fields = (
    <>
      {lead === 'userName' ? (
        <UserNameField registration={register('userName')} error={errors.userName?.message} />
      ) : null}
      {lead === 'currentPassword' ? (
        <TextField
          label="Current Password"
          type="password"
          autoComplete="current-password"
          error={errors.oldPassword?.message}
          {...register('oldPassword')}
        />
      ) : null}
      <NewPasswordFields
        label={passwordLabel}
        rulesId={rulesId}
        newPassword={register('newPassword')}
        confirmPassword={register('confirmPassword')}
        errors={{
          newPassword: errors.newPassword?.message,
          confirmPassword: errors.confirmPassword?.message,
        }}
      />
    </>
  );
  const submit = (
    <Button type="submit" variant="primary" disabled={pending}>
      {pending ? <Spinner animation="border" size="sm" className="me-2" aria-hidden /> : null}
      {submitLabel}
    </Button>
  );

  return (
    <form onSubmit={handleSubmit((values) => onSubmit(values as SetPasswordValues<L>))} noValidate>
      {layout ? (
        layout({ fields, submit })
      ) : (
        <>
          {alert}
          {fields}
          <div className="smr-form-actions">
            {secondaryAction}
            {submit}
          </div>
        </>
      )}
    </form>
  );
}
