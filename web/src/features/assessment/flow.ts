import { assessmentStepCodes } from '@domain/rules/content';
import type { Role } from '@domain/rules/roles';
import { assessmentPaths } from '@web/lib/paths';
import { introCodes } from './intro/introContent';

// The order of docs/product.md#rules-assessment-flow: intro pages, get-started (everyone but
// manufacturers), the sections, then the results/submit step.

/**
 * Manufacturers' organizations are kept by their consultant or champion (organization form,
 * Demographics tab), so they go straight from the intro to the questions.
 */
export function skipsGetStarted(role: Role | null | undefined): boolean {
  return role === 'manufacturer';
}

/** Where Continue on the last intro page leads. */
export function afterIntro(role: Role | null | undefined, code: string): string {
  return skipsGetStarted(role) ? assessmentPaths.take(code) : assessmentPaths.getStarted(code);
}

/**
 * Whether the attempt opens with the 'Demographics' step: for those who skip get-started (where everyone
 * else sees and edits the demographics), when taking an assessment. A retake goes straight to the answers.
 */
export function showsDemographicsStep(
  role: Role | null | undefined,
  mode: 'take' | 'retake' | 'view',
): boolean {
  return mode === 'take' && skipsGetStarted(role);
}

/** The page before an assessment's first step when taking it for the first time. */
export function beforeFirstStep(role: Role | null | undefined, code: string): string {
  return skipsGetStarted(role) ? lastIntroPage(code) : assessmentPaths.getStarted(code);
}

export function lastIntroPage(code: string): string {
  return assessmentPaths.intro(code, introCodes[introCodes.length - 1]);
}

/** The pseudo-section after the last one: 'Thank You', where the answers are submitted (docs/product.md#screens). */
export const RESULTS_STEP = assessmentStepCodes.results;
/** The pseudo-section before the first one for those who skip get-started: 'Demographics'. */
export const DEMOGRAPHICS_STEP = assessmentStepCodes.demographics;

/** A step of an attempt: a section, the results step, or (without a step) the first section. */
export function stepPath(
  mode: 'take' | 'retake' | 'view',
  code: string,
  resultId: number | null,
  step?: string,
): string {
  const base =
    mode === 'take' ? assessmentPaths.take(code) : `/assessment/${mode}/${encodeURIComponent(code)}`;
  const path = step ? `${base}/${encodeURIComponent(step)}` : base;
  return mode === 'take' || resultId === null ? path : `${path}?id=${resultId}`;
}
