import { AssessmentType, type RoadmapStatusCode, roadmapStatusCodes } from '../codes.js';

/** Position of a roadmap status in the order of docs/product.md#rules (-1 for none). */
export function statusOrder(code: RoadmapStatusCode | null | undefined): number {
  return code ? roadmapStatusCodes.indexOf(code) : -1;
}

/**
 * Whether a completed assessment may be retaken (docs/product.md#rules-retake):
 * the current state while the roadmap is at pre-assessment or current state; the future state at any
 * status but future-state reporting; the trial always. Otherwise the tile offers view-only access.
 */
export function canRetake(assessmentType: number, status: RoadmapStatusCode | null | undefined): boolean {
  switch (assessmentType) {
    case AssessmentType.CurrentState:
      return status == null || status === 'PreAssessment' || status === 'CurrentState';
    case AssessmentType.FutureState:
      return status !== 'FutureStateReporting';
    default:
      return true;
  }
}
