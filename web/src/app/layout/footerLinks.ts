import { AssessmentType, TRIAL_ASSESSMENT_CODE } from '@domain/codes';
import { canOpenAssessment } from '@domain/policies/assessments';
import type { Role } from '@domain/rules/roles';
import { assessmentPaths, paths } from '@web/lib/paths';

export type FooterLink = { label: string; to: string };
export type FooterColumn = { title: 'Resources' | 'Information'; links: readonly FooterLink[] };

/**
 * The footer's Resources and Information columns (docs/product.md#screens). The product has no pages of
 * its own for these, so every link is a screen of the app that works for the person looking: the
 * programme's introduction and the trial assessment (after signing in), and the account pages.
 */
export function footerColumns(signedIn: boolean, role: Role | null): readonly FooterColumn[] {
  // Manufacturers take no trial: their introduction is the current-state assessment's. Anyone else
  // signed out is asked to sign in first and then lands on the page.
  const mayTakeTrial = role === null || canOpenAssessment(role, AssessmentType.Trial);
  const intro = mayTakeTrial ? TRIAL_ASSESSMENT_CODE : 'current-state';
  const resources: FooterLink[] = [
    ...(mayTakeTrial ? [{ label: 'Trial Assessment', to: paths.trialAssessment }] : []),
    { label: 'What Is Smart Manufacturing?', to: assessmentPaths.intro(intro, 'definition') },
    { label: 'Why a Roadmap Pays Off', to: assessmentPaths.intro(intro, 'value') },
    { label: 'The Acceleration Framework', to: assessmentPaths.intro(intro, 'acceleration-framework') },
  ];
  const information: FooterLink[] = signedIn
    ? [
        { label: 'Home', to: paths.home },
        { label: 'My Profile', to: paths.profile },
        // The audit trail (docs/decisions.md#audit-trail) is the institute's; docs/product.md's admin menu stays as listed.
        ...(role === 'admin' ? [{ label: 'Audit Trail', to: paths.auditTrail }] : []),
      ]
    : [
        { label: 'Sign In', to: paths.home },
        { label: 'Create an Account', to: paths.signup },
        { label: 'Forgot Password', to: paths.forgotPassword },
        { label: 'Forgot User Name', to: paths.forgotUserName },
      ];
  return [
    { title: 'Resources', links: resources },
    { title: 'Information', links: information },
  ];
}
