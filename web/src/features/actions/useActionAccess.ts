import {
  type ActionFields,
  canChangeAction,
  canManageActionsOf,
  canReadActionsOf,
} from '@domain/policies/actions';
import type { OrganizationTarget } from '@domain/policies/organizations';
import type { UserActor } from '@domain/policies/users';
import type { ActionView } from '@web/api/actions';
import { useAuth } from '@web/lib/auth/useAuth';

export type ActionAccess = ReturnType<typeof useActionAccess>;

/** An action's fields as the policies compare them. */
export function fieldsOf(action: ActionView): ActionFields {
  const { sectionId, title, description, dueOn, status, rationale } = action;
  return { sectionId, title, description, ownerId: action.owner?.id ?? null, dueOn, status, rationale };
}

/**
 * What the signed-in person may do with the plan of `organization`, from the same policies the server
 * enforces (domain/policies/actions.ts): read it, manage it, or change where an action stands.
 */
export function useActionAccess(organization: OrganizationTarget) {
  const { user, role } = useAuth();
  const actor: UserActor | null =
    role && user ? { role, organizationId: user.organization?.id ?? null, userId: user.id } : null;
  return {
    reads: actor !== null && canReadActionsOf(actor, organization),
    /** Add, edit every field, delete. */
    manages: actor !== null && canManageActionsOf(actor, organization),
    /**
     * Change the status (and its reason) of this action: a manager, or the plain member who owns it.
     * Asked with a status other than the stored one, since a field sent unchanged is no change at all.
     */
    changesStatus: (action: ActionView) =>
      actor !== null &&
      canChangeAction(actor, organization, fieldsOf(action), {
        status: action.status === 'Done' ? 'InProgress' : 'Done',
      }),
  };
}
