// User-facing texts quoted by SPEC.md, so server, web and tests agree on every character.

export const messages = {
  global: {
    notFoundSuffix: ' The page was not found.',
    mustBeLoggedIn: 'You must be logged in to view this area.',
    notPermittedAction: 'You are not permitted to perform this action.',
    notPermittedArea: 'You are not permitted to access this area. Please contact your system administrator.',
    genericBadRequest: 'An error occurred. Please contact your system administrator.',
    networkFailure: 'A system error has occurred. Please contact your system administrator.',
    notPermittedRedirect:
      'You are not permitted to enter this area. You have been redirected to the home page.',
  },
  errorPage: {
    title: 'An error has occurred',
    text: 'Please contact your system administrator or try again.',
  },
  login: {
    failure: 'An error occurred. Please try again.',
    otherFailure: 'An error occurred. Please contact your system administrator.',
    invalidCredentials: 'Invalid user name or password.',
    accountInactive: 'This account is not active. Please contact your system administrator.',
    accountPending: 'This account is awaiting approval by an administrator.',
    tooManyAttempts: 'Too many login attempts. Please wait a few minutes and try again.',
  },
  auth: {
    changePasswordFirst: 'You must change your password before continuing.',
    passwordUpdated: 'Your password has been updated.',
    newPasswordMustDiffer: 'The new password must be different from the current password.',
  },
  validation: {
    required: 'Required',
    invalidEmail: 'Invalid email format',
    passwordsDoNotMatch: 'Passwords do not match',
    positiveInteger: 'Invalid. Must be a positive integer.',
    passwordLength: 'Password must be at least 8 characters.',
    passwordCharacters: 'Password must include an uppercase character, a lowercase character and a number.',
    passwordSpecial: 'Password must contain a special character (e.g. $@!%*?&).',
  },
  reports: {
    downloadFailure: 'An error occurred downloading the report. Please contact the system administrator.',
  },
} as const;
