import type { ActionStatus } from '../rules/actions.js';
import { canViewInsightsOf } from './organizationInsights.js';
import { canReachOrganization, type OrganizationTarget } from './organizations.js';
import type { UserActor } from './users.js';

// Who may read and change a manufacturer's action plan (docs/decisions.md#insights-actions). The
// server enforces it on every action call; the Action Plan tab and the My Actions tile show and offer
// only what it allows.

/** Reading the plan: admins, the manufacturer's consultant and champion, and its own people. */
export function canReadActionsOf(actor: UserActor, org: OrganizationTarget): boolean {
  if (actor.role === 'manufacturer') return actor.organizationId === org.id;
  return actor.role !== 'visitor' && canReachOrganization(actor, org);
}

/** Adding, changing any field of and deleting actions: admins, the manufacturer's consultant and champion. */
export function canManageActionsOf(actor: UserActor, org: OrganizationTarget): boolean {
  return canViewInsightsOf(actor, org);
}

/** The fields of an action a change may carry. */
export type ActionFields = {
  sectionId: number;
  title: string;
  description: string;
  ownerId: number | null;
  dueOn: string | null;
  status: ActionStatus;
  rationale: string;
};

/** What a plain member may change, and only on an action they own: where it stands and why. */
const OWNER_FIELDS: readonly (keyof ActionFields)[] = ['status', 'rationale'];

/**
 * Whether `actor` may make `change` to `action` of `org`. Those who manage the plan may change
 * anything; a plain member of the manufacturer only the status and reason of an action they own. A
 * field sent with the value it already has is no change (a form sends every field back).
 */
export function canChangeAction(
  actor: UserActor,
  org: OrganizationTarget,
  action: ActionFields,
  change: Partial<ActionFields>,
): boolean {
  if (canManageActionsOf(actor, org)) return true;
  if (actor.role !== 'manufacturer' || actor.organizationId !== org.id) return false;
  if (action.ownerId !== actor.userId) return false;
  return (Object.keys(change) as (keyof ActionFields)[]).every(
    (field) => OWNER_FIELDS.includes(field) || change[field] === undefined || change[field] === action[field],
  );
}
