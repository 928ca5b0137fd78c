import { messages } from '../../domain/messages.js';
import type { Actor } from '../auth/guard.js';
import { TOKEN_LIFETIME_MS, userTokens } from '../auth/userTokens.js';
import type { AppConfig } from '../config.js';
import type { Db, Executor } from '../db/database.js';
import { nowIso } from '../db/database.js';
import { linkBase } from '../mail/links.js';
import type { Mailer } from '../mail/mailer.js';
import { mailTemplates } from '../mail/templates.js';
import { auditRepository } from '../repositories/audit.js';

type MailDeps = { db: Db; config: AppConfig; mailer: Mailer };

/**
 * Someone else's change of a user's e-mail address (issue 13, finding 3). A consultant or champion who
 * could set any address could then take the account over with forgot-password; so the new address is
 * held as pending until a link sent to it is confirmed, and the old address is told. Administrators'
 * changes and a person's own change apply at once; so does removing an address or changing its case.
 */
export const emailChange = {
  /** Whether `next` must wait for confirmation rather than replace `before` at once. */
  isHeld(actor: Actor, userId: number, before: string | null, next: string | null): boolean {
    if (actor.role === 'admin' || actor.userId === userId || !next) return false;
    return next.toLowerCase() !== (before ?? '').toLowerCase();
  },

  /** Holds the new address (the user's address stays as it was) and records who asked. */
  async hold(trx: Executor, actor: Actor, userId: number, next: string) {
    await trx.updateTable('users').set({ pendingEmail: next }).where('id', '=', userId).execute();
    await auditRepository.record(trx, {
      actorId: actor.userId,
      action: 'email-change-requested',
      entity: 'user',
      entityId: userId,
      details: { pendingEmail: next },
    });
  },

  /** After the commit: queues the confirmation link to the new address and a notice to the old one. */
  async send(deps: MailDeps, userId: number, actorId: number, host?: string | null) {
    const user = await deps.db
      .selectFrom('users')
      .select(['id', 'fullName', 'email', 'pendingEmail'])
      .where('id', '=', userId)
      .executeTakeFirst();
    if (!user?.pendingEmail) return;
    const actor = await deps.db
      .selectFrom('users')
      .select('fullName')
      .where('id', '=', actorId)
      .executeTakeFirst();
    const changedBy = actor?.fullName ?? 'Someone';
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
    return db.transaction().execute(async (trx) => {
      const userId = await userTokens.consume(trx, token, 'email');
      const user =
        userId === undefined
          ? undefined
          : await trx
              .selectFrom('users')
              .select(['id', 'isActive', 'pendingEmail'])
              .where('id', '=', userId)
              .executeTakeFirst();
      if (user?.isActive !== 1 || !user.pendingEmail)
        return { ok: false, message: messages.account.linkInvalid };
      await trx
        .updateTable('users')
        .set({ email: user.pendingEmail, pendingEmail: null, updatedAt: nowIso() })
        .where('id', '=', user.id)
        .execute();
      await auditRepository.record(trx, {
        actorId: null,
        action: 'email-confirmed',
        entity: 'user',
        entityId: user.id,
        details: { email: user.pendingEmail },
      });
      return { ok: true, message: messages.account.emailConfirmed };
    });
  },
};
