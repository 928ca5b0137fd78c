import { OrganizationType } from '../codes.js';
import type { Role } from '../rules/roles.js';

export type PeerViewer = { role: Role; organizationId: number | null };
export type PeerTarget = { id: number; type: number; consultingFirmId: number | null };

/**
 * Who sees an organization's place among its benchmarked peers (docs/product.md#insights-peers):
 * admins; every member of the organization, whatever their role (the figures name no person and no
 * other manufacturer); the consultants of the firm working with that manufacturer. Nobody else.
 */
export function canSeePeerFigures(viewer: PeerViewer, org: PeerTarget): boolean {
  if (viewer.role === 'admin') return true;
  if (viewer.organizationId == null) return false;
  if (viewer.organizationId === org.id) return true;
  return (
    viewer.role === 'consultant' &&
    org.type === OrganizationType.Manufacturer &&
    org.consultingFirmId === viewer.organizationId
  );
}

export type PeerContributor = { organizationId: number; consultingFirmId: number | null };

/**
 * Whether the viewer can read this benchmarked manufacturer's own figures, and so must not have it
 * among the peers its figures are made of (docs/product.md#insights-peers): its own organization,
 * and for a consultant every client of its firm. Admins may read everything, yet the figures must
 * still show somewhere: they see them over every contributor.
 */
export function readsPeerFiguresOf(viewer: PeerViewer, contributor: PeerContributor): boolean {
  if (viewer.role === 'admin' || viewer.organizationId == null) return false;
  if (contributor.organizationId === viewer.organizationId) return true;
  return viewer.role === 'consultant' && contributor.consultingFirmId === viewer.organizationId;
}
