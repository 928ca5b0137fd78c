import {
  canReachOrganization,
  type OrganizationActor,
  type OrganizationTarget,
  seesAnonymizedResults,
} from './organizations.js';
import { canReachUser, type UserActor, type UserTarget } from './users.js';

// Role alignment, progress against target and shared roadmap links (docs/product.md#insights-alignment): a manufacturer's views
// and links for the people who reach its organization page (admin, its consultant, its champion). The
// server enforces it; the organization page shows the tabs to the same people. Which organizations
// have them at all is domain/rules/organizations.ts hasRoadmap; the admins' list of every link is the
// route's declared access (admin).

/** Admins, the manufacturer's consultant and its champion; nobody else (no plain member, no visitor). */
export function canViewInsightsOf(actor: OrganizationActor, org: OrganizationTarget): boolean {
  return actor.role !== 'manufacturer' && actor.role !== 'visitor' && canReachOrganization(actor, org);
}

/**
 * Whether a list of links names a link's creator to the caller (docs/decisions.md#share-link-creator):
 * the caller made it, reaches the creator as a user (admins anyone; a consultant the people of their
 * firm and of its manufacturers), or shares the creator's organization (a champion's colleagues).
 * Under Anonymize Results only admins are told the name of one of the manufacturer's own people.
 * Anyone else is told only the creator's role.
 */
export function namesLinkCreator(
  actor: UserActor,
  creator: UserTarget,
  manufacturer: { id: number; anonymizeResults: boolean },
): boolean {
  if (
    creator.organization?.id === manufacturer.id &&
    seesAnonymizedResults(actor, manufacturer.anonymizeResults)
  )
    return false;
  if (creator.id === actor.userId || canReachUser(actor, creator)) return true;
  return creator.organization !== null && creator.organization.id === actor.organizationId;
}
