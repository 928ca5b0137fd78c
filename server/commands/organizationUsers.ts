import { UserStatus } from '../../domain/codes.js';
import { messages } from '../../domain/messages.js';
import type { OrganizationTarget } from '../../domain/policies/organizations.js';
import { canManageUser, canPlaceUser } from '../../domain/policies/userFields.js';
import { isNewRow } from '../../domain/rules/organizations.js';
import {
  type OrganizationUserInput,
  organizationUserProblems,
} from '../../domain/schemas/organizationForm.js';
import type { Actor } from '../auth/guard.js';
import { nowIso } from '../db/clock.js';
import type { Executor } from '../db/database.js';
import { badRequest, forbidden } from '../http/envelope.js';
import { assessmentInvitesRepository } from '../repositories/assessmentInvites.js';
import { usersRepository } from '../repositories/users.js';
import { auditIn } from './audited.js';
import { type AppliedEmailChange, emailChange } from './emailChange.js';
import { endAccess } from './endAccess.js';
import { UserNameTaken } from './saveRefused.js';
import { assertFieldChanges, fieldTargetOf } from './userFieldChanges.js';

type Options = {
  /** The organization being saved; the caller's reach over it is already established. */
  organization: OrganizationTarget;
  rows: OrganizationUserInput[];
  /** Filled with the e-mail changes that applied, to tell the old addresses after the commit. */
  emailChanges?: AppliedEmailChange[];
};

/**
 * Applies the Manage Users rows inside the organization's save: new rows become pending users of the
 * organization (they set a password from their invite mail), changed rows are updated, removed rows
 * are deactivated with their open invites, and their sessions and e-mailed links end at once. Rows
 * sent unchanged are left alone, so a caller who may not handle users can still save the rest of the
 * form. Who may add whom and change which field is domain/policies/userFields.ts, as on the user
 * form; every row written is validated, active or not. Returns each new row's id mapped to the real one.
 */
export async function applyOrganizationUsers(trx: Executor, actor: Actor, options: Options) {
  const { organization, rows } = options;
  const organizationId = organization.id;
  const newIds = new Map<number, number>();
  const refuse = () => {
    throw forbidden(messages.organization.notPermittedToAddUser);
  };
  const claimed = new Set<string>();
  // Who holds the names the new rows claim, read in one query before anything is written; it stays
  // true until this save renames someone (the rows it inserts itself are in `claimed`).
  let holders: Map<string, number> | undefined = new Map(
    (
      await usersRepository.holdersOfUserNames(
        trx,
        rows.filter((row) => isNewRow(row.id) && row.isActive && row.userName).map((row) => row.userName),
      )
    ).map((holder) => [holder.userNameKey, holder.id]),
  );
  const claimUserName = async (userName: string, ownId: number | null) => {
    const key = userName.toLowerCase();
    const holderId =
      ownId === null && holders
        ? holders.get(userName.trim().toLowerCase())
        : (await usersRepository.findByUserName(trx, userName))?.id;
    if (claimed.has(key) || (holderId !== undefined && holderId !== ownId))
      throw new UserNameTaken(messages.organization.userNameTaken(userName));
    claimed.add(key);
  };
  const now = nowIso();

  // New rows in a run are inserted together (one statement, not one each), before anything else this
  // save reads or writes, so ids and audit entries come in the order of the rows as before.
  const adding: { rowId: number; values: Parameters<typeof usersRepository.insertMany>[1][number] }[] = [];
  const addPending = async () => {
    if (adding.length === 0) return;
    const ids = await usersRepository.insertMany(
      trx,
      adding.map((a) => a.values),
    );
    const audit = auditIn(trx);
    for (const [i, { rowId }] of adding.entries()) {
      const id = ids[i] as number;
      newIds.set(rowId, id);
      await audit({
        actor: actor.userId,
        action: 'user-added',
        entity: 'user',
        entityId: id,
        details: { organizationId },
      });
    }
    adding.length = 0;
  };

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
      if (!canPlaceUser(actor, organization, fields.userGroup)) refuse();
      if (Object.keys(organizationUserProblems(row, organization.type)).length > 0)
        throw badRequest(messages.organization.userDataMissing);
      await claimUserName(row.userName, null);
      adding.push({
        rowId: row.id,
        values: {
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
        },
      });
      continue;
    }

    await addPending();
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
    const target = await fieldTargetOf(trx, saved);
    if (!canManageUser(actor, target)) refuse();
    // Inactive rows too: nothing invalid is stored (an admin group in a manufacturer, docs/decisions.md#users-field-policy).
    if (Object.keys(organizationUserProblems(row, organization.type)).length > 0)
      throw badRequest(messages.organization.userDataMissing);
    const how = assertFieldChanges(actor, target, {
      group: fields.userGroup,
      isActive: row.isActive,
      email: fields.email,
    });
    if (saved.userName !== row.userName) await claimUserName(row.userName, row.id);
    const emailChanged = (saved.email ?? null) !== fields.email;
    holders = undefined; // a rename may free or take a name the next new rows claim
    await usersRepository.update(trx, row.id, {
      ...fields,
      ...(emailChanged ? { pendingEmail: null } : {}),
      displayOrder: row.displayOrder ?? saved.displayOrder,
      userName: row.userName,
      userNameKey: row.userName.toLowerCase(),
      isActive: row.isActive ? 1 : 0,
      updatedAt: now,
      updatedBy: actor.userId,
    });
    if (emailChanged)
      options.emailChanges?.push(
        await emailChange.applied(
          trx,
          actor,
          row.id,
          saved.email,
          fields.email,
          how === 'reinvite' ? 'reinvite' : 'now',
        ),
      );
    const deactivated = !row.isActive && saved.isActive === 1;
    if (deactivated) {
      await assessmentInvitesRepository.deactivateOpenOf(trx, row.id, actor.userId);
      await endAccess(trx, row.id);
    }
    await auditIn(trx)({
      actor: actor.userId,
      action: 'user-updated',
      entity: 'user',
      entityId: row.id,
      details: { organizationId, deactivated },
    });
  }
  await addPending();
  return newIds;
}
