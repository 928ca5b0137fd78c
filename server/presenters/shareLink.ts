import type { UserGroup } from '../../domain/codes.js';
import { namesLinkCreator } from '../../domain/policies/organizationInsights.js';
import type { UserActor } from '../../domain/policies/users.js';
import { linkCreatorRole } from '../../domain/rules/shareLinks.js';
import type { ShareLinkView } from '../../domain/schemas/shareLinks.js';

/** A link as the repository lists it, with its creator's columns (null when the creator is gone). */
export type ListedShareLink = {
  id: number;
  createdAt: string;
  expiresAt: string;
  revokedAt: string | null;
  creatorId: number | null;
  creatorName: string | null;
  creatorGroup: number | null;
  creatorOrganizationId: number | null;
  creatorOrganizationType: number | null;
  creatorFirmId: number | null;
};

/**
 * A link as the lists show it, never its token: its dates, whether it was revoked, and who made it,
 * by name only to a caller who may see that person (docs/decisions.md#share-link-creator).
 */
export function presentShareLink(
  link: ListedShareLink,
  actor: UserActor,
  manufacturer: { id: number; anonymizeResults: boolean },
): ShareLinkView {
  return {
    id: link.id,
    createdOn: link.createdAt,
    expiresOn: link.expiresAt,
    revoked: link.revokedAt !== null,
    createdBy: creatorText(link, actor, manufacturer),
  };
}

function creatorText(
  link: ListedShareLink,
  actor: UserActor,
  manufacturer: { id: number; anonymizeResults: boolean },
): string {
  if (link.creatorId === null || link.creatorGroup === null) return linkCreatorRole(null);
  const creator = {
    id: link.creatorId,
    group: link.creatorGroup,
    organization:
      link.creatorOrganizationId === null || link.creatorOrganizationType === null
        ? null
        : {
            id: link.creatorOrganizationId,
            type: link.creatorOrganizationType,
            consultingFirmId: link.creatorFirmId,
          },
  };
  return namesLinkCreator(actor, creator, manufacturer) && link.creatorName
    ? link.creatorName
    : linkCreatorRole(link.creatorGroup as UserGroup);
}
