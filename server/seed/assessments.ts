import { AssessmentType, TRIAL_ASSESSMENT_CODE } from '../../domain/codes.js';
import { nowIso } from '../db/clock.js';
import type { Db } from '../db/database.js';

/** The three assessments of docs/product.md#codes; their sections and questions are content, seeded apart. */
export const assessmentSeeds = [
  {
    code: 'current-state',
    name: 'Current State Assessment',
    description: 'Where your smart-manufacturing business practices stand today.',
    assessmentType: AssessmentType.CurrentState,
  },
  {
    code: 'future-state',
    name: 'Future State Assessment',
    description: 'Where you intend your smart-manufacturing business practices to be.',
    assessmentType: AssessmentType.FutureState,
  },
  {
    code: TRIAL_ASSESSMENT_CODE,
    name: 'Trial Assessment',
    description: 'A trial run of the smart-manufacturing business practices assessment.',
    assessmentType: AssessmentType.Trial,
  },
] as const;

export async function seedAssessments(db: Db): Promise<void> {
  const now = nowIso();
  await db
    .insertInto('assessments')
    .values(assessmentSeeds.map((a) => ({ ...a, isActive: 1, createdAt: now, updatedAt: now })))
    .onConflict((oc) => oc.column('code').doNothing())
    .execute();
}
