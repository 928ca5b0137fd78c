import type { Db } from '../db/database.js';
import { organizationsRepository } from '../repositories/organizations.js';
import { audited } from './audited.js';

/** A consulting firm is deactivated, not removed: its consultants and their manufacturers keep their rows. */
export function deactivateOrganization(db: Db, actorId: number, organizationId: number): Promise<void> {
  return audited(db, async (trx, audit) => {
    await organizationsRepository.deactivate(trx, organizationId, actorId);
    await audit({ actor: actorId, action: 'deactivate', entity: 'organization', entityId: organizationId });
  });
}
