import type { Access } from '../../domain/policies/access.js';
import { actionsRows } from './authorizationRows/actions.js';
import { draftsRows } from './authorizationRows/drafts.js';
import { executiveReportRows } from './authorizationRows/executiveReport.js';
import { organizationOverviewRows } from './authorizationRows/organizationOverview.js';
import { peersRows } from './authorizationRows/peers.js';
import { portfolioRows } from './authorizationRows/portfolio.js';
import { progressRows } from './authorizationRows/progress.js';
import { remindersRows } from './authorizationRows/reminders.js';
import { roleAlignmentRows } from './authorizationRows/roleAlignment.js';
import {
  type ActorName,
  actors,
  type Expected,
  type Outcome,
  page,
  type Row,
} from './authorizationRows/row.js';
import { shareLinksRows } from './authorizationRows/shareLinks.js';

// The matrix test reads the row types with the table.
export { type ActorName, actors, type Fixtures, type Outcome } from './authorizationRows/row.js';

const signedOut = { anonymous: 401, deactivated: 401, suspended: 401 } as const;

/** The outcome the declared access alone gives (the guard), before any ownership check. */
export function defaultExpected(access: Access): Expected {
  const all = (o: Outcome) => Object.fromEntries(actors.map((a) => [a, o])) as Expected;
  if (access === 'public') return all('allowed');
  if (access === 'authenticated') return { ...all('allowed'), ...signedOut };
  const roleOf: Record<ActorName, string | undefined> = {
    anonymous: undefined,
    admin: 'admin',
    consultantOwn: 'consultant',
    consultantOther: 'consultant',
    championOwn: 'manufacturer-champion',
    championOther: 'manufacturer-champion',
    manufacturer: 'manufacturer',
    visitor: 'visitor',
    deactivated: undefined,
    suspended: undefined,
  };
  const expected = all(403);
  for (const a of actors) if (roleOf[a] && access.includes(roleOf[a] as never)) expected[a] = 'allowed';
  return { ...expected, ...signedOut };
}

/**
 * Every route the server registers, by "METHOD url". A row without `expect` entries uses the default
 * of its declared access; entries override cells where ownership or state decides.
 */
const P = 'N3w!Passw0rd-matrix';
export const reached = (...names: ActorName[]) =>
  Object.fromEntries(names.map((n) => [n, 'reached'])) as Partial<Expected>;
export const signedIn: ActorName[] = [
  'admin',
  'consultantOwn',
  'consultantOther',
  'championOwn',
  'championOther',
  'manufacturer',
  'visitor',
];

/**
 * Every route the server registers, by "METHOD url" (a HEAD route uses its GET row). `expect` entries
 * override the default of the declared access (defaultExpected) where ownership or state decides.
 * Ownership cells: Own = the consultant of the target's firm or the champion of the target
 * manufacturer; Other = the same role elsewhere; manufacturer = a plain member of the target.
 */
export const table: Record<string, Row> = {
  // --- public: open to all, a stale token (deactivated, suspended) does not stop them
  'GET /api/health': { expect: {} },
  'POST /api/system/log/public': { body: () => ({ message: 'matrix' }), expect: {} },
  'POST /api/auth/login': { body: () => ({ userName: 'nobody-matrix', password: 'wrong' }), expect: {} },
  'POST /api/auth/signup': { expect: reached('anonymous', 'deactivated', 'suspended', ...signedIn) },
  'POST /api/auth/register': {
    body: () => ({ token: 'not-a-token', userName: 'nobody', password: P, confirmPassword: P }),
    expect: {},
  },
  'POST /api/auth/forgotpassword': {
    body: () => ({ userName: 'nobody-matrix', email: 'nobody@example.com' }),
    expect: {},
  },
  'POST /api/auth/forgotUsername': { body: () => ({ email: 'nobody@example.com' }), expect: {} },
  'POST /api/auth/confirmemail': { body: () => ({ token: 'not-a-token' }), expect: {} },
  'POST /api/auth/register/check': { body: () => ({ token: 'not-a-token' }), expect: {} },
  'POST /api/auth/resetpassword/init': { body: () => ({ token: 'not-a-token' }), expect: {} },
  'POST /api/auth/resetpassword': {
    body: () => ({ token: 'not-a-token', password: P, confirmPassword: P }),
    expect: {},
  },
  'GET /api/organization/consultingfirms': { expect: {} },
  'GET /api/admin/lookup/getall': { expect: {} },
  'GET /api/docs': { expect: {} },
  'GET /api/ready': { expect: {} },
  'GET /api/admin/mail/queue': { expect: {} },
  'GET /api/dashboard': { expect: {} },
  'POST /api/admin/mail/failed/search': { body: page, expect: {} },
  // Its own token (METRICS_TOKEN), never a user's: the matrix app has none set, so it is off for all (404),
  // as an unknown call; server/http/metrics.test.ts checks the 401 of every token but the right one.
  'GET /api/metrics': {
    expect: Object.fromEntries(actors.map((a) => [a, 404])) as Partial<Expected>,
  },

  // --- any signed-in user, about themselves
  'POST /api/system/log/private': { body: () => ({ message: 'matrix' }), expect: {} },
  'POST /api/auth/logout': { endsSession: true, expect: {} },
  'POST /api/auth/checkToken': { expect: {} },
  'GET /api/auth/profile': { expect: {} },
  // Only for a user who must change their password (a one-time passcode); nobody here must.
  'POST /api/auth/changepassword/onetime': {
    endsSession: true,
    body: () => ({ newPassword: P, confirmPassword: P }),
    expect: Object.fromEntries(signedIn.map((a) => [a, 403])),
  },
  'POST /api/auth/changepassword': {
    endsSession: true,
    body: () => ({ oldPassword: 'not-the-password', newPassword: P, confirmPassword: P }),
    expect: {},
  },
  // The profile form's rules depend on the caller's own group; reaching it is what matters here.
  'POST /api/auth/profile/update': { expect: reached(...signedIn) },
  // The trial is for everyone but a manufacturer's staff (domain/policies/assessments.ts).
  'POST /api/assessment/bycode': { body: () => ({ query: 'trial' }), expect: { manufacturer: 403 } },
  'POST /api/assessment/invites/pending/mine': { body: page, expect: {} },
  'POST /api/assessment/completed/mine': { body: page, expect: {} },
  'POST /api/assessmentresult/completed/mine': { body: page, expect: {} },
  'POST /api/organization/getstarted/mine': { expect: {} },

  // --- results: the person, admins, their champion, their firm's consultants
  'POST /api/assessmentresult/getbyid/retake': {
    body: (fx) => ({ id: fx.targetResult }),
    expect: { consultantOther: 403, championOther: 403, manufacturer: 403, visitor: 403 },
  },
  'POST /api/assessmentresult/byuser': {
    body: (fx) => ({ id: fx.targetResultOwner }),
    expect: { consultantOther: 403, championOther: 403, manufacturer: 403, visitor: 403 },
  },
  'POST /api/assessmentresult/scores/byid': {
    body: (fx) => ({ id: fx.targetResult }),
    expect: { consultantOther: 403, championOther: 403, manufacturer: 403, visitor: 403 },
  },
  'POST /api/assessmentresult/report/byid/download': {
    body: (fx) => ({ id: fx.targetResult }),
    expect: { consultantOther: 403, championOther: 403, manufacturer: 403, visitor: 403 },
  },
  // Submitting answers: the body is the caller's own criteria; reaching the check is what matters.
  'POST /api/assessmentresult/add': { expect: reached(...signedIn) },
  'POST /api/assessmentresult/overwrite': { expect: reached(...signedIn) },
  'POST /api/assessmentresult/report/byorg/download': {
    body: (fx) => ({ id: fx.targetOrg, assessmentType: 1 }),
    expect: { consultantOther: 403, championOther: 403 },
  },

  // --- organizations
  'POST /api/organization/getstarted/update': {
    expect: reached('admin', 'consultantOwn', 'consultantOther', 'championOwn', 'championOther', 'visitor'),
  },
  // Consultants list manufacturers only (their own); other types are the institute's.
  'POST /api/admin/organization/search': { body: () => ({ type: 3, ...page() }), expect: {} },
  'POST /api/admin/organization/search/bytype': { body: () => ({ type: 3, ...page() }), expect: {} },
  'POST /api/admin/organization/getbyid': {
    body: (fx) => ({ id: fx.targetOrg }),
    expect: { consultantOther: 403, championOther: 403 },
  },
  'GET /api/admin/organization/mine': { expect: {} },
  'GET /api/admin/organization/all': { expect: {} },
  'POST /api/admin/organization/copy': {
    body: (fx) => ({ id: fx.targetOrg }),
    expect: { consultantOther: 403 },
  },
  'POST /api/admin/organization/init': { body: () => ({ type: { enumValue: 3 } }), expect: {} },
  'POST /api/admin/organization/add': {
    body: (fx) => fx.newMakerSave(),
    expect: {},
  },
  'POST /api/admin/organization/update': {
    body: async (fx, actor) =>
      actor === 'admin' || actor === 'consultantOwn' ? fx.throwawayMakerSave() : fx.targetOrgSave,
    expect: { consultantOther: 403, championOther: 403 },
  },
  'POST /api/admin/organization/delete': {
    body: async (fx, actor) => ({ id: actor === 'admin' ? await fx.throwawayFirm() : fx.targetFirm }),
    expect: {},
  },
  'POST /api/admin/user/search/byorg': {
    body: (fx) => ({ organizationId: fx.targetOrg, ...page() }),
    expect: { consultantOther: 403, championOther: 403 },
  },
  // A consultant does not handle the users of their own firm (domain/rules/organizations.ts).
  'POST /api/admin/user/search/byorg/mine': {
    body: page,
    expect: { consultantOwn: 403, consultantOther: 403 },
  },
  'POST /api/admin/assessmentInvite/search/byorg': {
    body: (fx) => ({ organizationId: fx.targetOrg, ...page() }),
    expect: { consultantOther: 403, championOther: 403 },
  },
  'POST /api/admin/assessmentInvite/search/byorg/mine': { body: page, expect: {} },
  // On the answered invite: the allowed callers get a refusal envelope, nothing changes.
  'POST /api/admin/assessmentinvite/sendinvite': {
    body: (fx) => ({ invite: { id: fx.targetInvite } }),
    expect: { consultantOther: 403, championOther: 403 },
  },
  'POST /api/admin/assessmentinvite/delete': {
    body: (fx) => ({ id: fx.targetInvite }),
    expect: { consultantOther: 403, championOther: 403 },
  },
  'POST /api/admin/benchmark/generate/byorg': { body: (fx) => ({ id: fx.targetOrg }), expect: {} },
  'GET /api/admin/benchmark/download': { expect: {} },

  // --- users
  'POST /api/admin/user/resendinvite': { body: (fx) => ({ user: { id: fx.targetUser } }), expect: {} },
  'POST /api/admin/user/search': { body: page, expect: {} },
  'POST /api/admin/user/search/:status': { body: page, expect: {} },
  'POST /api/admin/user/search/bygroup': { body: () => ({ userGroup: 4, ...page() }), expect: {} },
  'POST /api/admin/user/search/inactive': { body: page, expect: {} },
  'POST /api/admin/user/search/suspended': { body: page, expect: {} },
  'POST /api/admin/user/consultant/expiredcertification': { body: page, expect: {} },
  'POST /api/admin/user/getbyid': {
    body: (fx) => ({ id: fx.targetUser }),
    expect: { consultantOther: 403 },
  },
  'POST /api/admin/user/copy': { body: (fx) => ({ id: fx.targetUser }), expect: { consultantOther: 403 } },
  'POST /api/admin/user/init': { expect: {} },
  'POST /api/admin/user/visitor/add': { expect: reached('admin', 'consultantOwn', 'consultantOther') },
  'POST /api/admin/user/visitor/update': {
    body: (fx) => fx.targetUserForm,
    expect: { consultantOther: 403 },
  },
  'POST /api/admin/user/download/all': { expect: {} },
  'POST /api/admin/user/download/bygroup': { body: () => ({ userGroup: 4 }), expect: {} },
  'POST /api/admin/user/download/inactive': { expect: {} },
  'POST /api/admin/user/download/suspended': { expect: {} },
  'POST /api/admin/user/download/consultant/expiredcertification': { expect: {} },
  'POST /api/admin/assessmentinvite/search': { body: page, expect: {} },
  'POST /api/admin/assessmentinvite/download': { expect: {} },
  'POST /api/admin/user/visitor/delete': {
    body: async (fx, actor) => ({ id: actor === 'admin' ? await fx.throwawayVisitor() : fx.targetVisitor }),
    expect: {},
  },
  'POST /api/admin/user/visitor/convert': {
    body: async (fx, actor) => ({
      id: actor === 'admin' ? await fx.throwawayVisitor() : fx.targetVisitor,
      organization: { id: fx.targetFirm },
    }),
    expect: {},
  },
  'POST /api/admin/user/onetimepasscode': { body: (fx) => ({ user: { id: fx.targetUser } }), expect: {} },

  // --- content: the institute's only (deletes name a missing row: past the gate, nothing changes)
  'POST /api/admin/lookup/search': { body: page, expect: {} },
  'POST /api/admin/lookup/getbyid': { body: (fx) => ({ id: fx.lookupId }), expect: {} },
  'POST /api/admin/lookup/copy': { body: (fx) => ({ id: fx.lookupId }), expect: {} },
  'POST /api/admin/lookup/init': { expect: {} },
  'POST /api/admin/lookup/types/all': { expect: {} },
  'POST /api/admin/lookup/add': { expect: reached('admin') },
  'POST /api/admin/lookup/update': { expect: reached('admin') },
  'POST /api/admin/lookup/delete': { body: () => ({ id: 999_999 }), expect: { admin: 404 } },
  'POST /api/admin/section/search': { body: page, expect: {} },
  'POST /api/admin/section/getbyid': { body: (fx) => ({ id: fx.sectionId }), expect: {} },
  'POST /api/admin/section/copy': { body: (fx) => ({ id: fx.sectionId }), expect: {} },
  'POST /api/admin/section/init': { expect: {} },
  'POST /api/admin/section/add': { expect: reached('admin') },
  'POST /api/admin/section/update': { expect: reached('admin') },
  'POST /api/admin/section/delete': { body: () => ({ id: 999_999 }), expect: { admin: 404 } },
  'POST /api/admin/question/search': { body: page, expect: {} },
  'POST /api/admin/question/getbyid': { body: (fx) => ({ id: fx.questionId }), expect: {} },
  'POST /api/admin/question/copy': { body: (fx) => ({ id: fx.questionId }), expect: {} },
  'POST /api/admin/question/init': { expect: {} },
  'POST /api/admin/question/sections/all': { expect: {} },
  'POST /api/admin/question/add': { expect: reached('admin') },
  'POST /api/admin/question/update': { expect: reached('admin') },
  'POST /api/admin/question/delete': { body: () => ({ id: 999_999 }), expect: { admin: 404 } },

  // Being added alongside (docs/decisions.md#audit-trail, audit trail): admins only, as declared.
  'POST /api/admin/audit/search': { body: page, expect: {} },

  // --- beyond the original tool (docs/product.md#insights-alignment): one file per feature
  ...roleAlignmentRows,
  ...progressRows,
  ...organizationOverviewRows,
  ...portfolioRows,
  ...draftsRows,
  ...peersRows,
  ...shareLinksRows,
  ...actionsRows,
  ...remindersRows,
  ...executiveReportRows,
};
