import { AssessmentType, UserStatus } from '../../domain/codes.js';
import { dashboardFigureRoles } from '../../domain/policies/dashboard.js';
import { attentionCutoffs, portfolioReachOf } from '../../domain/rules/portfolio.js';
import { type DashboardView, dashboardViewSchema } from '../../domain/schemas/dashboardView.js';
import { type Actor, actorOf } from '../auth/guard.js';
import type { Executor } from '../db/database.js';
import { forbidden } from '../http/envelope.js';
import type { ZodApp } from '../http/types.js';
import { presentAttention, presentChampionDashboard } from '../presenters/dashboard.js';
import { assessmentInvitesRepository } from '../repositories/assessmentInvites.js';
import { failedMailRepository } from '../repositories/failedMail.js';
import { inviteSearchRepository } from '../repositories/inviteSearch.js';
import { organizationDetails } from '../repositories/organizationDetails.js';
import { portfolioRepository } from '../repositories/portfolio.js';
import { userSearchRepository } from '../repositories/userSearch.js';
import type { Deps } from './deps.js';

/** How many manufacturers needing attention the dashboard names (the figure links to all of them). */
const ATTENTION_LISTED = 5;

/**
 * The manufacturers in the caller's portfolio that need attention, the idlest first: the portfolio's
 * own search with its needs-attention filter, so the figure is the count the filtered list shows.
 */
async function attentionOf(db: Executor, actor: Actor) {
  const reach = portfolioReachOf(actor);
  if (!reach) throw forbidden();
  const cutoffs = attentionCutoffs(new Date());
  const page = await portfolioRepository.search(
    db,
    { ...reach, needsAttention: true },
    { take: ATTENTION_LISTED, sort: { column: 'lastActivityOn', direction: 'asc' } },
    cutoffs,
  );
  return presentAttention(page, cutoffs);
}

async function adminFigures(db: Executor, actor: Actor): Promise<DashboardView> {
  const [pendingSignUps, current, future, needingAttention, mailFailures] = await Promise.all([
    // The user list /admin/user/list/pending, which hides the caller as every user list does.
    userSearchRepository.count(db, { status: UserStatus.Pending, exceptUserId: actor.userId }),
    inviteSearchRepository.count(db, { assessmentType: AssessmentType.CurrentState, isComplete: false }),
    inviteSearchRepository.count(db, { assessmentType: AssessmentType.FutureState, isComplete: false }),
    attentionOf(db, actor),
    // The list /admin/mail/failed counts the same rows.
    failedMailRepository.count(db),
  ]);
  return {
    role: 'admin',
    pendingSignUps,
    openInvites: { current, future },
    needingAttention,
    mailFailures,
  };
}

async function consultantFigures(db: Executor, actor: Actor): Promise<DashboardView> {
  const reach = portfolioReachOf(actor);
  if (!reach) throw forbidden();
  const [totals, needingAttention] = await Promise.all([
    portfolioRepository.totals(db, reach),
    attentionOf(db, actor),
  ]);
  return {
    role: 'consultant',
    clients: totals.manufacturers,
    needingAttention,
    invites: { total: totals.sent, completed: totals.completed },
  };
}

/** A champion's own organization only: the one they belong to. */
async function championFigures(db: Executor, actor: Actor): Promise<DashboardView> {
  const organizationId = actor.organizationId;
  if (organizationId === null)
    return presentChampionDashboard(null, null, {
      current: { total: 0, completed: 0 },
      future: { total: 0, completed: 0 },
    });
  const [org, invites] = await Promise.all([
    organizationDetails.findById(db, organizationId),
    assessmentInvitesRepository.completionOf(db, organizationId),
  ]);
  const roadmap = org?.roadmapId ? { code: org.roadmapStatusCode, name: org.roadmapStatusName } : null;
  return presentChampionDashboard(organizationId, roadmap, invites);
}

/** The home page's figures by role (docs/decisions.md#dashboard-figures): read-only. */
export function dashboardRoutes(app: ZodApp, { db }: Deps): void {
  app.get(
    '/dashboard',
    {
      config: { access: dashboardFigureRoles },
      schema: {
        summary: "The figures of the caller's home page",
        description:
          "By the caller's role (role tells which). Admin: pendingSignUps (the pending user list's count), openInvites { current, future } (active invites without a result: the invite list's Pending views), needingAttention { count, manufacturers: the 5 idlest with their reasons } (the portfolio with needsAttention), mailFailures (e-mail given up). Consultant: clients, needingAttention and invites { total, completed } over the firm's clients only, as the portfolio counts them. Champion: their own organization's roadmapStatus { code, name } | null, invites { current, future } each { total, completed } as the invite tabs list them, and nextStep (a code). No figure names a person. Manufacturers and visitors 403.",
        tags: ['dashboard'],
        response: { 200: dashboardViewSchema },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      switch (actor.role) {
        case 'admin':
          return adminFigures(db, actor);
        case 'consultant':
          return consultantFigures(db, actor);
        case 'manufacturer-champion':
          return championFigures(db, actor);
        default:
          throw forbidden();
      }
    },
  );
}
