import { OrganizationType } from '../codes.js';
import { canReachOrganization, type OrganizationActor, type OrganizationTarget } from './organizations.js';

// Role alignment and progress against target (issue 17): views of a manufacturer's figures for the
// people who reach its organization page (admin, its consultant, its champion). The server enforces
// it; the organization page shows the tabs to the same people.

/** Only manufacturers have a roadmap, results and rounds to show. */
export const hasInsights = (org: Pick<OrganizationTarget, 'type'>) =>
  org.type === OrganizationType.Manufacturer;

/** Admins, the manufacturer's consultant and its champion; nobody else (no plain member, no visitor). */
export function canViewInsightsOf(actor: OrganizationActor, org: OrganizationTarget): boolean {
  return actor.role !== 'manufacturer' && actor.role !== 'visitor' && canReachOrganization(actor, org);
}
