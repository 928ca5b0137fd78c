import type { Role } from '../rules/roles.js';

export type ResultViewer = { role: Role; userId: number; organizationId: number | null };
export type ResultOwner = { userId: number; organizationId: number | null; consultingFirmId: number | null };

/**
 * Who may see a person's assessment results: the person, administrators, the champion of the
 * person's own organization, and consultants of the firm working with that manufacturer.
 */
export function canViewResultsOf(viewer: ResultViewer, owner: ResultOwner): boolean {
  if (viewer.role === 'admin' || viewer.userId === owner.userId) return true;
  if (viewer.role === 'manufacturer-champion')
    return owner.organizationId !== null && owner.organizationId === viewer.organizationId;
  if (viewer.role === 'consultant')
    return owner.consultingFirmId !== null && owner.consultingFirmId === viewer.organizationId;
  return false;
}
