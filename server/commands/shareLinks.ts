import type { Db } from '../db/database.js';
import { shareLinksRepository, shareTokenHash } from '../repositories/shareLinks.js';
import { audited } from './audited.js';

/** Shared roadmap links: made and revoked with an audit record; the token itself is never stored. */
export const shareLinks = {
  create(
    db: Db,
    actorId: number,
    link: { organizationId: number; token: string; createdAt: string; expiresAt: string },
  ): Promise<number> {
    return audited(db, async (trx, audit) => {
      const id = await shareLinksRepository.insert(trx, {
        organizationId: link.organizationId,
        tokenHash: shareTokenHash(link.token),
        createdAt: link.createdAt,
        expiresAt: link.expiresAt,
        createdBy: actorId,
      });
      await audit({
        actor: actorId,
        action: 'create',
        entity: 'share-link',
        entityId: id,
        details: { organizationId: link.organizationId, expiresOn: link.expiresAt },
      });
      return id;
    });
  },

  /** False when the link was already revoked: nothing changes and nothing is recorded. */
  revoke(db: Db, actorId: number, link: { id: number; organizationId: number }): Promise<boolean> {
    return audited(db, async (trx, audit) => {
      if (!(await shareLinksRepository.revoke(trx, link.id, new Date().toISOString()))) return false;
      await audit({
        actor: actorId,
        action: 'revoke',
        entity: 'share-link',
        entityId: link.id,
        details: { organizationId: link.organizationId },
      });
      return true;
    });
  },
};
