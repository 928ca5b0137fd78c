import type { RouteObject } from 'react-router';
import { RouteErrorPage } from '../features/errors/RouteErrorPage';
import { HomeRoute } from './HomeRoute';
import { lazyPage } from './lazyPage';
import { paths } from './paths';
import { RootLayout } from './RootLayout';

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
const ProfilePage = lazyPage(() => import('../features/account/ProfilePage'), 'ProfilePage');
const NotFoundPage = lazyPage(() => import('../features/errors/NotFoundPage'), 'NotFoundPage');
const NotPermittedPage = lazyPage(() => import('../features/errors/NotPermittedPage'), 'NotPermittedPage');
const ErrorRoutePage = lazyPage(() => import('../features/errors/ErrorRoutePage'), 'ErrorRoutePage');

/**
 * The pages of SPEC.md section 2 that exist. Who may open which path is decided in routeAccess.ts
 * for every path, listed here or not; a path without a page shows Page Not Found.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    // Only if the shell itself fails; page failures are caught below, inside the layout.
    errorElement: <RouteErrorPage />,
    children: [
      {
        errorElement: <RouteErrorPage />,
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
          { path: paths.profile, element: <ProfilePage /> },
          { path: paths.notPermitted, element: <NotPermittedPage /> },
          { path: paths.error, element: <ErrorRoutePage /> },
          { path: paths.notFound, element: <NotFoundPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];
