import type { ZodApp } from '../http/types.js';
import { accountRoutes } from './account.js';
import { actionRoutes } from './actions.js';
import { assessmentRoutes } from './assessments.js';
import { auditRoutes } from './audit.js';
import { authRoutes } from './auth.js';
import { benchmarkRoutes } from './benchmarks.js';
import { lookupAdminRoutes } from './contentLookups.js';
import { dashboardRoutes } from './dashboard.js';
import type { Deps } from './deps.js';
import { draftRoutes } from './drafts.js';
import { failedMailRoutes } from './failedMail.js';
import { getStartedRoutes } from './getStarted.js';
import { inviteAdminRoutes } from './inviteAdmin.js';
import { lookupRoutes } from './lookups.js';
import { organizationMemberRoutes } from './organizationMembers.js';
import { organizationOverviewRoutes } from './organizationOverview.js';
import { organizationRoutes } from './organizations.js';
import { peerRoutes } from './peers.js';
import { portfolioRoutes } from './portfolio.js';
import { progressRoutes } from './progress.js';
import { questionRoutes } from './questions.js';
import { reminderRoutes } from './reminders.js';
import { reportRoutes } from './reports.js';
import { resultRoutes } from './results.js';
import { roleAlignmentRoutes } from './roleAlignment.js';
import { sectionRoutes } from './sections.js';
import { shareLinkRoutes } from './shareLinks.js';
import { systemRoutes } from './system.js';
import { userActionRoutes } from './userActions.js';
import { userDownloadRoutes } from './userDownloads.js';
import { userRoutes } from './users.js';

/** Every area of docs/product.md#calls, mounted under /api. */
export const routeAreas: ((app: ZodApp, deps: Deps) => void)[] = [
  systemRoutes,
  authRoutes,
  accountRoutes,
  lookupRoutes,
  lookupAdminRoutes,
  sectionRoutes,
  questionRoutes,
  assessmentRoutes,
  resultRoutes,
  getStartedRoutes,
  organizationRoutes,
  organizationMemberRoutes,
  organizationOverviewRoutes,
  reportRoutes,
  benchmarkRoutes,
  userRoutes,
  userDownloadRoutes,
  inviteAdminRoutes,
  userActionRoutes,
  auditRoutes,
  dashboardRoutes,
  failedMailRoutes,
  // Beyond the original tool (docs/product.md#insights): insight features.
  roleAlignmentRoutes,
  progressRoutes,
  portfolioRoutes,
  draftRoutes,
  peerRoutes,
  shareLinkRoutes,
  // Beyond the original tool: from gaps to a plan (docs/decisions.md#insights-actions).
  actionRoutes,
  reminderRoutes,
];
