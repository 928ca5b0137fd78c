import { forgotPasswordSchema } from '@domain/schemas/account';
import { changePasswordSchema, refuseContextualPassword } from '@domain/schemas/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import { NewPasswordFields } from '@web/components/form/NewPasswordFields';
import { stripSpacesAsTyped } from '@web/components/form/stripSpacesAsTyped';
import { TextField } from '@web/components/form/TextField';
import type { ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { useForm } from 'react-hook-form';
import { z } from 'zod';

/**
 * The user name and the new password twice: the fields of the invite and reset bodies (registerSchema,
 * resetPasswordSchema), checked field by field with the same domain rules so each message sits under
 * its own field.
 */
const setPasswordSchema = z
  .object({ userName: forgotPasswordSchema.shape.userName })
  .and(changePasswordSchema)
  // The server's context rule, mirrored with what the form knows: the product's names and the user name.
  .superRefine(refuseContextualPassword((value) => ({ userName: value.userName })));
export type SetPasswordValues = z.output<typeof setPasswordSchema>;

type Props = {
  defaultUserName?: string;
  passwordLabel: string;
  submitLabel: string;
  pending: boolean;
  onSubmit: (values: SetPasswordValues) => Promise<void>;
  /** The form's message, shown above the fields. */
  alert?: ReactNode;
  /** Buttons beside Submit. */
  secondaryAction?: ReactNode;
};

/** Used by the invite page (/invite/{code}) and the reset page (/resetpassword/{code}). */
export function SetPasswordForm({
  defaultUserName = '',
  passwordLabel,
  submitLabel,
  pending,
  onSubmit,
  alert,
  secondaryAction,
}: Props) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<z.input<typeof setPasswordSchema>, unknown, SetPasswordValues>({
    resolver: zodResolver(setPasswordSchema),
    // Checked on blur and on submit (SPEC.md section 5), then as the user types.
    mode: 'onTouched',
    defaultValues: { userName: defaultUserName, newPassword: '', confirmPassword: '' },
  });

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate>
      {alert}
      <TextField
        label="User Name"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        error={errors.userName?.message}
        {...stripSpacesAsTyped(register('userName'))}
      />
      <NewPasswordFields
        label={passwordLabel}
        rulesId="set-password-rules"
        newPassword={register('newPassword')}
        confirmPassword={register('confirmPassword')}
        errors={{
          newPassword: errors.newPassword?.message,
          confirmPassword: errors.confirmPassword?.message,
        }}
      />
      <div className="smr-form-actions">
        {secondaryAction}
        <Button type="submit" variant="primary" disabled={pending}>
          {pending ? <Spinner animation="border" size="sm" className="me-2" aria-hidden /> : null}
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
