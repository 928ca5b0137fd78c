import { messages } from '../../domain/messages.js';
import type { Actor } from '../auth/guard.js';
import type { AppConfig } from '../config.js';
import { nowIso } from '../db/clock.js';
import type { Db, Executor } from '../db/database.js';
import { linkBase } from '../mail/links.js';
import type { Mailer } from '../mail/mailer.js';
import { mailTemplates } from '../mail/templates.js';
import { usersRepository } from '../repositories/users.js';
import { accountMail } from './accountMail.js';
import { audited, auditIn } from './audited.js';
import { TOKEN_LIFETIME_MS, userTokens } from './userTokens.js';

type MailDeps = { db: Db; config: AppConfig; mailer: Mailer };

/** An e-mail change that applied at once, to be told to the old address after the commit. */
export type AppliedEmailChange = {
  userId: number;
  oldEmail: string | null;
  /** The person never registered: their invite goes again, to the new address. */
  reinvite: boolean;
};

/**
 * E-mail changes (docs/decisions.md#users-email-change finding 3, docs/decisions.md#sign-in-limits findings 1 and 6). Who may change whose address is
 * domain/policies/userFields.ts; this applies what it allows. A person's own new address waits
 * (pendingEmail) until the link sent to it is confirmed; every other allowed change (an admin's, a
 * correction for someone who never registered, a cleared address) applies at once. Either way the
 * old address is told, and links mailed before stop working.
 */
export const emailChange = {
  /** Holds the person's own new address (theirs stays as it was) and records it. */
  async hold(trx: Executor, actor: Actor, userId: number, next: string) {
    await usersRepository.update(trx, userId, { pendingEmail: next });
    // Only the newest confirmation link works: an older one never confirms a later address.
    await userTokens.voidAll(trx, userId);
    await auditIn(trx)({
      actor: actor.userId,
      action: 'email-change-requested',
      entity: 'user',
      entityId: userId,
      details: { pendingEmail: next },
    });
  },

  /**
   * In the transaction that writes the new address: links sent to the old one (invite, reset,
   * confirmation) stop working, and the change is recorded. Answers what to tell after the commit.
   */
  async applied(
    trx: Executor,
    actor: Actor,
    userId: number,
    oldEmail: string | null,
    next: string | null,
    how: 'now' | 'reinvite',
  ): Promise<AppliedEmailChange> {
    await userTokens.voidAll(trx, userId);
    await auditIn(trx)({
      actor: actor.userId,
      action: 'email-changed',
      entity: 'user',
      entityId: userId,
      details: { from: oldEmail, to: next },
    });
    return { userId, oldEmail, reinvite: how === 'reinvite' };
  },

  /**
   * After the commit: tells the old address of a change that applied, and for a person who never
   * registered sends their invite again to the new address when one had gone out before.
   */
  async notify(deps: MailDeps, change: AppliedEmailChange, actorId: number, host?: string | null) {
    const user = await usersRepository.findById(deps.db, change.userId);
    if (!user) return;
    const actor = await usersRepository.findById(deps.db, actorId);
    const changedBy = actorId === user.id ? 'You' : (actor?.fullName ?? 'Someone');
    const oldEmail = change.oldEmail;
    if (oldEmail) {
      await deps.db.transaction().execute(async (trx) => {
        await deps.mailer.enqueue(trx, {
          to: oldEmail,
          ...mailTemplates.emailChangedNotice({ fullName: user.fullName, changedBy, newEmail: user.email }),
        });
      });
      deps.mailer.wake();
    }
    if (change.reinvite && user.email && user.approvalInviteDate)
      await accountMail.invite(deps, user.id, actorId, host);
  },

  /** After the commit of a hold: the confirmation link to the new address and a notice to the old one. */
  async send(deps: MailDeps, userId: number, actorId: number, host?: string | null) {
    const user = await usersRepository.findById(deps.db, userId);
    if (!user?.pendingEmail) return;
    const actor = await usersRepository.findById(deps.db, actorId);
    const changedBy = actorId === user.id ? 'You' : (actor?.fullName ?? 'Someone');
    const { pendingEmail, email } = user;
    await deps.db.transaction().execute(async (trx) => {
      const token = await userTokens.issue(trx, user.id, 'email');
      await deps.mailer.enqueue(trx, {
        to: pendingEmail,
        ...mailTemplates.confirmEmail({
          fullName: user.fullName,
          changedBy,
          url: `${linkBase(deps.config, host)}/confirmemail/${token}`,
          hours: TOKEN_LIFETIME_MS.email / 3_600_000,
        }),
      });
      if (email)
        await deps.mailer.enqueue(trx, {
          to: email,
          ...mailTemplates.emailChangeNotice({ fullName: user.fullName, changedBy, newEmail: pendingEmail }),
        });
    });
    deps.mailer.wake();
  },

  /** The public confirmation: the held address becomes the user's; answers the message to show. */
  async confirm(db: Db, token: string): Promise<{ ok: boolean; message: string }> {
    return audited(db, async (trx, audit) => {
      const userId = await userTokens.consume(trx, token, 'email');
      const user = userId === undefined ? undefined : await usersRepository.findById(trx, userId);
      if (user?.isActive !== 1 || !user.pendingEmail)
        return { ok: false, message: messages.account.linkInvalid };
      await usersRepository.update(trx, user.id, {
        email: user.pendingEmail,
        pendingEmail: null,
        updatedAt: nowIso(),
      });
      await audit({
        actor: null,
        action: 'email-confirmed',
        entity: 'user',
        entityId: user.id,
        details: { email: user.pendingEmail },
      });
      return { ok: true, message: messages.account.emailConfirmed };
    });
  },
};
