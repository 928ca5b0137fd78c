import { LookupType, UserGroup, UserStatus } from '../../domain/codes.js';
import { messages } from '../../domain/messages.js';
import { canConvertUser, conversionGroupOf } from '../../domain/policies/users.js';
import { emailPattern } from '../../domain/schemas/common.js';
import type { ConversionInput } from '../../domain/schemas/userAdmin.js';
import { userTargetOf } from '../access/userReach.js';
import type { Actor } from '../auth/guard.js';
import { nowIso } from '../db/clock.js';
import type { Db, Executor } from '../db/database.js';
import type { UserDetailRow } from '../db/rows.js';
import { badRequest } from '../http/envelope.js';
import type { KeepAnswer } from '../http/idempotency.js';
import { assessmentInvitesRepository } from '../repositories/assessmentInvites.js';
import { organizationDetails } from '../repositories/organizationDetails.js';
import { organizationsRepository } from '../repositories/organizations.js';
import { resultsRepository } from '../repositories/results.js';
import { usersRepository } from '../repositories/users.js';
import { audited } from './audited.js';
import { type AppliedEmailChange, emailChange } from './emailChange.js';
import { assertLookupRefs } from './lookupRefs.js';

export type ConversionOutcome =
  | { ok: true; organizationId: number; emailChanged?: AppliedEmailChange | null }
  | { ok: false; message: string };

/**
 * POST admin/user/visitor/convert (docs/product.md#rules-conversion): the visitor becomes a user of the
 * chosen organization, a consultant of a consulting firm or a manufacturer user of a manufacturer. For
 * a manufacturer their trial results become current-state results of that manufacturer, the latest one
 * on a current-state invite so that it counts in the organization's invite tab and reports. One
 * transaction; it cannot be undone. The user row is written last.
 */
export async function convertVisitor(
  db: Db,
  actor: Actor,
  user: UserDetailRow,
  input: ConversionInput,
  /** Keeps the answer with the conversion, in its transaction (an Idempotency-Key's). */
  keep?: KeepAnswer<{ organizationId: number }>,
): Promise<ConversionOutcome> {
  if (!canConvertUser(actor, userTargetOf(user)))
    return { ok: false, message: messages.users.onlyVisitorsConvert };
  const org = await organizationDetails.findById(db, input.organization.id);
  const group = org?.isActive === 1 ? conversionGroupOf[org.type] : undefined;
  if (!org || group === undefined) return { ok: false, message: messages.users.conversionTarget };
  const manufacturer = group === UserGroup.Manufacturer;

  let firmId = org.consultingFirmId;
  if (manufacturer && input.consultingFirm) {
    if (!(await organizationsRepository.findActiveConsultingFirm(db, input.consultingFirm.id)))
      return { ok: false, message: messages.users.conversionFirm };
    firmId = input.consultingFirm.id;
  }

  // Fields the payload leaves out keep the visitor's values.
  const functionalRoleId =
    input.functionalRole === undefined ? user.functionalRoleId : (input.functionalRole?.id ?? null);
  if (manufacturer && functionalRoleId == null)
    throw badRequest(`functionalRole: ${messages.validation.required}`);
  await assertLookupRefs(db, [
    { field: 'functionalRole', id: input.functionalRole?.id, type: LookupType.FunctionalRole },
  ]);
  if (input.email && !emailPattern.test(input.email))
    throw badRequest(`email: ${messages.validation.invalidEmail}`);
  const referral = input.referredBy !== undefined || input.referredByOther !== null;
  const referredById = referral ? (input.referredBy?.id ?? null) : user.referredById;
  if (
    referral &&
    referredById != null &&
    !(await organizationsRepository.findActiveConsultingFirm(db, referredById))
  )
    throw badRequest('referredBy: not an active consulting firm.');

  const currentStateAssessmentId =
    org.currentStateAssessmentId ?? (await organizationDetails.roadmapAssessments(db)).current?.id ?? null;
  if (manufacturer && currentStateAssessmentId == null)
    throw new Error('no current-state assessment to convert trial results into');

  const nextEmail = input.email ?? user.email;
  const emailChanged = await audited(db, async (trx, audit) => {
    const now = nowIso();
    if (manufacturer && firmId !== org.consultingFirmId)
      await organizationsRepository.update(trx, org.id, {
        consultingFirmId: firmId,
        updatedAt: now,
        updatedBy: actor.userId,
      });
    const moved = manufacturer
      ? await moveTrialResults(trx, {
          userId: user.id,
          organizationId: org.id,
          assessmentId: currentStateAssessmentId as number,
          consultingFirmId: firmId,
          excludeFromReport: user.excludeFromReport,
          actorId: actor.userId,
        })
      : { results: 0, inviteId: null };
    await audit({
      actor: actor.userId,
      action: 'convert',
      entity: 'user',
      entityId: user.id,
      details: { organizationId: org.id, group, ...moved },
    });
    await usersRepository.update(trx, user.id, {
      userGroup: group,
      organizationId: org.id,
      status: user.registrationComplete ? UserStatus.Approved : UserStatus.Pending,
      functionalRoleId,
      email: nextEmail,
      referredById,
      referredByOther: referral ? (referredById ? null : input.referredByOther) : user.referredByOther,
      updatedAt: now,
      updatedBy: actor.userId,
    });
    await keep?.(trx, { organizationId: org.id });
    // An administrator's change of the address applies at once; the old address is told (docs/decisions.md#sign-in-limits).
    return (nextEmail ?? null) !== (user.email ?? null)
      ? emailChange.applied(trx, actor, user.id, user.email, nextEmail ?? null, 'now')
      : null;
  });
  return { ok: true, organizationId: org.id, emailChanged };
}

/**
 * The visitor's trial results become current-state results of the manufacturer; the latest is attached
 * to their active current-state invite there (a new one when they have none; none when that invite
 * already has a result), as if it had been taken on that invite.
 */
async function moveTrialResults(
  trx: Executor,
  o: {
    userId: number;
    organizationId: number;
    assessmentId: number;
    consultingFirmId: number | null;
    excludeFromReport: number;
    actorId: number;
  },
): Promise<{ results: number; inviteId: number | null }> {
  const trials = await resultsRepository.trialsOf(trx, o.userId);
  const [latest] = trials;
  if (!latest) return { results: 0, inviteId: null };
  await resultsRepository.move(
    trx,
    trials.map((t) => t.id),
    { assessmentId: o.assessmentId, organizationId: o.organizationId },
  );

  const open = await assessmentInvitesRepository.latestActive(trx, {
    respondentId: o.userId,
    organizationId: o.organizationId,
    assessmentId: o.assessmentId,
  });
  if (open?.resultId != null) return { results: trials.length, inviteId: null };
  const inviteId =
    open?.id ??
    (await assessmentInvitesRepository.insert(trx, {
      respondentId: o.userId,
      assessmentId: o.assessmentId,
      organizationId: o.organizationId,
      consultingFirmId: o.consultingFirmId,
      excludeFromReport: o.excludeFromReport,
      // Invited by the conversion itself: nothing is left to send.
      invitedAt: nowIso(),
      actorId: o.actorId,
    }));
  await resultsRepository.attachToInvite(trx, latest.id, inviteId);
  return { results: trials.length, inviteId };
}
