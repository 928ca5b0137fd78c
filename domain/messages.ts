// User-facing texts quoted by docs/product.md, so server, web and tests agree on every character.

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
    passwordCommon: 'This password is one of the most common ones. Please choose another.',
    nameCharacters: 'Must not contain line breaks or control characters, or begin with =.',
  },
  account: {
    // Texts docs/product.md#messages quotes for the account screens.
    registerDialogTitle: 'Register',
    saveErrorTitle: 'Save Error',
    saveFailure: 'An error occurred saving this item.',
    retrieveFailure: 'An error occurred retrieving this item.',
    inviteConfirmed: 'Congratulations. Your account has been confirmed.',
    passwordReset: 'Congratulations. Your password has been reset.',
    resetIntro: 'Enter your user name and a new password to complete the password reset process.',
    forgotPasswordFailure: 'An error occurred resending forgot password email.',
    forgotUserNameFailure: 'An error occurred resending forgot user name email.',
    accountCreatedTitle: 'Account Created!',
    accountCreatedText:
      'Thank you for registering. An administrator will review and approve your account, and you will receive an e-mail with a link to set your password.',
    // The server's own messages.
    userNameTaken: 'That user name is already taken. Please choose another.',
    signupNoticeFailed:
      'Your account was created, but the administrators could not be told by e-mail. Please contact the institute so they can approve it.',
    forgotPasswordSent:
      'If an account matches that user name and e-mail address, we have sent it an e-mail with a link to reset the password.',
    forgotUserNameSent:
      'If an account uses that e-mail address, we have sent it an e-mail with the user name.',
    linkInvalid: 'This link is invalid or has expired. Please ask for a new one.',
    /** Under an invite link that no longer works (docs/decisions.md#sign-in-invite-check). */
    inviteLinkHelp:
      'An invite link works once and for a limited time. Ask whoever invited you (your administrator, consultant or champion) to send you a new invite. If you have already set your password, sign in.',
    userNameMismatch: 'The user name does not match this link.',
    wrongCurrentPassword: 'The current password is not correct.',
    profileSaved: 'Your profile has been saved.',
    inviteSent: 'Invite was sent.',
    inviteResent: 'Invite was re-sent.',
    inviteResendFailure: 'An error occurred re-sending the invite.',
    alreadyRegistered: 'This user has already registered; there is nothing to invite them to.',
    mailFailed: 'The e-mail could not be sent. Please try again later.',
    emailConfirmed: 'Your e-mail address has been changed.',
    emailChangePending:
      'A confirmation link was sent to the new e-mail address; the address changes once it is confirmed.',
    emailChangeNotSent:
      'The confirmation of the new e-mail address could not be sent; please save it again later.',
    currentPasswordForEmail: 'Enter your current password to change your e-mail address.',
    emailChangeNoticeNotSent: 'The notice to the old e-mail address could not be sent; the change is saved.',
    tooManyRequests: 'Too many requests. Please wait a few minutes and try again.',
  },
  admin: {
    // Texts docs/product.md#messages-admin quotes.
    listRetrieveFailure: 'An error occurred retrieving these items.',
    deleted: 'Item was deleted',
    deleteFailure: (message: string) => `An error occurred deleting this item: ${message}`,
    deleteErrorTitle: 'Delete Item Error',
    deactivateErrorTitle: 'Deactivate Item Error',
    convertErrorTitle: 'Convert Item Error',
    deleteDialogFailure: 'An error occurred deleting this item.',
    convertDialogFailure: 'An error occurred converting this item.',
    itemNotFound: 'This item was not found.',
    notPermittedToEdit: 'You are not permitted to edit items.',
    blankItemFailure: 'An error occurred retrieving the blank item.',
    saveErrorTitle: 'Save Error',
    copyFailure: 'An error occurred copying this item.',
    saveFailure: 'An error occurred saving this item.',
    saved: 'Item was saved.',
    deactivated: 'Item was deactivated',
    retrieveFailure: 'An error occurred retrieving this item.',
    initializeFailure: 'An error occurred initializing this item.',
    sendInviteFailure: 'An error occurred sending the invite.',
    noMatchingItems: 'There are no matching items.',
    noChoices: 'There are no choices.',
    noUsers: 'There are no users.',
    // One's own row is hidden (docs/decisions.md#organizations-own-row): alone, they are told so.
    onlyYou: 'You are the only user here. Your own details are under',
    atLeastOneChoice: 'At least one choice is required.',
    deactivateFailure: (message: string) => `An error occurred deactivating this item: ${message}`,
    confirmDeactivate: (caption: string) =>
      `You are about to deactivate '${caption}'. This action cannot be undone. Are you sure?`,
    // Lookup items.
    lookupRetrieveFailure: 'An error occurred retrieving this lookup item.',
    lookupNotFoundSuffix: ' This lookup item was not found.',
    lookupLoginSuffix: ' You must be logged in to view this area.',
    lookupNotPermittedSuffix: ' You are not permitted to edit lookup items.',
    lookupBlankFailure: 'An error occurred retrieving the blank lookup item.',
    lookupTypesFailure: 'An error occurred retrieving lookup types.',
    lookupTypesNotFoundSuffix: ' Lookup types endpoint not found.',
    lookupTypesNotPermittedSuffix: ' You are not permitted to fetch lookup types.',
    lookupSaveFailure: 'An error occurred saving this lookup item.',
    lookupCopyFailure: 'An error occurred copying this lookup item.',
    lookupSaved: 'Lookup item was saved.',
    noMatchingLookups: 'There are no matching lookup items.',
    confirmDeleteLookup: (name: string) =>
      `You are about to delete '${name}'. This action cannot be undone. Are you sure?`,
    // The server's own messages.
    lookupNameTaken: 'A lookup item with this name already exists for this lookup type.',
    lookupCodeTaken: 'A lookup item with this code already exists for this lookup type.',
    lookupIsSystem:
      'This lookup item is used by the program: it can be renamed but not deleted, and its code and type cannot change.',
    sectionCodeTaken: 'A section with this code already exists.',
    choiceNotOfQuestion: 'A choice does not belong to this question.',
  },
  users: {
    // Texts docs/product.md#screens and docs/product.md#messages quote for the user screens.
    title: 'Admin | User',
    pendingSuffix: ' (Pending)',
    otpFailure: 'An error occurred generating the one time passcode.',
    otpGenerated: (code: string) =>
      `A one time passcode ${code} has been generated. The user can use this passcode when logging in.`,
    adminResetFailure: 'An error occurred resetting the password.',
    adminResetSent: (email: string) => `We've emailed instructions with a reset password link to '${email}'.`,
    confirmDelete: (email: string) =>
      `You are about to delete this user ${email}. This action cannot be undone. This will also delete any assessments associated with this user. Are you sure?`,
    // Where docs/product.md asks for a message without quoting it.
    confirmConvert: (name: string, organization: string) =>
      `You are about to convert '${name}' into a user of '${organization}'. Their trial assessments become current-state assessments of a manufacturer. This action cannot be undone. Are you sure?`,
    converted: 'The visitor was converted.',
    notFound: 'The user was not found.',
    notReachable: 'You are not permitted to manage this user.',
    cannotDeleteSelf: 'You cannot delete yourself.',
    onlyVisitorsConvert: 'Only a visitor can be converted.',
    conversionTarget: 'Choose an active manufacturer or consulting firm.',
    conversionFirm: 'Choose an active consulting firm.',
    groupNotAllowed: 'You are not permitted to give a user this group.',
    organizationNotAllowed: 'You are not permitted to add users to this organization.',
    organizationTypeMismatch: "The organization's type does not fit the user's group.",
    cannotDeactivateSelf: 'You cannot deactivate or suspend yourself.',
    cannotChangeOwnGroup: 'You cannot change your own group.',
    visitorGroupByConversion:
      "A visitor's group changes only by converting them (Convert to Consultant or Convert to Manufacturer).",
    inviteNotSent: 'The invite e-mail could not be sent; use Send Invite to try again.',
    noPasscodeForSelf: 'You cannot issue a one time passcode to yourself.',
    passcodeNeedsActiveUser: 'A one time passcode can only be issued to an active, unsuspended user.',
    invitedOn: (date: string) => `Invite sent on ${date}.`,
    registeredOn: (date: string) => `Registered on ${date}.`,
    // Who may change which field of whom (docs/decisions.md#users-field-policy, domain/policies/userFields.ts).
    ownEmailOnProfile: 'Change your own e-mail address on My Profile, with your current password.',
    emailChangeAdminOnly:
      'Only the person themselves (on My Profile) or an administrator can change the e-mail address of someone who has an account.',
    organizationChangeAdminOnly: 'Only an administrator can move a person to another organization.',
    reactivateAdminOnly: 'Only an administrator can re-activate a person.',
    suspensionAdminOnly: 'Only an administrator can suspend a person or lift a suspension.',
    userNameChecksExhausted:
      'You have tried too many user names that are taken. Please wait a few minutes and try again.',
  },
  organization: {
    // Texts docs/product.md#screens, docs/product.md#rules-validation and docs/product.md#messages quote for the organization list and form.
    nameRequired: 'Name is required.',
    roadmapStatusRequired: 'Roadmap Status is required.',
    businessAreaRequired: 'Business area is required.',
    typeRequired: 'Organization type is required.',
    demographicMissing: 'Required demographic data is missing.',
    userDataMissing: 'Required user data is missing.',
    inviteDataMissing: 'Required assessment invite data is missing.',
    saveFailure: (message: string) =>
      `Organization did not save. Please correct the following error(s) and save again: ${message}`,
    notPermittedToAddUser: 'You are not permitted to add user for this organization.',
    rememberUsers: 'Remember to save user changes.',
    rememberInvites: ' Remember to save invite(s).',
    noInvites: 'There are no invites.',
    benchmarkGenerated: 'Benchmark was generated.',
    benchmarkFailure: 'An error occurred generating the benchmark.',
    inviteResent: 'Invite was re-sent.',
    inviteResendFailure: 'An error occurred re-sending the invite.',
    businessAreaQuestion:
      'Which of the following best describes the organization or the products and/or services it provides?',
    consultingFirmQuestion: 'What Consulting Firm is working with this manufacturer?',
    roadmapStatusQuestion: 'What stage is this manufacturer in the SM Roadmap process?',
    referredByOtherOption: '--Other (please specify)--',
    referredByOtherLabel: "If 'Other', please specify",
    excludeFromBenchmark: 'Exclude manufacturer from benchmark',
    anonymizeResults: 'Anonymize Results',
    // Where docs/product.md asks for a message without quoting it.
    currentInvitesLocked:
      'Current state invites can only be edited while the roadmap status is Pre-Assessment or Current State.',
    futureInvitesLocked: 'Future state invites can only be edited while the roadmap status is Future State.',
    notReachable: 'You are not permitted to manage this organization.',
    userNotOfOrganization: 'A user does not belong to this organization.',
    inviteNotOfOrganization: 'An invite does not belong to this organization.',
    userNameTaken: (userName: string) => `The user name '${userName}' is already taken.`,
    inviteHasResult: 'An invite with a completed assessment cannot be deleted.',
    inviteExclusionAdminOnly:
      'Under Anonymize Results only an administrator can change Exclude From Report of an invite.',
    duplicateInvite: 'A user already has an active invite for this assessment.',
  },
  reports: {
    downloadFailure: 'An error occurred downloading the report. Please contact the system administrator.',
  },
  assessment: {
    // Texts docs/product.md#screens, docs/product.md#rules-validation and docs/product.md#messages quote for taking assessments and the dashboard tiles.
    retrieveFailure: 'An error occurred retrieving these items.',
    submitFailure: 'An error occurred submitting this assessment.',
    inviteLoadFailure:
      'An error occurred loading your assessment invite. Please contact system administrator.',
    resultsLoadFailure:
      'An error occurred loading your assessment results. Please contact system administrator.',
    noAssessments: (mode: string) => `You have no ${mode} assessments at this time.`,
    noCompleted: 'You have no completed assessments at this time.',
    resultRetrieveFailure:
      'An error occurred retrieving the assessment result. Please contact the system administrator.',
    pageNotFound: 'Assessment page cannot be found.',
    /** A view or retake link without ?id= when the person has no submitted response (docs/decisions.md#assessments-deep-links). */
    noResultToOpen: 'You have not submitted this assessment yet',
    confirmOverwrite:
      'You are about to overwrite your previous assessment response. This action cannot be undone. Are you sure?',
    validationBanner: 'Validation errors below. Please correct before proceeding.',
    introTitle: 'Before You Get Started',
    getStartedTitle: "Let's Get Started",
    thankYouTitle: 'Thank You',
    demographicsTitle: 'Demographics',
    modifySelections: 'Modify Your Selections',
    submit: 'Submit',
  },
  // docs/decisions.md#sign-in-passcodes: sign-in, passwords and passcodes.
  signIn: {
    passwordContextual:
      "Password must not contain the product's name, your organization's name, your user name, your name or your e-mail address.",
    passcodeAwaitsApproval:
      'This person signed up and awaits approval: send them the invite first; a one time passcode can be issued once it is sent.',
    oldPasswordRequired: 'The current password is required to change it.',
  },
  /** Per-user limits on writes (docs/decisions.md#http-write-limits, server/http/writeLimits.ts). */
  limits: {
    submissions:
      'You have submitted several assessments in the last few minutes. Please wait a few minutes and try again.',
    mailActions:
      'Many e-mails were sent from your account just now. Please wait a few minutes and try again.',
    sameInvite:
      'This invite has already been e-mailed several times in the last hour. Please wait before sending it again.',
  },
} as const;
