import { groupNames, type UserGroup } from '../../domain/codes.js';
import { messages } from '../../domain/messages.js';
import { canSendUserInvite } from '../../domain/policies/users.js';
import type { AppConfig } from '../config.js';
import { nowIso } from '../db/clock.js';
import type { Db } from '../db/database.js';
import { linkBase } from '../mail/links.js';
import type { Mailer } from '../mail/mailer.js';
import { mailTemplates } from '../mail/templates.js';
import { usersRepository } from '../repositories/users.js';
import { audited } from './audited.js';
import { TOKEN_LIFETIME_MS, userTokens } from './userTokens.js';

type MailDeps = { db: Db; config: AppConfig; mailer: Mailer };

/**
 * The e-mails of the account flows. Each is queued (server/mail/mailer.ts) in one transaction with
 * what records it (the link's token, the invite date, the audit entry) and goes out after the commit,
 * retried until the mail server takes it: a mail server that is down loses neither the change nor the
 * message. A rejection here is a database failure; the caller turns it into the message the user sees.
 */
export const accountMail = {
  /** Sign-up notice to every active administrator with an e-mail address. */
  async signupNotice(deps: MailDeps, userId: number, organizationName: string, host?: string | null) {
    const user = await usersRepository.findById(deps.db, userId);
    if (!user) throw new Error('the signed-up user is gone');
    const admins = await usersRepository.activeAdminEmails(deps.db);
    const to = admins.map((a) => a.email).filter((e): e is string => !!e);
    if (to.length === 0) throw new Error('no administrator has an e-mail address');
    await deps.mailer.send({
      to,
      ...mailTemplates.signupNotice({
        fullName: user.fullName,
        userName: user.userName,
        email: user.email ?? '',
        group: groupNames[user.userGroup as UserGroup],
        organization: organizationName,
        url: `${linkBase(deps.config, host)}/admin/user/${user.id}`,
      }),
    });
  },

  /**
   * Sends (or re-sends) the invite that lets a pending or visitor user register; answers the message
   * for the admin. The link, the queued mail and the invite date commit together.
   */
  async invite(
    deps: MailDeps,
    userId: number,
    actorId: number,
    host?: string | null,
  ): Promise<{ ok: boolean; message: string }> {
    const user = await usersRepository.findById(deps.db, userId);
    if (!user) return { ok: false, message: 'The user was not found.' };
    if (!canSendUserInvite(user)) return { ok: false, message: messages.account.alreadyRegistered };
    if (!user.email) return { ok: false, message: 'The user has no e-mail address to send the invite to.' };
    const email = user.email;
    await audited(deps.db, async (trx, audit) => {
      const token = await userTokens.issue(trx, userId, 'invite');
      await deps.mailer.enqueue(trx, {
        to: email,
        ...mailTemplates.invite({
          fullName: user.fullName,
          userName: user.userName,
          url: `${linkBase(deps.config, host)}/invite/${token}`,
          days: TOKEN_LIFETIME_MS.invite / 86_400_000,
        }),
      });
      await usersRepository.update(trx, userId, {
        approvalInviteDate: nowIso(),
        updatedAt: nowIso(),
        updatedBy: actorId,
      });
      await audit({ actor: actorId, action: 'invite-sent', entity: 'user', entityId: userId });
    });
    deps.mailer.wake();
    return {
      ok: true,
      message: user.approvalInviteDate ? messages.account.inviteResent : messages.account.inviteSent,
    };
  },

  async resetPassword(
    deps: MailDeps,
    user: { id: number; fullName: string; email: string },
    host?: string | null,
  ) {
    // Called without waiting, after the answer: tracked, so a shutdown lets it commit first.
    await deps.mailer.track(() =>
      deps.db.transaction().execute(async (trx) => {
        const token = await userTokens.issue(trx, user.id, 'reset');
        await deps.mailer.enqueue(trx, {
          to: user.email,
          ...mailTemplates.resetPassword({
            fullName: user.fullName,
            url: `${linkBase(deps.config, host)}/resetpassword/${token}`,
            minutes: TOKEN_LIFETIME_MS.reset / 60_000,
          }),
        });
      }),
    );
    deps.mailer.wake();
  },

  /** To the address a sign-up gave, when its user name was taken and the screen could not say so (docs/decisions.md#users-name-probes). */
  async signupNameTaken(
    deps: MailDeps,
    to: { email: string; fullName: string; userName: string },
    host?: string | null,
  ) {
    await deps.mailer.send({
      to: to.email,
      ...mailTemplates.signupNameTaken({ ...to, url: `${linkBase(deps.config, host)}/signup` }),
    });
  },

  async userNameReminder(
    deps: MailDeps,
    email: string,
    users: { fullName: string; userName: string }[],
    host?: string | null,
  ) {
    await deps.mailer.send({
      to: email,
      ...mailTemplates.userNameReminder({ userNames: users, url: `${linkBase(deps.config, host)}/` }),
    });
  },
};
