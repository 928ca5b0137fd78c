import { OrganizationType } from '../codes.js';

// Which organizations a consultant reaches (docs/product.md#permissions): their own consulting firm and the
// manufacturers that firm works with. The policies decide single rows with firmReaches; the lists
// filter with the same rule in SQL (server/repositories/consultantReach.ts), so the two never part.

/** A firm id no organization has: a consultant without a firm is limited to it and reaches nobody. */
export const NO_FIRM = -1;

/** The fields of an organization the reach looks at. */
export type ReachedOrganization = { id: number; type: number; consultingFirmId: number | null };

/** The consulting firm a consultant acts for (the one their new manufacturers work with); null for anyone else. */
export function consultantFirmOf(actor: { role: string; organizationId: number | null }): number | null {
  return actor.role === 'consultant' ? actor.organizationId : null;
}

/**
 * The firm whose reach limits a caller's lists: a consultant's own (NO_FIRM without one); undefined
 * for callers whose lists no firm limits (the routes' access decides who those are).
 */
export function reachFirmOf(actor: { role: string; organizationId: number | null }): number | undefined {
  if (actor.role !== 'consultant') return undefined;
  return consultantFirmOf(actor) ?? NO_FIRM;
}

/** A manufacturer the firm works with: the organizations a consultant's portfolio and lists hold. */
export function isClientOf(firmId: number, org: ReachedOrganization): boolean {
  return org.type === OrganizationType.Manufacturer && org.consultingFirmId === firmId;
}

/** The firm itself and its clients: every organization the firm's consultants reach. */
export function firmReaches(firmId: number, org: ReachedOrganization): boolean {
  return org.id === firmId || isClientOf(firmId, org);
}
