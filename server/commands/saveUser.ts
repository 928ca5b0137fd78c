import type { z } from 'zod';
import { LookupType, UserGroup, UserStatus } from '../../domain/codes.js';
import { messages } from '../../domain/messages.js';
import { canReachOrganization } from '../../domain/policies/organizations.js';
import { canManageUser, canPlaceUser } from '../../domain/policies/userFields.js';
import { assignableGroups, canEditAdminUserFields } from '../../domain/policies/users.js';
import { parseDateInput } from '../../domain/rules/dates.js';
import { businessTypeOwner, organizationTypeOfGroup } from '../../domain/rules/groups.js';
import { showsWorkplaceFields } from '../../domain/schemas/account.js';
import type {
  AdminUserInput,
  adminUserAddSchema,
  adminUserUpdateSchema,
} from '../../domain/schemas/userAdmin.js';
import type { Actor } from '../auth/guard.js';
import type { NameProbeLimit } from '../auth/nameProbes.js';
import { nowIso } from '../db/clock.js';
import type { Db, Executor } from '../db/database.js';
import type { UsersTable } from '../db/schema.js';
import { badRequest, forbidden, HttpError } from '../http/envelope.js';
import type { KeepAnswer } from '../http/idempotency.js';
import { assessmentInvitesRepository } from '../repositories/assessmentInvites.js';
import { assessmentsRepository } from '../repositories/assessments.js';
import { organizationsRepository } from '../repositories/organizations.js';
import { usersRepository } from '../repositories/users.js';
import { audited } from './audited.js';
import { type AppliedEmailChange, emailChange } from './emailChange.js';
import { endAccess } from './endAccess.js';
import { assertLookupRefs } from './lookupRefs.js';
import { assertFieldChanges, fieldTargetOf } from './userFieldChanges.js';

type AdminUserAdd = z.infer<typeof adminUserAddSchema>;
type AdminUserUpdate = z.infer<typeof adminUserUpdateSchema>;
type SavedUser = NonNullable<Awaited<ReturnType<typeof usersRepository.findById>>>;

/**
 * The admin user form's saves (admin/user/visitor/add and update): checks every reference, the
 * caller's reach over the organization and the group, the user name's uniqueness, and writes in one
 * transaction. Refusals throw 400/403 with a readable message; nothing is written then.
 */
export const saveUser = {
  /**
   * `keep` keeps the answer with the user, in the transaction (an Idempotency-Key's). `takenNames`
   * bounds how often a caller may hear 'user name taken' (docs/decisions.md#users-name-probes: every other input is checked
   * first, so the answer is only ever about the name, and a caller cannot probe names without limit).
   */
  async add(
    db: Db,
    actor: Actor,
    input: AdminUserAdd,
    keep?: KeepAnswer<{ id: number }>,
    takenNames?: NameProbeLimit,
  ): Promise<{ id: number }> {
    const user = input.user;
    const group = groupOf(actor, user);
    await checkRefs(db, actor, user, group);
    if (await takenNames?.isBlocked()) throw new HttpError(429, messages.users.userNameChecksExhausted);
    try {
      return await audited(db, async (trx, audit) => {
        const org = await resolveOrganization(trx, actor, user, group);
        // One rule for who puts which person where (domain/policies/userFields.ts), as the
        // organization form's rows: a consulting firm's people are the admins'.
        if (!canPlaceUser(actor, org, group)) throw forbidden(messages.users.organizationNotAllowed);
        const assessmentId = input.assessment ? await assessmentOf(trx, input.assessment) : null;
        await claimUserName(trx, user.userName, null);
        const admin = canEditAdminUserFields(actor);
        const id = await usersRepository.insert(trx, {
          ...commonFields(user, group),
          ...(admin ? adminFields(user, group) : noAdminFields),
          userName: user.userName,
          displayOrder: null,
          lastLogin: null,
          approvalInviteDate: null,
          registrationComplete: null,
          organizationId: org.id,
          status: group === UserGroup.Visitor ? UserStatus.Visitor : UserStatus.Pending,
          isActive: admin && user.isActive === false ? 0 : 1,
          isSuspended: admin && user.isSuspended ? 1 : 0,
          excludeFromReport: admin && user.excludeFromReport ? 1 : 0,
          requireChangePassword: 0,
          passwordHash: null,
          tokenVersion: 0,
          createdBy: actor.userId,
          updatedBy: actor.userId,
        });
        const inviteId = assessmentId == null ? null : await inviteTo(trx, actor, id, org, assessmentId);
        await audit({
          actor: actor.userId,
          action: 'user-added',
          entity: 'user',
          entityId: id,
          details: { organizationId: org.id, group, inviteId },
        });
        await keep?.(trx, { id });
        return { id };
      });
    } catch (error) {
      if (error instanceof HttpError && error.message === messages.account.userNameTaken)
        await takenNames?.record();
      throw error;
    }
  },

  /**
   * Every field goes through the one field policy (domain/policies/userFields.ts); a refusal
   * changes nothing. Answers an e-mail change that applied, to tell the old address after the commit.
   */
  async update(
    db: Db,
    actor: Actor,
    user: AdminUserUpdate,
    saved: SavedUser,
    keepAnswer?: KeepAnswer<{ id: number }>,
  ): Promise<{ emailChanged: AppliedEmailChange | null }> {
    const target = await fieldTargetOf(db, saved);
    // A consultant reaches their own firm's people but does not manage them (docs/product.md#rules-validation).
    if (!canManageUser(actor, target)) throw forbidden(messages.users.notReachable);
    const group = groupOf(actor, user);
    const admin = canEditAdminUserFields(actor);
    const isActive = Number(user.isActive ?? saved.isActive === 1);
    const isSuspended = Number(user.isSuspended ?? saved.isSuspended === 1);
    // Group and state first (one's own group, a visitor's): they decide before any reference does.
    assertFieldChanges(actor, target, {
      group,
      isActive: isActive === 1,
      isSuspended: isSuspended === 1,
    });
    await checkRefs(db, actor, user, group, saved);
    const next = {
      ...(admin ? adminFields(user, group) : {}),
      isActive,
      isSuspended,
      // Other callers' values for the institute's fields are ignored: the saved ones stay.
      excludeFromReport:
        admin && user.excludeFromReport != null ? Number(user.excludeFromReport) : saved.excludeFromReport,
    };
    const deactivated = saved.isActive === 1 && isActive === 0;
    const suspended = saved.isSuspended === 0 && isSuspended === 1;
    const common = commonFields(user, group);
    const emailChanged = (saved.email ?? null) !== common.email;
    return audited(db, async (trx, audit) => {
      const org = await resolveOrganization(trx, actor, user, group, saved);
      const how = assertFieldChanges(actor, target, { organization: org, email: common.email });
      if (user.userName.toLowerCase() !== saved.userNameKey)
        await claimUserName(trx, user.userName, saved.id);
      await usersRepository.update(trx, saved.id, {
        ...common,
        ...(emailChanged ? { pendingEmail: null } : {}),
        ...next,
        userName: user.userName,
        userNameKey: user.userName.toLowerCase(),
        organizationId: org.id,
        updatedAt: nowIso(),
        updatedBy: actor.userId,
      });
      const change = emailChanged
        ? await emailChange.applied(
            trx,
            actor,
            saved.id,
            saved.email,
            common.email,
            how === 'reinvite' ? 'reinvite' : 'now',
          )
        : null;
      // Access ends at once: sessions, e-mailed links and passcodes (docs/product.md#rules, docs/decisions.md#users).
      if (deactivated || suspended) await endAccess(trx, saved.id);
      if (deactivated) await assessmentInvitesRepository.deactivateOpenOf(trx, saved.id, actor.userId);
      await audit({
        actor: actor.userId,
        action: 'user-updated',
        entity: 'user',
        entityId: saved.id,
        details: { deactivated, suspended },
      });
      await keepAnswer?.(trx, { id: saved.id });
      return { emailChanged: change };
    });
  },
};

/** The group the body asks for, if the caller may give it. */
function groupOf(actor: Actor, user: AdminUserInput): number {
  const group = user.group?.enumValue;
  if (group === undefined) throw badRequest(`group: ${messages.validation.required}`);
  if (!assignableGroups(actor).includes(group)) throw badRequest(messages.users.groupNotAllowed);
  return group;
}

/**
 * Lookups of the right type, active, and a business type of the group's organizations; the
 * referrer an active consulting firm. References a saved user already holds stay acceptable even
 * if deactivated since (an imported user's 'Legacy Import' referrer).
 */
async function checkRefs(db: Executor, actor: Actor, user: AdminUserInput, group: number, saved?: SavedUser) {
  const changed = (id: number | null | undefined, before: number | null | undefined) =>
    id != null && id !== before ? id : null;
  const workplace = showsWorkplaceFields(group);
  await assertLookupRefs(db, [
    {
      field: 'organization.businessType',
      id: user.organization?.businessType?.id,
      type: LookupType.BusinessType,
      organizationType: businessTypeOwner(group),
    },
    { field: 'state', id: changed(user.state?.id, saved?.stateId), type: LookupType.State },
    ...(workplace
      ? [
          {
            field: 'functionalRole',
            id: changed(user.functionalRole?.id, saved?.functionalRoleId),
            type: LookupType.FunctionalRole,
          },
          {
            field: 'division',
            id: changed(user.division?.id, saved?.divisionId),
            type: LookupType.Division,
          },
        ]
      : []),
  ]);
  const referrer = changed(user.referredBy?.id, saved?.referredById);
  if (
    canEditAdminUserFields(actor) &&
    referrer != null &&
    !(await organizationsRepository.findActiveConsultingFirm(db, referrer))
  )
    throw badRequest('referredBy: not an active consulting firm.');
}

type ResolvedOrganization = { id: number; type: number; consultingFirmId: number | null };

/**
 * The organization the user belongs to: one chosen by id (active unless already theirs, reached by
 * the caller, of the group's type), or for administrators one named: the active organization of that
 * name and the group's type, else a new one (as sign-up does).
 */
async function resolveOrganization(
  trx: Executor,
  actor: Actor,
  user: AdminUserInput,
  group: number,
  saved?: SavedUser,
): Promise<ResolvedOrganization> {
  const type = organizationTypeOfGroup[group as UserGroup];
  const chosen = user.organization?.id != null && user.organization.id > 0 ? user.organization.id : null;
  if (chosen == null && !canEditAdminUserFields(actor))
    throw forbidden(messages.users.organizationNotAllowed);
  const byName =
    chosen == null
      ? await organizationsRepository.findByName(trx, type, user.organization?.name ?? '')
      : undefined;
  const id = chosen ?? byName?.id;
  if (id == null) {
    const created = await organizationsRepository.insert(trx, {
      name: (user.organization?.name ?? '').trim(),
      type,
      businessTypeId: user.organization?.businessType?.id ?? null,
      stateId: user.state?.id ?? null,
      actorId: actor.userId,
    });
    return { id: created, type, consultingFirmId: null };
  }
  const org = await organizationsRepository.findPlacement(trx, id);
  if (!org || (org.isActive !== 1 && org.id !== saved?.organizationId))
    throw badRequest('organization: not an active organization.');
  if (!canReachOrganization(actor, org)) throw forbidden(messages.users.organizationNotAllowed);
  if (org.type !== type) throw badRequest(messages.users.organizationTypeMismatch);
  return org;
}

/** User names are unique whatever their case. */
async function claimUserName(trx: Executor, userName: string, ownId: number | null) {
  const holder = await usersRepository.findByUserName(trx, userName);
  if (holder && holder.id !== ownId) throw badRequest(messages.account.userNameTaken);
}

/** The fields every caller sets; department, role and division only for groups that show them. */
function commonFields(user: AdminUserInput, group: number) {
  const workplace = showsWorkplaceFields(group);
  return {
    fullName: user.fullName,
    email: user.email || null,
    phoneNumber: user.phoneNumber,
    userGroup: group,
    stateId: user.state?.id ?? null,
    functionalRoleId: workplace ? (user.functionalRole?.id ?? null) : null,
    divisionId: workplace ? (user.division?.id ?? null) : null,
    department: workplace ? user.department : null,
  } satisfies Partial<UsersTable>;
}

/** Certification, referral and additional info: the institute's fields (docs/product.md#permissions). */
function adminFields(user: AdminUserInput, group: number) {
  return {
    lastCertificationDate:
      group === UserGroup.Consultant && user.lastCertificationDate
        ? (parseDateInput(user.lastCertificationDate) ?? null)
        : null,
    certificateNumber: user.certificateNumber,
    referredById: user.referredBy?.id ?? null,
    referredByOther: user.referredBy ? null : user.referredByOther,
    additionalInfo: user.additionalInfo,
  } satisfies Partial<UsersTable>;
}

const noAdminFields = {
  lastCertificationDate: null,
  certificateNumber: null,
  referredById: null,
  referredByOther: null,
  additionalInfo: null,
};

/** The active assessment chosen by id or code (checked before the user name, see add). */
async function assessmentOf(
  trx: Executor,
  assessment: NonNullable<AdminUserAdd['assessment']>,
): Promise<number | null> {
  if (!assessment.id && !assessment.code) return null;
  const found = await assessmentsRepository.findActiveByIdOrCode(trx, assessment);
  if (!found) throw badRequest('assessment: not an active assessment.');
  return found.id;
}

/** The new user's invite to an assessment; never a second open one. */
async function inviteTo(
  trx: Executor,
  actor: Actor,
  respondentId: number,
  org: ResolvedOrganization,
  assessmentId: number,
): Promise<number | null> {
  if (await assessmentInvitesRepository.hasOpen(trx, respondentId, assessmentId))
    throw badRequest(messages.organization.duplicateInvite);
  return assessmentInvitesRepository.insert(trx, {
    respondentId,
    assessmentId,
    organizationId: org.id,
    consultingFirmId: org.consultingFirmId,
    excludeFromReport: 0,
    actorId: actor.userId,
  });
}
