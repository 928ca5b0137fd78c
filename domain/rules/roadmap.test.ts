import { describe, expect, it } from 'vitest';
import { AssessmentType, roadmapStatusCodes } from '../codes.js';
import { canRetake, statusOrder } from './roadmap.js';

describe('retake gating by roadmap status (docs/product.md#rules)', () => {
  const table: Record<string, [current: boolean, future: boolean]> = {
    PreAssessment: [true, true],
    CurrentState: [true, true],
    CurrentStateReporting: [false, true],
    FutureState: [false, true],
    FutureStateReporting: [false, false],
  };
  it.each(roadmapStatusCodes)('at %s', (status) => {
    const [current, future] = table[status]!;
    expect(canRetake(AssessmentType.CurrentState, status)).toBe(current);
    expect(canRetake(AssessmentType.FutureState, status)).toBe(future);
    expect(canRetake(AssessmentType.Trial, status)).toBe(true);
  });
  it('without a roadmap status', () => {
    expect(canRetake(AssessmentType.CurrentState, null)).toBe(true);
    expect(canRetake(AssessmentType.FutureState, null)).toBe(true);
  });
  it('orders statuses as docs/product.md lists them', () => {
    expect(roadmapStatusCodes.map(statusOrder)).toEqual([0, 1, 2, 3, 4]);
    expect(statusOrder(null)).toBe(-1);
  });
});
