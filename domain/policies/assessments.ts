import { AssessmentType } from '../codes.js';
import type { Role } from '../rules/roles.js';

/**
 * Which roles may open an assessment of a type (docs/product.md#roles and docs/product.md#permissions): the trial for visitors,
 * champions, consultants and admins; the current- and future-state assessments for the manufacturer's
 * staff (their invite is checked when they take it) and admins, who may look at any.
 */
export function canOpenAssessment(role: Role, assessmentType: number): boolean {
  if (role === 'admin') return true;
  if (assessmentType === AssessmentType.Trial) return role !== 'manufacturer';
  return role === 'manufacturer' || role === 'manufacturer-champion';
}
