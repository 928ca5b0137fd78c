import {
  canChangeInviteExclusion,
  canCreateOrganization,
  canDeactivateOrganization,
  canEditAdminFields,
  canManageUsersOf,
  type OrganizationActor,
  type OrganizationTarget,
  seesAnonymizedResults,
} from '@domain/policies/organizations';
import type { OrganizationView } from '@domain/schemas/organizationView';
import { useAuth } from '@web/lib/auth/useAuth';

export type OrganizationAccess = ReturnType<typeof useOrganizationAccess>;

/**
 * What the signed-in user may do on this organization (docs/product.md#permissions), from the domain policies.
 * `type` is the organization's type as the form currently has it (an administrator may be choosing it).
 */
export function useOrganizationAccess(org: OrganizationView | undefined, type: number | null) {
  const { user, role } = useAuth();
  const actor: OrganizationActor | null = role
    ? { role, organizationId: user?.organization?.id ?? null }
    : null;
  const target = org && {
    // A new organization is reached by whoever creates it (a consultant's manufacturer names their firm).
    id: org.id ?? 0,
    type: type ?? 0,
    consultingFirmId: org.consultingFirm?.id ?? null,
  };
  // What the server checks is the organization as saved, not as the form is changing it.
  const saved: OrganizationTarget | null =
    org?.id != null
      ? { id: org.id, type: org.type.enumValue, consultingFirmId: org.consultingFirm?.id ?? null }
      : null;
  return {
    role: role ?? undefined,
    /** The saved organization, as the policies of its feature tabs take it; null for a new one. */
    saved,
    selfId: user?.id ?? null,
    /** Type, consulting firm, referral, roadmap status and the report switches. */
    editsAdminFields: actor !== null && canEditAdminFields(actor),
    managesUsers: !!actor && !!target && type !== null && canManageUsersOf(actor, target),
    deactivates:
      !!actor &&
      !!target &&
      org?.id != null &&
      canDeactivateOrganization(actor, { ...target, isActive: org.isActive }),
    creates: (kind: number) => actor !== null && canCreateOrganization(actor, kind),
    /** Anonymized results hide each person's report (docs/product.md#screens-invite-table). */
    seesAnonymized: actor === null || seesAnonymizedResults(actor, org?.anonymizeResults ?? false),
    /** A saved invite's Exclude From Report (admins only under Anonymize Results, as saved). */
    changesInviteExclusion: actor !== null && canChangeInviteExclusion(actor, org?.anonymizeResults ?? false),
  };
}
