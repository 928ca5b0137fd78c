import type { z } from 'zod';
import { LookupType } from '../../domain/codes.js';
import { messages } from '../../domain/messages.js';
import {
  type profileUpdateSchema,
  showsWorkplaceFields,
  userFormProblems,
} from '../../domain/schemas/account.js';
import type { CurrentPasswordCheck } from '../auth/currentPassword.js';
import type { Actor } from '../auth/guard.js';
import type { AppConfig } from '../config.js';
import { nowIso } from '../db/clock.js';
import type { Db } from '../db/database.js';
import { badRequest, notFound } from '../http/envelope.js';
import type { Mailer } from '../mail/mailer.js';
import { usersRepository } from '../repositories/users.js';
import { audited } from './audited.js';
import { emailChange } from './emailChange.js';
import { assertLookupRefs } from './lookupRefs.js';
import { assertFieldChanges, fieldTargetOf } from './userFieldChanges.js';

type ProfileInput = z.infer<typeof profileUpdateSchema>;
type Deps = { db: Db; config: AppConfig; mailer: Mailer };

/**
 * My Profile's save (auth/profile/update). The user name, group and organization are not the
 * person's to change here. A new e-mail address needs the current password (ASVS 7.5.1: a session
 * alone, perhaps a stolen one, never moves the account elsewhere) and applies once the link sent to it
 * is confirmed; a cleared one applies at once; the old address is told either way (the one field
 * policy, domain/policies/userFields.ts, says which). Answers the note to add to the saved message;
 * a mail that could not be queued is reported through `onMailError` and said in the note.
 */
export async function updateProfile(
  deps: Deps,
  currentPassword: CurrentPasswordCheck,
  actor: Actor,
  input: ProfileInput,
  onMailError: (error: unknown) => void,
): Promise<{ note: string }> {
  const { db } = deps;
  const workplace = showsWorkplaceFields(actor.group);
  const problem = userFormProblems({ ...input, group: { enumValue: actor.group } }, 'profile')[0];
  if (problem) throw badRequest(`${problem.path.join('.')}: ${problem.message}`);
  await assertLookupRefs(db, [
    { field: 'state', id: input.state?.id, type: LookupType.State },
    ...(workplace
      ? [
          { field: 'functionalRole', id: input.functionalRole?.id, type: LookupType.FunctionalRole },
          { field: 'division', id: input.division?.id, type: LookupType.Division },
        ]
      : []),
  ]);
  const saved = await usersRepository.findById(db, actor.userId);
  if (!saved) throw notFound();
  const email = input.email || null;
  const emailChanged = (saved.email ?? null) !== email;
  const how = assertFieldChanges(actor, await fieldTargetOf(db, saved), { email }, 'profile');
  if (emailChanged) {
    if (!input.currentPassword) throw badRequest(messages.account.currentPasswordForEmail);
    if (!(await currentPassword.matches(actor.userId, saved.passwordHash, input.currentPassword)))
      throw badRequest(messages.account.wrongCurrentPassword);
  }
  const applied = await audited(db, async (trx, audit) => {
    await usersRepository.update(trx, actor.userId, {
      fullName: input.fullName,
      ...(emailChanged && how === 'now' ? { email, pendingEmail: null } : {}),
      phoneNumber: input.phoneNumber,
      stateId: input.state?.id ?? null,
      ...(workplace
        ? {
            functionalRoleId: input.functionalRole?.id ?? null,
            divisionId: input.division?.id ?? null,
            department: input.department,
          }
        : {}),
      updatedAt: nowIso(),
      updatedBy: actor.userId,
    });
    await audit({
      actor: actor.userId,
      action: 'profile-updated',
      entity: 'user',
      entityId: actor.userId,
    });
    if (!emailChanged) return null;
    if (how === 'confirm' && email) {
      await emailChange.hold(trx, actor, actor.userId, email);
      return null;
    }
    return emailChange.applied(trx, actor, actor.userId, saved.email, email, 'now');
  });
  if (!emailChanged) return { note: '' };
  try {
    if (applied) {
      await emailChange.notify(deps, applied, actor.userId);
      return { note: '' };
    }
    await emailChange.send(deps, actor.userId, actor.userId);
    return { note: ` ${messages.account.emailChangePending}` };
  } catch (error) {
    onMailError(error);
    return {
      note: ` ${applied ? messages.account.emailChangeNoticeNotSent : messages.account.emailChangeNotSent}`,
    };
  }
}
