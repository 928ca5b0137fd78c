import { OrganizationType } from '../codes.js';
import { firmReaches } from '../rules/consultantReach.js';
import { canHandleUsersOf } from '../rules/organizations.js';
import type { Role } from '../rules/roles.js';

export type OrganizationActor = { role: Role; organizationId: number | null };
export type OrganizationTarget = { id: number; type: number; consultingFirmId: number | null };

/**
 * Who reaches an organization (docs/product.md#permissions): admins every one; a consultant their own firm and
 * the manufacturers that firm works with; a champion their own organization. Nobody else.
 */
export function canReachOrganization(actor: OrganizationActor, org: OrganizationTarget): boolean {
  if (actor.role === 'admin') return true;
  if (actor.organizationId == null) return false;
  if (actor.role === 'consultant') return firmReaches(actor.organizationId, org);
  if (actor.role === 'manufacturer-champion') return org.id === actor.organizationId;
  return false;
}

/** Admins create any organization; consultants create manufacturers, which then work with their firm. */
export function canCreateOrganization(actor: OrganizationActor, type: number): boolean {
  if (actor.role === 'admin') return type !== OrganizationType.Any;
  return actor.role === 'consultant' && type === OrganizationType.Manufacturer;
}

/** The organization types whose lists a role may search: a consultant sees manufacturers (their own). */
export function canListOrganizations(actor: OrganizationActor, type: number | null): boolean {
  if (actor.role === 'admin') return true;
  return actor.role === 'consultant' && type === OrganizationType.Manufacturer;
}

/** Adding, changing or removing an organization's users: reach plus the organization-type rule. */
export function canManageUsersOf(actor: OrganizationActor, org: OrganizationTarget): boolean {
  return canReachOrganization(actor, org) && canHandleUsersOf(actor.role, org.type);
}

/**
 * Type, consulting firm, referral, roadmap status, Exclude from benchmark and Anonymize Results are
 * the institute's to set (docs/product.md#permissions); other callers' values for them are ignored.
 */
export function canEditAdminFields(actor: OrganizationActor): boolean {
  return actor.role === 'admin';
}

/** Only admins deactivate, and only active consulting firms. */
export function canDeactivateOrganization(
  actor: OrganizationActor,
  org: OrganizationTarget & { isActive: boolean },
): boolean {
  return actor.role === 'admin' && org.type === OrganizationType.Consultant && org.isActive;
}

/**
 * Non-admins see a manufacturer's invite results anonymized when it asks for that (docs/product.md#permissions).
 */
export function seesAnonymizedResults(actor: OrganizationActor, anonymizeResults: boolean): boolean {
  return anonymizeResults && actor.role !== 'admin';
}

/**
 * Who changes a saved invite's Exclude From Report (docs/decisions.md#trust-anonymize). Under Anonymize Results only admins:
 * a champion or consultant who excluded one completed invite and compared the figures before and after
 * would read that person's scores. Without it, whoever saves the organization's invites. A new invite
 * may be saved excluded (nothing was counted to compare), and sending the saved value is no change.
 */
export function canChangeInviteExclusion(actor: OrganizationActor, anonymizeResults: boolean): boolean {
  return !seesAnonymizedResults(actor, anonymizeResults);
}
