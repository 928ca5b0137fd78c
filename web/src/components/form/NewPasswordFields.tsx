import type { UseFormRegisterReturn } from 'react-hook-form';
import { PasswordRules } from './PasswordRules';
import { TextField } from './TextField';

type Props = {
  /** 'New Password' unless the form calls it otherwise (e.g. 'Password' when registering). */
  label?: string;
  /** The id of the rules hint, unique on the page. */
  rulesId: string;
  newPassword: UseFormRegisterReturn;
  confirmPassword: UseFormRegisterReturn;
  errors: { newPassword?: string; confirmPassword?: string };
};

/** A new password with its rules, and its confirmation: every form that sets a password has these. */
export function NewPasswordFields({
  label = 'New Password',
  rulesId,
  newPassword,
  confirmPassword,
  errors,
}: Props) {
  return (
    <>
      <TextField
        label={label}
        type="password"
        autoComplete="new-password"
        hint={<PasswordRules id={rulesId} />}
        error={errors.newPassword}
        {...newPassword}
      />
      <TextField
        label="Confirm Password"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword}
        {...confirmPassword}
      />
    </>
  );
}
