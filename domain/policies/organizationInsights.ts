import { canReachOrganization, type OrganizationActor, type OrganizationTarget } from './organizations.js';

// Role alignment, progress against target and shared roadmap links (docs/product.md#insights-alignment): a manufacturer's views
// and links for the people who reach its organization page (admin, its consultant, its champion). The
// server enforces it; the organization page shows the tabs to the same people. Which organizations
// have them at all is domain/rules/organizations.ts hasRoadmap; the admins' list of every link is the
// route's declared access (admin).

/** Admins, the manufacturer's consultant and its champion; nobody else (no plain member, no visitor). */
export function canViewInsightsOf(actor: OrganizationActor, org: OrganizationTarget): boolean {
  return actor.role !== 'manufacturer' && actor.role !== 'visitor' && canReachOrganization(actor, org);
}
