import { LookupType, type UserGroup, UserStatus } from '../../domain/codes.js';
import { messages } from '../../domain/messages.js';
import { organizationTypeOfGroup } from '../../domain/rules/groups.js';
import type { SignupInput } from '../../domain/schemas/account.js';
import type { Db } from '../db/database.js';
import { badRequest } from '../http/envelope.js';
import { organizationsRepository } from '../repositories/organizations.js';
import { usersRepository } from '../repositories/users.js';
import { audited } from './audited.js';
import { assertLookupRefs } from './lookupRefs.js';

export type SignupOutcome =
  | { ok: true; userId: number; organizationName: string }
  | { ok: false; message: string; taken?: true };

/**
 * A person asks for an account (docs/product.md#rules-signup): a pending user in a new organization of
 * their own, named as typed. A sign-up never joins an existing organization, even one of the same name
 * (docs/decisions.md#sign-in-names, finding 2): anyone could otherwise name a manufacturer and be listed, invited and shown its
 * results; the administrator moves the person into the existing organization when approving (the audit
 * entry names the organizations of that name). All in one transaction.
 */
export async function signup(db: Db, user: SignupInput['user']): Promise<SignupOutcome> {
  const group = user.group?.enumValue as UserGroup;
  const organizationType = organizationTypeOfGroup[group];
  await assertLookupRefs(db, [
    {
      field: 'organization.businessType',
      id: user.organization?.businessType?.id,
      type: LookupType.BusinessType,
      organizationType,
    },
    { field: 'functionalRole', id: user.functionalRole?.id, type: LookupType.FunctionalRole },
    { field: 'state', id: user.state?.id, type: LookupType.State },
    { field: 'division', id: user.division?.id, type: LookupType.Division },
  ]);
  if (user.referredBy && !(await organizationsRepository.findActiveConsultingFirm(db, user.referredBy.id))) {
    throw badRequest('referredBy: not an active consulting firm.');
  }
  const organizationName = (user.organization?.name ?? '').trim();
  return audited(db, async (trx, audit) => {
    if (await usersRepository.findByUserName(trx, user.userName))
      return { ok: false, message: messages.account.userNameTaken, taken: true as const };
    const sameName = await organizationsRepository.findByName(trx, organizationType, organizationName);
    const organizationId = await organizationsRepository.insert(trx, {
      name: organizationName,
      type: organizationType,
      businessTypeId: user.organization?.businessType?.id ?? null,
      stateId: user.state?.id ?? null,
      referredById: user.referredBy?.id ?? null,
      referredByOther: user.referredBy ? null : user.referredByOther,
      actorId: null,
    });
    const userId = await usersRepository.insert(trx, {
      userName: user.userName,
      fullName: user.fullName,
      email: user.email || null,
      phoneNumber: user.phoneNumber,
      userGroup: group,
      organizationId,
      functionalRoleId: user.functionalRole?.id ?? null,
      stateId: user.state?.id ?? null,
      divisionId: user.division?.id ?? null,
      department: user.department,
      referredById: user.referredBy?.id ?? null,
      referredByOther: user.referredBy ? null : user.referredByOther,
      status: UserStatus.Pending,
      isActive: 1,
      isSuspended: 0,
      excludeFromReport: 0,
      requireChangePassword: 0,
      tokenVersion: 0,
      passwordHash: null,
    });
    await audit({
      actor: null,
      action: 'signed-up',
      entity: 'user',
      entityId: userId,
      details: { organizationId, sameNameAs: sameName?.id ?? null },
    });
    return { ok: true as const, userId, organizationName };
  });
}
