import { groupNames, UserGroup, UserStatus } from '../../domain/codes.js';
import { messages } from '../../domain/messages.js';
import { TOKEN_LIFETIME_MS, userTokens } from '../auth/userTokens.js';
import type { AppConfig } from '../config.js';
import type { Db } from '../db/database.js';
import { nowIso } from '../db/database.js';
import { linkBase } from '../mail/links.js';
import type { Mailer } from '../mail/mailer.js';
import { mailTemplates } from '../mail/templates.js';
import { auditRepository } from '../repositories/audit.js';

type MailDeps = { db: Db; config: AppConfig; mailer: Mailer };

/**
 * The e-mails of the account flows. Each sends after the change it reports has been committed, so a
 * mail server that is down never loses an account change; the caller turns a rejection into the
 * failure message the user sees.
 */
export const accountMail = {
  /** Sign-up notice to every active administrator with an e-mail address. */
  async signupNotice(deps: MailDeps, userId: number, organizationName: string, host?: string | null) {
    const user = await deps.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    const admins = await deps.db
      .selectFrom('users')
      .select('email')
      .where('userGroup', '=', UserGroup.Admin)
      .where('isActive', '=', 1)
      .where('email', 'is not', null)
      .execute();
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
   * for the admin. The invite date is set only once the mail has gone.
   */
  async invite(
    deps: MailDeps,
    userId: number,
    actorId: number,
    host?: string | null,
  ): Promise<{ ok: boolean; message: string }> {
    const user = await deps.db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
    if (!user) return { ok: false, message: 'The user was not found.' };
    const invitable =
      (user.status === UserStatus.Pending || user.status === UserStatus.Visitor) &&
      !user.registrationComplete;
    if (!invitable) return { ok: false, message: messages.account.alreadyRegistered };
    if (!user.email) return { ok: false, message: 'The user has no e-mail address to send the invite to.' };
    const token = await userTokens.issue(deps.db, userId, 'invite');
    await deps.mailer.send({
      to: user.email,
      ...mailTemplates.invite({
        fullName: user.fullName,
        userName: user.userName,
        url: `${linkBase(deps.config, host)}/invite/${token}`,
        days: TOKEN_LIFETIME_MS.invite / 86_400_000,
      }),
    });
    await deps.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('users')
        .set({ approvalInviteDate: nowIso(), updatedAt: nowIso(), updatedBy: actorId })
        .where('id', '=', userId)
        .execute();
      await auditRepository.record(trx, { actorId, action: 'invite-sent', entity: 'user', entityId: userId });
    });
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
    const token = await userTokens.issue(deps.db, user.id, 'reset');
    await deps.mailer.send({
      to: user.email,
      ...mailTemplates.resetPassword({
        fullName: user.fullName,
        url: `${linkBase(deps.config, host)}/resetpassword/${token}`,
        minutes: TOKEN_LIFETIME_MS.reset / 60_000,
      }),
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
