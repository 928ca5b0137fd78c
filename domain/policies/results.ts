import type { Role } from '../rules/roles.js';

export type ResultViewer = { role: Role; userId: number; organizationId: number | null };
export type ResultOwner = {
  userId: number;
  organizationId: number | null;
  consultingFirmId: number | null;
  /**
   * Anonymize Results is set where the result belongs: on the person's organization, or on the
   * organization the result was given in (they differ once a person has moved).
   */
  anonymized: boolean;
};

/**
 * Anonymize Results is a promise, not a label (docs/product.md#rules-anonymity): while it is set, no caller but an admin
 * and the person themselves may tie a result, an answer or a score to that person. Lists that name
 * people (invite rows) leave the result out when this holds; reads of a result refuse.
 */
export function resultsHiddenFrom(
  viewer: ResultViewer,
  owner: Pick<ResultOwner, 'userId' | 'anonymized'>,
): boolean {
  return owner.anonymized && viewer.role !== 'admin' && viewer.userId !== owner.userId;
}

/**
 * Who may see a person's assessment results: the person, administrators, the champion of the
 * person's own organization, and consultants of the firm working with that manufacturer; the
 * champion and consultants not while the results are anonymized.
 */
export function canViewResultsOf(viewer: ResultViewer, owner: ResultOwner): boolean {
  if (viewer.role === 'admin' || viewer.userId === owner.userId) return true;
  if (resultsHiddenFrom(viewer, owner)) return false;
  if (viewer.role === 'manufacturer-champion')
    return owner.organizationId !== null && owner.organizationId === viewer.organizationId;
  if (viewer.role === 'consultant')
    return owner.consultingFirmId !== null && owner.consultingFirmId === viewer.organizationId;
  return false;
}
