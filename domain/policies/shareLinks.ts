import { canReachOrganization, type OrganizationActor, type OrganizationTarget } from './organizations.js';

export type ShareLinkAction = 'create' | 'list' | 'revoke';

/**
 * Who handles an organization's shared roadmap links (create, list, revoke): admins, the consultants
 * of the firm working with it and its champion, i.e. whoever reaches the organization, and no plain
 * member or visitor. Which organizations have a roadmap to share is domain/rules/shareLinks.ts.
 */
export function canHandleShareLinks(
  actor: OrganizationActor,
  org: OrganizationTarget,
  _action: ShareLinkAction,
): boolean {
  if (actor.role !== 'admin' && actor.role !== 'consultant' && actor.role !== 'manufacturer-champion')
    return false;
  return canReachOrganization(actor, org);
}

/** The list of every link of every organization is the institute's. */
export function canSearchAllShareLinks(actor: { role: OrganizationActor['role'] }): boolean {
  return actor.role === 'admin';
}
