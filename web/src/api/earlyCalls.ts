import type { GroupCode } from '@domain/codes';

/**
 * Calls the route preload script (web/build/routePreload.ts) sends for a page before the app has even
 * been downloaded, so that the page's data is on its way with its code instead of after it: on a slow
 * phone the assessment's criteria were asked for only once 140 KB of code had arrived and run, and its
 * first paragraph (the page's largest paint) waited for them (docs/decisions.md#web-early-calls).
 *
 * A module of its own, without imports, so the build reads it without loading the client.
 */

/** Where the script leaves its calls for the client: `window[EARLY_CALLS_GLOBAL][key]`. */
export const EARLY_CALLS_GLOBAL = '__smrEarlyCalls';

/**
 * How long after it was sent an early call may stand in for the app's own: the time a slow phone takes
 * to download and start the app. Later, the app asks again, so no answer is older than this.
 */
export const EARLY_CALL_MAX_AGE_MS = 10_000;

/**
 * One call the script sends: POST /api/{api} with the body `{ [field]: the path's first group }`, or
 * with `body` as it is; GET /api/{api} (no body) when neither is given.
 */
export type EarlyCall = { api: string; field?: string; body?: Record<string, unknown> };

/** A page whose data the script asks for, when a ticket is stored. */
export type EarlyCallRoute = {
  /** A regular expression the path name must match; its first group is the value a `field` sends. */
  path: string;
  /** Only for these roles (the stored ticket's user.role), when the page's calls depend on it. */
  roles?: GroupCode[];
  calls: EarlyCall[];
};

/**
 * The key both sides file a call under: the method, the API path and the JSON body, as sent (empty
 * for a GET).
 */
export const earlyCallKey = (api: string, body: string) => `${body ? 'POST' : 'GET'} ${api} ${body}`;

/** What the script files for each call. */
export type EarlyCallEntry = {
  /** The bearer token it was sent with: another user's (or a refreshed) session does not use it. */
  token: string;
  /** performance.now() when it was sent. */
  sentAt: number;
  response: Promise<Response>;
};

/**
 * The pages of docs/product.md#screens whose first paint waits on data, and the calls they make first:
 * taking an assessment (/assessment/{code}[/{section}]; retake, view and results are other pages) asks
 * for its criteria (attemptCriteriaQuery) and the saved draft (myDraftQuery); a manufacturer champion's
 * dashboard shows its tiles once their queries have answered (web/src/features/dashboard/tilesByRole.ts:
 * dashboardFiguresQuery, myOrganizationReportsQuery, pendingInvitesQuery, completedAssessmentsQuery).
 * A body here must be the one its query sends, key for key in the same order, or the call is wasted.
 */
export const earlyCallRoutes: EarlyCallRoute[] = [
  {
    path: '^/assessment/(?!(?:retake|view|results)(?:/|$))([^/]+)(?:/[^/]+)?/?$',
    calls: [
      { api: 'assessment/bycode', field: 'query' },
      { api: 'assessmentdraft/mine', field: 'code' },
    ],
  },
  {
    path: '^/$',
    roles: ['manufacturer-champion'],
    calls: [
      { api: 'dashboard' },
      { api: 'admin/organization/mine' },
      { api: 'admin/assessmentInvite/search/byorg/mine', body: { query: '', skip: 0, take: 9999 } },
      { api: 'assessment/invites/pending/mine', body: { query: '', skip: 0, take: 99 } },
      { api: 'assessment/completed/mine', body: { skip: 0, take: 99 } },
    ],
  },
];

/**
 * The answer of the early call the app is about to make itself, if the script sent it for the same
 * session less than EARLY_CALL_MAX_AGE_MS ago; each is taken once, so every later call goes out anew.
 */
export function takeEarlyCall(api: string, body: string, token: string): Promise<Response> | null {
  const filed = (globalThis as Record<string, unknown>)[EARLY_CALLS_GLOBAL] as
    | Record<string, EarlyCallEntry | undefined>
    | undefined;
  const key = earlyCallKey(api, body);
  const entry = filed?.[key];
  if (!filed || !entry) return null;
  delete filed[key];
  if (entry.token !== token || performance.now() - entry.sentAt > EARLY_CALL_MAX_AGE_MS) return null;
  return entry.response;
}
