import type { UserFormMode, UserInput } from '@domain/schemas/account';
import { useMemo } from 'react';
import { type UseFormReturn, useForm } from 'react-hook-form';
import { emptyUserFormValues, type UserFormValues, userFormResolver } from './userFormValues';

export type UserFormApi = UseFormReturn<UserFormValues, unknown, UserInput>;

/**
 * The user form's state, validated with the domain's userFormSchema(mode). Fields are checked when
 * left and then as the user types, so a fixed error is gone before the click on Save (an error that
 * vanished under the click would move the button away).
 */
export function useUserForm(
  mode: UserFormMode,
  defaultValues: UserFormValues = emptyUserFormValues(),
): UserFormApi {
  const resolver = useMemo(() => userFormResolver(mode), [mode]);
  return useForm<UserFormValues, unknown, UserInput>({ resolver, mode: 'onTouched', defaultValues });
}
