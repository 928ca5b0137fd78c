import { UserStatus } from '../../domain/codes.js';
import { messages } from '../../domain/messages.js';
import { isNewRow } from '../../domain/rules/organizations.js';
import type { OrganizationUserInput } from '../../domain/schemas/organizationForm.js';
import type { Actor } from '../auth/guard.js';
import type { Executor } from '../db/database.js';
import { nowIso } from '../db/database.js';
import { forbidden } from '../http/envelope.js';
import { assessmentInvitesRepository } from '../repositories/assessmentInvites.js';
import { auditRepository } from '../repositories/audit.js';
import { usersRepository } from '../repositories/users.js';
import { emailChange } from './emailChange.js';
import { endAccess } from './endAccess.js';
import { SaveRefused } from './saveRefused.js';

type Options = {
  organizationId: number;
  organizationType: number;
  rows: OrganizationUserInput[];
  /** The organization-type rule of SPEC.md section 5; reach is already established. */
  mayHandleUsers: boolean;
  /** Filled with the users whose new e-mail address waits for confirmation (to mail after the commit). */
  heldEmails?: number[];
};

/**
 * Applies the Manage Users rows inside the organization's save: new rows become pending users of the
 * organization (they set a password from their invite mail), changed rows are updated, removed rows
 * are deactivated with their open invites, and their sessions and e-mailed links end at once. Rows sent unchanged are left alone, so a caller who may not
 * handle users can still save the rest of the form. Returns each new row's id mapped to the real one.
 */
export async function applyOrganizationUsers(trx: Executor, actor: Actor, options: Options) {
  const { organizationId, rows, mayHandleUsers } = options;
  const newIds = new Map<number, number>();
  const refuse = () => {
    throw forbidden(messages.organization.notPermittedToAddUser);
  };
  const claimed = new Set<string>();
  const claimUserName = async (userName: string, ownId: number | null) => {
    const key = userName.toLowerCase();
    const holder = await usersRepository.findByUserName(trx, userName);
    if (claimed.has(key) || (holder && holder.id !== ownId))
      throw new SaveRefused(messages.organization.userNameTaken(userName));
    claimed.add(key);
  };
  const now = nowIso();

  for (const row of rows) {
    const fields = {
      fullName: row.fullName,
      email: row.email || null,
      phoneNumber: row.phoneNumber,
      userGroup: row.group?.enumValue as number,
      functionalRoleId: row.functionalRole?.id ?? null,
      divisionId: row.division?.id ?? null,
      department: row.department,
      displayOrder: row.displayOrder ?? null,
    };
    if (isNewRow(row.id)) {
      if (!row.isActive) continue; // added and removed before saving
      if (!mayHandleUsers) refuse();
      await claimUserName(row.userName, null);
      const id = await usersRepository.insert(trx, {
        ...fields,
        userName: row.userName,
        organizationId,
        stateId: null,
        lastCertificationDate: null,
        certificateNumber: null,
        referredById: null,
        referredByOther: null,
        excludeFromReport: 0,
        additionalInfo: null,
        isActive: 1,
        isSuspended: 0,
        requireChangePassword: 0,
        lastLogin: null,
        approvalInviteDate: null,
        registrationComplete: null,
        status: UserStatus.Pending,
        passwordHash: null,
        tokenVersion: 0,
        createdBy: actor.userId,
        updatedBy: actor.userId,
      });
      newIds.set(row.id, id);
      await auditRepository.record(trx, {
        actorId: actor.userId,
        action: 'user-added',
        entity: 'user',
        entityId: id,
        details: { organizationId },
      });
      continue;
    }

    const saved = await usersRepository.findById(trx, row.id);
    if (!saved || saved.organizationId !== organizationId)
      throw forbidden(messages.organization.userNotOfOrganization);
    const changed =
      saved.fullName !== fields.fullName ||
      saved.userName !== row.userName ||
      (saved.email ?? null) !== fields.email ||
      (saved.phoneNumber ?? null) !== fields.phoneNumber ||
      saved.userGroup !== fields.userGroup ||
      saved.functionalRoleId !== fields.functionalRoleId ||
      saved.divisionId !== fields.divisionId ||
      (saved.department ?? null) !== fields.department ||
      (row.displayOrder != null && saved.displayOrder !== row.displayOrder) ||
      (saved.isActive === 1) !== row.isActive;
    if (!changed) continue;
    if (!mayHandleUsers) refuse();
    if (row.id === actor.userId && (!row.isActive || saved.userGroup !== fields.userGroup))
      throw new SaveRefused('You cannot remove yourself or change your own group.');
    if (saved.userName !== row.userName) await claimUserName(row.userName, row.id);
    // Someone else's new address waits for its confirmation (issue 13); the saved one stays meanwhile.
    const held = emailChange.isHeld(actor, row.id, saved.email, fields.email);
    if (held) {
      await emailChange.hold(trx, actor, row.id, fields.email as string);
      options.heldEmails?.push(row.id);
    }
    await trx
      .updateTable('users')
      .set({
        ...fields,
        email: held ? saved.email : fields.email,
        ...(held || (saved.email ?? null) === fields.email ? {} : { pendingEmail: null }),
        displayOrder: row.displayOrder ?? saved.displayOrder,
        userName: row.userName,
        userNameKey: row.userName.toLowerCase(),
        isActive: row.isActive ? 1 : 0,
        updatedAt: now,
        updatedBy: actor.userId,
      })
      .where('id', '=', row.id)
      .execute();
    const deactivated = !row.isActive && saved.isActive === 1;
    if (deactivated) {
      await assessmentInvitesRepository.deactivateOpenOf(trx, row.id, actor.userId);
      await endAccess(trx, row.id);
    }
    await auditRepository.record(trx, {
      actorId: actor.userId,
      action: 'user-updated',
      entity: 'user',
      entityId: row.id,
      details: { organizationId, deactivated },
    });
  }
  return newIds;
}
