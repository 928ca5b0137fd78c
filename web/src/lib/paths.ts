import type { Role } from '@domain/rules/roles';

/** Routes of docs/product.md#screens that code links to; the access rules live in routeAccess.ts. */
export const paths = {
  home: '/',
  login: '/login',
  register: '/register',
  signup: '/signup',
  forgotPassword: '/forgotpassword',
  forgotUserName: '/forgotusername',
  changePasswordRequired: '/otp/changepassword',
  notPermitted: '/notpermitted',
  notFound: '/404',
  error: '/error',
  profile: '/profile',
  trialAssessment: '/intro/trial',
  consultingFirms: '/admin/organization/list/consultant',
  manufacturers: '/admin/organization/list/manufacturer',
  myOrganization: '/admin/organization/mine',
  users: '/admin/user/list',
  newUser: '/admin/user/new',
  visitors: '/admin/user/list/visitor',
  allConsultants: '/admin/user/list/consultant/all',
  assessmentInvites: '/admin/assessmentinvite/list',
  sections: '/admin/section/list',
  questions: '/admin/question/list',
  lookups: '/admin/lookup/list',
  auditTrail: '/admin/audit/list',
  // Beyond the original tool (docs/product.md#insights): the client portfolio and the admins' list of shared links.
  portfolio: '/portfolio',
  shareLinks: '/admin/sharelink/list',
  // The e-mail given up after the last retry (docs/decisions.md#dashboard-figures).
  failedMail: '/admin/mail/failed',
  // A manufacturer's plan for its plain members, who do not open the organization page (docs/decisions.md#insights-actions).
  actionPlan: '/actionplan',
} as const;

/** The organization page's tab that holds the Action Plan; `?tab=` opens the page on it. */
export const ACTION_PLAN_TAB = 'actions';

/**
 * Where a person reads their own organization's Action Plan: a champion on the organization page's
 * tab, a plain member on the plan's own page.
 */
export function ownActionPlanPath(role: Role | null | undefined): string {
  return role === 'manufacturer-champion'
    ? `${paths.myOrganization}?tab=${ACTION_PLAN_TAB}`
    : paths.actionPlan;
}

/** The assessment routes of docs/product.md#screens, built from their codes and ids. */
export const assessmentPaths = {
  intro: (code: string, introCode?: string) =>
    `/intro/${encodeURIComponent(code)}${introCode ? `/${encodeURIComponent(introCode)}` : ''}`,
  getStarted: (code: string) => `/getstarted/${encodeURIComponent(code)}`,
  take: (code: string, sectionCode?: string) =>
    `/assessment/${encodeURIComponent(code)}${sectionCode ? `/${encodeURIComponent(sectionCode)}` : ''}`,
  retake: (code: string, resultId: number) => `/assessment/retake/${encodeURIComponent(code)}?id=${resultId}`,
  view: (code: string, resultId: number) => `/assessment/view/${encodeURIComponent(code)}?id=${resultId}`,
  results: (resultId: number) => `/assessment/results/${resultId}`,
} as const;

/**
 * Router state of a link that resumes a started attempt at /assessment/{code} (docs/decisions.md#assessments-resume):
 * the assessment opens at the first section with a question still open instead of its first step.
 */
export const resumeState = { resume: true } as const;

export function isResume(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { resume?: unknown }).resume === true;
}

/** A shared roadmap link's page (docs/product.md#insights-share-links). */
export const sharedRoadmapPath = (token: string) => `/shared/${encodeURIComponent(token)}`;

/** API path of the benchmark CSV (docs/product.md#calls). */
export const BENCHMARK_DOWNLOAD_PATH = 'admin/benchmark/download';
