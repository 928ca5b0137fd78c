import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { messages } from '../../domain/messages.js';
import type { Db } from '../db/database.js';
import { SharedCounters } from '../stores/sharedCounterStore.js';
import { HttpError } from './envelope.js';

// docs/decisions.md#http-write-limits (finding 7 and the low finding on mail): per-user limits on the writes that cost the most
// work or send e-mail. Counted in the database (SharedCounters, as the login limits), so they hold
// across every process sharing it. Sized so that no real person meets them: a respondent answers for
// minutes before submitting, the web app saves a draft at most every 1.5 seconds, and a champion may
// e-mail 60 invites in a minute.

const MINUTE = 60_000;

export type WriteBudget = {
  /** Routes naming the same budget share one count per user. */
  name: string;
  max: number;
  windowMs: number;
  message: string;
  /**
   * The institute's administrators are not counted: they save organizations and people all day, and
   * scripts that set up a programme run as them. Their limit is the per-invite one below.
   */
  exemptsAdmins?: boolean;
};

/** Submissions and retakes together: a visitor's 30 trial results in 0.9 s were a script. */
export const SUBMISSIONS: WriteBudget = {
  name: 'submissions',
  max: 20,
  windowMs: 10 * MINUTE,
  message: messages.limits.submissions,
};
/** Draft saves: the web app sends at most 40 a minute (one per 1.5 s of answering). */
export const DRAFT_SAVES: WriteBudget = {
  name: 'draft-saves',
  max: 120,
  windowMs: MINUTE,
  message: messages.account.tooManyRequests,
};
/** Every call that may send e-mail to someone: invites, re-sends, new people, address changes. */
export const MAIL_ACTIONS: WriteBudget = {
  name: 'mail-actions',
  max: 120,
  windowMs: 15 * MINUTE,
  message: messages.limits.mailActions,
  exemptsAdmins: true,
};
/** One invite e-mailed again and again: 25 clicks on Resend send 5 mails an hour, not 25. */
export const SAME_INVITE: WriteBudget = {
  name: 'same-invite',
  max: 5,
  windowMs: 60 * MINUTE,
  message: messages.limits.sameInvite,
};

/** Per user, counted in onRequest: before the body is read or parsed, so a flood costs no parsing. */
export const WRITE_LIMITS: Readonly<Record<string, WriteBudget>> = {
  'POST /api/assessmentresult/add': SUBMISSIONS,
  'POST /api/assessmentresult/overwrite': SUBMISSIONS,
  'POST /api/assessmentdraft/save': DRAFT_SAVES,
  'POST /api/admin/assessmentinvite/sendinvite': MAIL_ACTIONS,
  'POST /api/admin/user/resendinvite': MAIL_ACTIONS,
  'POST /api/admin/user/visitor/add': MAIL_ACTIONS,
  'POST /api/admin/user/visitor/update': MAIL_ACTIONS,
  'POST /api/admin/organization/add': MAIL_ACTIONS,
  'POST /api/admin/organization/update': MAIL_ACTIONS,
  'POST /api/auth/profile/update': MAIL_ACTIONS,
};

/**
 * The invite (or the invited person) a re-send names, counted per caller and invite once the body is
 * valid. Per caller, not per invite alone: someone who cannot reach the invite (answered 404) must not
 * use up the allowance of the people who can.
 */
export const RESEND_SUBJECTS: Readonly<Record<string, (body: unknown) => unknown>> = {
  'POST /api/admin/assessmentinvite/sendinvite': (body) => (body as { invite?: { id?: unknown } }).invite?.id,
  'POST /api/admin/user/resendinvite': (body) => (body as { user?: { id?: unknown } }).user?.id,
};

/**
 * The per-invite budget as the organization save uses it (sendInvite on a saved invite e-mails it
 * again): the same count as admin/assessmentinvite/sendinvite's, so neither path adds to the other's
 * allowance. Answers whether this mail may go.
 */
export function inviteMailBudget(db: Db, factor = 1) {
  const counters = new SharedCounters(db);
  const key = 'POST /api/admin/assessmentinvite/sendinvite';
  return async (callerId: number, inviteId: number): Promise<boolean> => {
    const hit = await counters.hit(
      `write:${SAME_INVITE.name}:${key}:${callerId}:${inviteId}`,
      SAME_INVITE.windowMs,
    );
    return hit.count <= SAME_INVITE.max * factor;
  };
}

/** Counts one hit on a budget; over it, 429 with the budget's text and the seconds until it frees up. */
async function takeOne(
  counters: SharedCounters,
  reply: FastifyReply,
  budget: WriteBudget,
  subject: string,
): Promise<void> {
  const hit = await counters.hit(`write:${budget.name}:${subject}`, budget.windowMs);
  if (hit.count <= budget.max) return;
  reply.header('retry-after', Math.max(1, Math.ceil((hit.resetAt - counters.now()) / 1000)));
  throw new HttpError(429, budget.message);
}

/**
 * Adds the limits above to their routes as they are registered (call before the routes). `factor`
 * (WRITE_LIMIT_FACTOR) multiplies every allowance: load tests submit hundreds of results a second.
 */
export function limitWrites(app: FastifyInstance, db: Db, factor = 1): void {
  const counters = new SharedCounters(db);
  const take = (reply: FastifyReply, budget: WriteBudget, subject: string) =>
    takeOne(counters, reply, { ...budget, max: budget.max * factor }, subject);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      const key = `${method} ${route.url}`;
      const budget = WRITE_LIMITS[key];
      if (budget) {
        // After the guard (a global onRequest hook): request.actor is the signed-in caller.
        const perUser = async (request: FastifyRequest, reply: FastifyReply) => {
          const actor = request.actor;
          if (!actor || (budget.exemptsAdmins && actor.role === 'admin')) return;
          await take(reply, budget, String(actor.userId));
        };
        route.onRequest = [
          ...(route.onRequest ? [route.onRequest].flat() : []),
          perUser,
        ] as typeof route.onRequest;
      }
      const subjectOf = RESEND_SUBJECTS[key];
      if (subjectOf) {
        const perInvite = async (request: FastifyRequest, reply: FastifyReply) => {
          const subject = subjectOf(request.body);
          if (request.actor && subject !== undefined)
            await take(reply, SAME_INVITE, `${key}:${request.actor.userId}:${subject}`);
        };
        route.preHandler = [
          perInvite,
          ...(route.preHandler ? [route.preHandler].flat() : []),
        ] as typeof route.preHandler;
      }
    }
  });
}
