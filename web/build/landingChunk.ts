// The code the two signed-in landing pages (the dashboard, an assessment) share, in one chunk. Left to
// automatic splitting, the assessment's first visit fetched 15 chunks of 0.6-3.8 KB (Alert, Modal,
// ConfirmDialog and their helpers, the API modules, the step rules) and the dashboard 11 (its own five,
// then the top bar's user menu with Dropdown and its helpers): over HTTP/1.1 each waits for one of six
// connections, so a slow phone network spent three or four round trips on them before the page could
// draw (docs/decisions.md#web-landing-chunk). Every signed-in visit starts on one of these pages, so the
// chunk is in the cache for the pages that follow; the dashboard downloads the alert's and the modal's
// code a little before it needs it, the assessment the download button's.

/** Path fragments (with `/` for either separator) of the modules the chunk starts from; their dependencies come along. */
const landingModules = [
  // The dashboard's and the take page's API calls and what they show with.
  'web/src/api/assessments.ts',
  'web/src/api/reports.ts',
  'web/src/api/download.ts',
  'web/src/components/DownloadButton.tsx',
  'node_modules/date-fns/format.js',
  // The assessment's steps and the rules its page reads.
  'web/src/features/assessment/flow.ts',
  'web/src/features/assessment/take/AssessmentNotFound.tsx',
  'web/src/features/assessment/take/draftApi.ts',
  'web/src/features/assessment/video/VideoEmbed.tsx',
  'domain/rules/content.ts',
  'domain/rules/email.ts',
  // The take page's alerts and confirmation dialog. (The top bar's user menu and its Dropdown, 12 KB,
  // stay a chunk of their own: nothing waits for them to draw.)
  'web/src/components/ConfirmDialog.tsx',
  'node_modules/react-bootstrap/esm/Alert.js',
  'node_modules/react-bootstrap/esm/Modal.js',
];

/** Whether a module id is one of landingModules. */
export function isLandingModule(id: string): boolean {
  const normalized = id.replaceAll('\\', '/');
  return landingModules.some((fragment) => normalized.endsWith(fragment));
}
