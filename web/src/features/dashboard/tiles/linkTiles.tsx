import {
  BriefcaseIcon,
  BuildingIcon,
  ClipboardCheckIcon,
  FactoryIcon,
  LinkIcon,
  UsersIcon,
} from '@web/components/icons/icons';
import { paths } from '@web/lib/paths';
import { LinkTile } from './LinkTile';

// The navigation tiles of docs/product.md#screens-dashboard. Data tiles (pending and
// completed assessments, latest result, the champion's Manage Roadmap with its reports) are separate
// components in this folder.

export const ConsultingFirmsTile = () => (
  <LinkTile
    icon={<BuildingIcon />}
    title="Consulting Firms"
    description="Manage the consulting firms that coach manufacturers through the roadmap."
    to={paths.consultingFirms}
    action="View Consulting Firms"
  />
);

export const ManufacturersTile = () => (
  <LinkTile
    icon={<FactoryIcon />}
    title="Manufacturers"
    description="Follow manufacturers, their roadmap status and their assessment invites."
    to={paths.manufacturers}
    action="View Manufacturers"
  />
);

export const VisitorsTile = () => (
  <LinkTile
    icon={<UsersIcon />}
    title="Visitors"
    description="Review visitor sign-ups, approve them and convert them into users."
    to={paths.visitors}
    action="View Visitors"
  />
);

export const TrialAssessmentTile = () => (
  <LinkTile
    icon={<ClipboardCheckIcon />}
    title="Trial Assessment"
    description="Take the assessment for a trial run and see what the questions cover."
    to={paths.trialAssessment}
    action="Start Trial Assessment"
  />
);

export const MyFirmTile = () => (
  <LinkTile
    icon={<BriefcaseIcon />}
    title="My Firm"
    description="Keep your consulting firm's details and consultants up to date."
    to={paths.myOrganization}
    action="Manage My Firm"
  />
);

/** The admins' way to every shared roadmap link (docs/product.md#insights-share-links); the admin menu stays as docs/product.md has it. */
export const ShareLinksTile = () => (
  <LinkTile
    icon={<LinkIcon />}
    title="Shared Links"
    description="See every shared roadmap link, which are still active, and revoke any of them."
    to={paths.shareLinks}
    action="View Shared Links"
  />
);
