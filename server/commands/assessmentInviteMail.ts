import { messages } from '../../domain/messages.js';
import { canSendUserInvite } from '../../domain/policies/users.js';
import type { AppConfig } from '../config.js';
import { nowIso } from '../db/clock.js';
import type { Db } from '../db/database.js';
import { linkBase } from '../mail/links.js';
import type { Mailer } from '../mail/mailer.js';
import { mailTemplates } from '../mail/templates.js';
import { assessmentInvitesRepository } from '../repositories/assessmentInvites.js';
import { usersRepository } from '../repositories/users.js';
import { audited } from './audited.js';
import { TOKEN_LIFETIME_MS, userTokens } from './userTokens.js';

type MailDeps = { db: Db; config: AppConfig; mailer: Mailer };

/**
 * Whether an invitee has not chosen a password yet, so that an invite or a reminder carries the
 * invitation link that lets them (docs/decisions.md#insights-reminders), not a link to sign in.
 */
export function registersFromInvite(user: {
  passwordHash: string | null;
  registrationComplete: string | null;
  status: number;
}): boolean {
  // A self sign-up awaiting approval chose a password already: the assessment's own link is theirs.
  return !user.passwordHash && canSendUserInvite(user);
}

/**
 * E-mails an assessment invite (the Invite checkbox on save, or Resend Invite). Someone who has not
 * chosen a password yet gets the invitation link that lets them; everyone else a link to the
 * assessment. The link, the queued mail and 'Invited On' commit together; the mail goes out after.
 */
export async function sendAssessmentInvite(
  deps: MailDeps,
  inviteId: number,
  actorId: number,
  host?: string | null,
): Promise<{ ok: boolean; message: string }> {
  const invite = await assessmentInvitesRepository.findById(deps.db, inviteId);
  if (invite?.isActive !== 1) return { ok: false, message: 'The invite was not found.' };
  if (invite.resultId != null) return { ok: false, message: 'This assessment has already been completed.' };
  const user = await usersRepository.findById(deps.db, invite.respondentId);
  if (!user) throw new Error('the invite has no respondent');
  if (user.isActive !== 1) return { ok: false, message: 'The user is inactive.' };
  if (!user.email) return { ok: false, message: 'The user has no e-mail address to send the invite to.' };
  const base = linkBase(deps.config, host);
  const registers = registersFromInvite(user);
  const email = user.email;
  await audited(deps.db, async (trx, audit) => {
    const url = registers
      ? `${base}/invite/${await userTokens.issue(trx, user.id, 'invite')}`
      : `${base}/intro/${encodeURIComponent(invite.assessmentCode)}`;
    await deps.mailer.enqueue(trx, {
      to: email,
      ...mailTemplates.assessmentInvite({
        fullName: invite.respondentFullName,
        userName: invite.respondentUserName,
        organization: invite.organizationName ?? 'Your organization',
        assessment: invite.assessmentName,
        url,
        registerDays: registers ? TOKEN_LIFETIME_MS.invite / 86_400_000 : null,
      }),
    });
    await assessmentInvitesRepository.markInvited(trx, inviteId);
    if (registers) {
      await usersRepository.update(trx, user.id, { approvalInviteDate: nowIso() });
    }
    await audit({
      actor: actorId,
      action: 'invite-sent',
      entity: 'assessment-invite',
      entityId: inviteId,
    });
  });
  deps.mailer.wake();
  return { ok: true, message: messages.organization.inviteResent };
}
