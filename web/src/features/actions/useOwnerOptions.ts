import { useQuery } from '@tanstack/react-query';
import type { ActionView } from '@web/api/actions';
import { organizationUsersQuery } from '@web/api/organizationForm';
import type { SelectOption } from '@web/components/form/SelectField';

export const NO_OWNER = 'No owner';

/**
 * Who may own an action: the organization's active people, by name (the server refuses anyone else).
 * An owner who has since left stays listed as the action's owner, so editing other fields keeps them.
 */
export function useOwnerOptions(organizationId: number, owner: ActionView['owner']) {
  const users = useQuery(organizationUsersQuery({ kind: 'saved', id: organizationId }, organizationId));
  const active = (users.data?.data ?? [])
    .filter((user) => user.isActive)
    .sort((a, b) => a.fullName.localeCompare(b.fullName));
  const options: SelectOption[] = [
    { value: '', label: NO_OWNER },
    ...active.map((user) => ({ value: String(user.id), label: user.fullName })),
  ];
  // Listed while the people load too, so the select starts on the stored owner.
  if (owner && !active.some((user) => user.id === owner.id)) {
    const left = users.isSuccess ? ' (no longer active)' : '';
    options.push({ value: String(owner.id), label: `${owner.fullName}${left}` });
  }
  return { options, pending: users.isPending, failed: users.isError };
}
