import type { Role } from '@domain/rules/roles';
import { myActionsQuery } from '@web/api/actions';
import { completedAssessmentsQuery, latestResultQuery, pendingInvitesQuery } from '@web/api/assessments';
import { myOrganizationReportsQuery } from '@web/api/reports';
import type { ComponentType } from 'react';
import { dashboardFiguresQuery } from './dashboardApi';
import { CompletedAssessmentsTile, LatestResultTile, PendingAssessmentsTile } from './tiles/assessmentTiles';
import { FiguresTile } from './tiles/FiguresTile';
import {
  ConsultingFirmsTile,
  ManufacturersTile,
  MyFirmTile,
  ShareLinksTile,
  TrialAssessmentTile,
  VisitorsTile,
} from './tiles/linkTiles';
import { MailQueueTile, mailQueueQuery } from './tiles/MailQueueTile';
import { ManageRoadmapTile } from './tiles/ManageRoadmapTile';
import { MyActionsTile } from './tiles/MyActionsTile';

export type DashboardTile = {
  id: string;
  Tile: ComponentType;
  /** The queries the tile starts with; the dashboard shows its tiles once they have answered. */
  loads?: readonly object[];
};

// The role's figures, each linking to the list it counts (docs/decisions.md#dashboard-figures); first, full width.
const figures = { id: 'figures', Tile: FiguresTile, loads: [dashboardFiguresQuery] };
const consultingFirms = { id: 'consulting-firms', Tile: ConsultingFirmsTile };
const manufacturers = { id: 'manufacturers', Tile: ManufacturersTile };
const visitors = { id: 'visitors', Tile: VisitorsTile };
const trialAssessment = { id: 'trial-assessment', Tile: TrialAssessmentTile };
const myFirm = { id: 'my-firm', Tile: MyFirmTile };
const manageRoadmap = { id: 'manage-roadmap', Tile: ManageRoadmapTile, loads: [myOrganizationReportsQuery] };
const pendingAssessments = {
  id: 'pending-assessments',
  Tile: PendingAssessmentsTile,
  loads: [pendingInvitesQuery],
};
const completedAssessments = {
  id: 'completed-assessments',
  Tile: CompletedAssessmentsTile,
  loads: [completedAssessmentsQuery],
};
// The open actions a manufacturer's people own (docs/decisions.md#insights-actions), after what they are asked to answer.
const myActions = { id: 'my-actions', Tile: MyActionsTile, loads: [myActionsQuery] };
// E-mail waiting in the queue, given up, and the last error (docs/decisions.md#mail-queue): the administrators' to watch.
const mailQueue = { id: 'mail-queue', Tile: MailQueueTile, loads: [mailQueueQuery] };
// Every shared roadmap link (docs/product.md#insights-share-links): reached from here, the admin menu stays as docs/product.md has it.
const shareLinks = { id: 'share-links', Tile: ShareLinksTile };
// Its scores follow the result; the tile is last on every dashboard, so nothing moves below it.
const latestResult = { id: 'latest-result', Tile: LatestResultTile, loads: [latestResultQuery] };

/**
 * The home dashboard of each role (docs/product.md#screens), in display order. A tile is any component;
 * adding one (e.g. the latest completed result) is writing it and listing it here.
 */
export const tilesByRole: Record<Role, readonly DashboardTile[]> = {
  admin: [
    figures,
    consultingFirms,
    manufacturers,
    visitors,
    trialAssessment,
    mailQueue,
    shareLinks,
    latestResult,
  ],
  consultant: [figures, manufacturers, myFirm, trialAssessment, latestResult],
  'manufacturer-champion': [
    figures,
    manageRoadmap,
    trialAssessment,
    pendingAssessments,
    myActions,
    completedAssessments,
  ],
  manufacturer: [pendingAssessments, myActions, completedAssessments],
  visitor: [trialAssessment, latestResult],
};
