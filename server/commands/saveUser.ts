import type { z } from 'zod';
import { LookupType, UserGroup, UserStatus } from '../../domain/codes.js';
import { messages } from '../../domain/messages.js';
import { canReachOrganization } from '../../domain/policies/organizations.js';
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
import type { Db, Executor } from '../db/database.js';
import { nowIso } from '../db/database.js';
import type { UsersTable } from '../db/schema.js';
import { badRequest, forbidden } from '../http/envelope.js';
import type { KeepAnswer } from '../http/idempotency.js';
import { assessmentInvitesRepository } from '../repositories/assessmentInvites.js';
import { auditRepository } from '../repositories/audit.js';
import { assertLookupRefs } from '../repositories/lookups.js';
import { organizationsRepository } from '../repositories/organizations.js';
import { usersRepository } from '../repositories/users.js';
import { emailChange } from './emailChange.js';
import { endAccess } from './endAccess.js';

type AdminUserAdd = z.infer<typeof adminUserAddSchema>;
type AdminUserUpdate = z.infer<typeof adminUserUpdateSchema>;
type SavedUser = NonNullable<Awaited<ReturnType<typeof usersRepository.findById>>>;

/**
 * The admin user form's saves (admin/user/visitor/add and update): checks every reference, the
 * caller's reach over the organization and the group, the user name's uniqueness, and writes in one
 * transaction. Refusals throw 400/403 with a readable message; nothing is written then.
 */
export const saveUser = {
  /** `keep` keeps the answer with the user, in the transaction (an Idempotency-Key's). */
  async add(
    db: Db,
    actor: Actor,
    input: AdminUserAdd,
    keep?: KeepAnswer<{ id: number }>,
  ): Promise<{ id: number }> {
    const user = input.user;
    const group = groupOf(actor, user);
    await checkRefs(db, actor, user, group);
    return db.transaction().execute(async (trx) => {
      const org = await resolveOrganization(trx, actor, user, group);
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
      const inviteId = input.assessment ? await inviteTo(trx, actor, id, org, input.assessment) : null;
      await auditRepository.record(trx, {
        actorId: actor.userId,
        action: 'user-added',
        entity: 'user',
        entityId: id,
        details: { organizationId: org.id, group, inviteId },
      });
      await keep?.(trx, { id });
      return { id };
    });
  },

  /** Answers whether a new e-mail address waits for confirmation (to mail after the commit). */
  async update(
    db: Db,
    actor: Actor,
    user: AdminUserUpdate,
    saved: SavedUser,
    keepAnswer?: KeepAnswer<{ id: number }>,
  ): Promise<{ emailHeld: boolean }> {
    const group = groupOf(actor, user);
    const admin = canEditAdminUserFields(actor);
    if (group !== saved.userGroup) {
      if (saved.id === actor.userId) throw badRequest(messages.users.cannotChangeOwnGroup);
      if (group === UserGroup.Visitor || saved.userGroup === UserGroup.Visitor)
        throw badRequest(messages.users.visitorGroupByConversion);
    }
    await checkRefs(db, actor, user, group, saved);
    // Other callers' values for the institute's fields are ignored: the saved ones stay.
    const keep = (value: boolean | null | undefined, before: number) =>
      admin && value != null ? Number(value) : before;
    const isActive = keep(user.isActive, saved.isActive);
    const isSuspended = keep(user.isSuspended, saved.isSuspended);
    const next = {
      ...(admin ? adminFields(user, group) : {}),
      isActive,
      isSuspended,
      excludeFromReport: keep(user.excludeFromReport, saved.excludeFromReport),
    };
    const deactivated = saved.isActive === 1 && isActive === 0;
    const suspended = saved.isSuspended === 0 && isSuspended === 1;
    if ((deactivated || suspended) && saved.id === actor.userId)
      throw badRequest(messages.users.cannotDeactivateSelf);
    const common = commonFields(user, group);
    // Someone else's new address waits for its confirmation (issue 13); the saved one stays meanwhile.
    const emailHeld = emailChange.isHeld(actor, saved.id, saved.email, common.email);
    await db.transaction().execute(async (trx) => {
      const org = await resolveOrganization(trx, actor, user, group, saved);
      if (user.userName.toLowerCase() !== saved.userNameKey)
        await claimUserName(trx, user.userName, saved.id);
      if (emailHeld) await emailChange.hold(trx, actor, saved.id, common.email as string);
      await trx
        .updateTable('users')
        .set({
          ...common,
          email: emailHeld ? saved.email : common.email,
          ...(emailHeld || (saved.email ?? null) === common.email ? {} : { pendingEmail: null }),
          ...next,
          userName: user.userName,
          userNameKey: user.userName.toLowerCase(),
          organizationId: org.id,
          updatedAt: nowIso(),
          updatedBy: actor.userId,
        })
        .where('id', '=', saved.id)
        .execute();
      // Access ends at once: sessions, e-mailed links and passcodes (SPEC.md section 4, issue 11).
      if (deactivated || suspended) await endAccess(trx, saved.id);
      if (deactivated) await assessmentInvitesRepository.deactivateOpenOf(trx, saved.id, actor.userId);
      await auditRepository.record(trx, {
        actorId: actor.userId,
        action: 'user-updated',
        entity: 'user',
        entityId: saved.id,
        details: { deactivated, suspended },
      });
      await keepAnswer?.(trx, { id: saved.id });
    });
    return { emailHeld };
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

type ResolvedOrganization = { id: number; consultingFirmId: number | null };

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
    return { id: created, consultingFirmId: null };
  }
  const org = await trx
    .selectFrom('organizations')
    .select(['id', 'type', 'isActive', 'consultingFirmId'])
    .where('id', '=', id)
    .executeTakeFirst();
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

/** Certification, referral and additional info: the institute's fields (SPEC.md section 6). */
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

/** The new user's invite to an assessment, chosen by id or code; never a second open one. */
async function inviteTo(
  trx: Executor,
  actor: Actor,
  respondentId: number,
  org: ResolvedOrganization,
  assessment: NonNullable<AdminUserAdd['assessment']>,
): Promise<number | null> {
  if (!assessment.id && !assessment.code) return null;
  const found = await trx
    .selectFrom('assessments')
    .select('id')
    .where('isActive', '=', 1)
    .where((eb) =>
      assessment.id ? eb('id', '=', assessment.id) : eb('code', '=', assessment.code as string),
    )
    .executeTakeFirst();
  if (!found) throw badRequest('assessment: not an active assessment.');
  if (await assessmentInvitesRepository.hasOpen(trx, respondentId, found.id))
    throw badRequest(messages.organization.duplicateInvite);
  return assessmentInvitesRepository.insert(trx, {
    respondentId,
    assessmentId: found.id,
    organizationId: org.id,
    consultingFirmId: org.consultingFirmId,
    excludeFromReport: 0,
    actorId: actor.userId,
  });
}
