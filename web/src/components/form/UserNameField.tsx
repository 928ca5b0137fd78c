import type { UseFormRegisterReturn } from 'react-hook-form';
import { stripSpacesAsTyped } from './stripSpacesAsTyped';
import { TextField } from './TextField';

type Props = {
  registration: UseFormRegisterReturn<'userName'>;
  error?: string;
  /** 'off' where someone types another person's user name (the admin's user form). */
  autoComplete?: 'username' | 'off';
};

/** The user name as the forms that choose or confirm one ask for it: no capitals, no spell check, no spaces. */
export function UserNameField({ registration, error, autoComplete = 'username' }: Props) {
  return (
    <TextField
      label="User Name"
      autoComplete={autoComplete}
      autoCapitalize="none"
      spellCheck={false}
      error={error}
      {...stripSpacesAsTyped(registration)}
    />
  );
}
