import { paths } from '@web/lib/paths';
import { Outlet, type RouteObject, useRoutes } from 'react-router';
import { HomeRoute } from './HomeRoute';
import { lazyPage } from './lazyPage';
import { RootLayout } from './RootLayout';
import { RouteErrorBoundary } from './RouteErrorBoundary';

// Each area's pages load on first visit, so the first bundle holds only the shell. The error page
// stays in the main bundle: it must render even when a page's chunk fails to load.
const ChangePasswordRequiredPage = lazyPage(
  () => import('../features/auth/ChangePasswordRequiredPage'),
  'ChangePasswordRequiredPage',
);
const SignupPage = lazyPage(() => import('../features/account/SignupPage'), 'SignupPage');
const InvitePage = lazyPage(() => import('../features/account/InvitePage'), 'InvitePage');
const ForgotPasswordPage = lazyPage(
  () => import('../features/account/ForgotPasswordPage'),
  'ForgotPasswordPage',
);
const ForgotUserNamePage = lazyPage(
  () => import('../features/account/ForgotUserNamePage'),
  'ForgotUserNamePage',
);
const ResetPasswordPage = lazyPage(
  () => import('../features/account/ResetPasswordPage'),
  'ResetPasswordPage',
);
const ConfirmEmailPage = lazyPage(() => import('../features/account/ConfirmEmailPage'), 'ConfirmEmailPage');
const ProfilePage = lazyPage(() => import('../features/account/ProfilePage'), 'ProfilePage');
const IntroPage = lazyPage(() => import('../features/assessment/intro/IntroPage'), 'IntroPage');
const GetStartedPage = lazyPage(
  () => import('../features/assessment/getStarted/GetStartedPage'),
  'GetStartedPage',
);
const TakeAssessmentPage = lazyPage(
  () => import('../features/assessment/take/AssessmentPage'),
  'TakeAssessmentPage',
);
const RetakeAssessmentPage = lazyPage(
  () => import('../features/assessment/take/AssessmentPage'),
  'RetakeAssessmentPage',
);
const ViewAssessmentPage = lazyPage(
  () => import('../features/assessment/take/AssessmentPage'),
  'ViewAssessmentPage',
);
const ResultsPage = lazyPage(() => import('../features/assessment/results/ResultsPage'), 'ResultsPage');
const LookupListPage = lazyPage(() => import('../features/lookups/LookupListPage'), 'LookupListPage');
const LookupFormPage = lazyPage(() => import('../features/lookups/LookupFormPage'), 'LookupFormPage');
const SectionListPage = lazyPage(() => import('../features/sections/SectionListPage'), 'SectionListPage');
const SectionFormPage = lazyPage(() => import('../features/sections/SectionFormPage'), 'SectionFormPage');
const QuestionListPage = lazyPage(() => import('../features/questions/QuestionListPage'), 'QuestionListPage');
const QuestionFormPage = lazyPage(() => import('../features/questions/QuestionFormPage'), 'QuestionFormPage');
const OrganizationListPage = lazyPage(
  () => import('../features/organizations/list/OrganizationListPage'),
  'OrganizationListPage',
);
const OrganizationFormPage = lazyPage(() => import('./OrganizationFormRoute'), 'OrganizationFormRoute');
const UserListPage = lazyPage(() => import('../features/users/UserListPage'), 'UserListPage');
const UserFormPage = lazyPage(() => import('../features/users/UserFormPage'), 'UserFormPage');
const InviteListPage = lazyPage(() => import('../features/invites/InviteListPage'), 'InviteListPage');
const AuditTrailPage = lazyPage(() => import('../features/audit/AuditTrailPage'), 'AuditTrailPage');
const PortfolioPage = lazyPage(() => import('../features/portfolio/PortfolioPage'), 'PortfolioPage');
const ActionPlanPage = lazyPage(() => import('../features/actions/ActionPlanPage'), 'ActionPlanPage');
const SharedRoadmapPage = lazyPage(
  () => import('../features/shareLinks/SharedRoadmapPage'),
  'SharedRoadmapPage',
);
const ShareLinkListPage = lazyPage(
  () => import('../features/shareLinks/ShareLinkListPage'),
  'ShareLinkListPage',
);
const FailedMailPage = lazyPage(() => import('../features/mail/FailedMailPage'), 'FailedMailPage');
const NotFoundPage = lazyPage(() => import('../features/errors/NotFoundPage'), 'NotFoundPage');
const NotPermittedPage = lazyPage(() => import('../features/errors/NotPermittedPage'), 'NotPermittedPage');
const ErrorRoutePage = lazyPage(() => import('../features/errors/ErrorRoutePage'), 'ErrorRoutePage');

/**
 * The pages of docs/product.md#screens that exist. Who may open which path is decided in routeAccess.ts
 * for every path, listed here or not; a path without a page shows Page Not Found.
 */
export const routes: RouteObject[] = [
  {
    // Only if the shell itself fails; page failures are caught below, inside the layout.
    element: (
      <RouteErrorBoundary>
        <RootLayout />
      </RouteErrorBoundary>
    ),
    children: [
      {
        element: (
          <RouteErrorBoundary>
            <Outlet />
          </RouteErrorBoundary>
        ),
        children: [
          { index: true, element: <HomeRoute /> },
          { path: paths.login, element: <HomeRoute /> },
          { path: paths.changePasswordRequired, element: <ChangePasswordRequiredPage /> },
          { path: paths.register, element: <SignupPage /> },
          { path: paths.signup, element: <SignupPage /> },
          { path: '/invite/:code', element: <InvitePage /> },
          { path: paths.forgotPassword, element: <ForgotPasswordPage /> },
          { path: paths.forgotUserName, element: <ForgotUserNamePage /> },
          { path: '/resetpassword/:code', element: <ResetPasswordPage /> },
          { path: '/confirmemail/:code', element: <ConfirmEmailPage /> },
          { path: paths.profile, element: <ProfilePage /> },
          // Taking assessments: intro, get-started, the sections (take, retake, view) and the results.
          { path: '/intro/:assessmentCode/:introCode?', element: <IntroPage /> },
          { path: '/getstarted/:assessmentCode', element: <GetStartedPage /> },
          { path: '/assessment/results/:resultId', element: <ResultsPage /> },
          { path: '/assessment/retake/:code?/:sectionCode?', element: <RetakeAssessmentPage /> },
          { path: '/assessment/view/:code?/:sectionCode?', element: <ViewAssessmentPage /> },
          { path: '/assessment/:code?/:sectionCode?', element: <TakeAssessmentPage /> },
          // Content administration: list, then new, copy/{parentId} and {id} of each entity.
          { path: paths.lookups, element: <LookupListPage /> },
          { path: '/admin/lookup/new', element: <LookupFormPage /> },
          { path: '/admin/lookup/copy/:parentId', element: <LookupFormPage /> },
          { path: '/admin/lookup/:id', element: <LookupFormPage /> },
          { path: paths.sections, element: <SectionListPage /> },
          { path: '/admin/section/new', element: <SectionFormPage /> },
          { path: '/admin/section/copy/:parentId', element: <SectionFormPage /> },
          { path: '/admin/section/:id', element: <SectionFormPage /> },
          { path: paths.questions, element: <QuestionListPage /> },
          { path: '/admin/question/new', element: <QuestionFormPage /> },
          { path: '/admin/question/copy/:parentId', element: <QuestionFormPage /> },
          { path: '/admin/question/:id', element: <QuestionFormPage /> },
          { path: '/admin/organization/list/:type/:unassigned?', element: <OrganizationListPage /> },
          { path: '/admin/organization/:id', element: <OrganizationFormPage /> },
          { path: '/admin/organization/:type/:id', element: <OrganizationFormPage /> },
          // Users: a status list (one segment) or a group's list in a mode (two), then new, copy and {id}.
          { path: `${paths.users}/:first?/:second?`, element: <UserListPage /> },
          { path: paths.newUser, element: <UserFormPage /> },
          { path: '/admin/user/copy/:parentId', element: <UserFormPage /> },
          { path: '/admin/user/:id', element: <UserFormPage /> },
          { path: paths.assessmentInvites, element: <InviteListPage /> },
          { path: `${paths.assessmentInvites}/:assessmentType/:state`, element: <InviteListPage /> },
          { path: paths.auditTrail, element: <AuditTrailPage /> },
          // Beyond the original tool (docs/product.md#insights): insight features.
          { path: paths.portfolio, element: <PortfolioPage /> },
          { path: paths.shareLinks, element: <ShareLinkListPage /> },
          { path: paths.actionPlan, element: <ActionPlanPage /> },
          { path: paths.failedMail, element: <FailedMailPage /> },
          { path: '/shared/:token', element: <SharedRoadmapPage /> },
          { path: paths.notPermitted, element: <NotPermittedPage /> },
          { path: paths.error, element: <ErrorRoutePage /> },
          { path: paths.notFound, element: <NotFoundPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

/** The app's pages for the address at hand, inside a <BrowserRouter> (or a <MemoryRouter> in tests). */
export function AppRoutes() {
  return useRoutes(routes);
}
