import { paths } from '../../../app/paths';
import { LinkIcon } from '../../../components/icons/icons';
import { LinkTile } from './LinkTile';

/** The admins' way to every shared roadmap link (issue 17); the admin menu stays as SPEC.md has it. */
export const ShareLinksTile = () => (
  <LinkTile
    icon={<LinkIcon />}
    title="Shared Links"
    description="See every shared roadmap link, which are still active, and revoke any of them."
    to={paths.shareLinks}
    action="View Shared Links"
  />
);
