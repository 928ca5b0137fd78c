import type { FastifyInstance, FastifyRequest } from 'fastify';
import { OrganizationType, type UserGroup } from '../../domain/codes.js';
import { messages } from '../../domain/messages.js';
import { type Access, canAccess } from '../../domain/policies/access.js';
import { roleOfGroup } from '../../domain/rules/roles.js';
import type { LookMark } from '../db/commitLooks.js';
import type { UserDetailRow } from '../db/rows.js';
import { forbidden, unauthorized } from '../http/envelope.js';
import type { SessionCache } from './sessionCache.js';
import type { TokenService } from './tokens.js';

// The request's actor is declared with the HTTP plumbing (http/actor.ts), which hooks such as
// idempotency read below auth; the guard is what sets it. Routes keep importing it from here.
export { type Actor, actorOf } from '../http/actor.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Every API route states who may call it; a test fails for any route that does not. */
    access?: Access;
    /** Calls a user who must change their password may still make (the change itself, the profile). */
    allowedBeforePasswordChange?: boolean;
  }
  interface FastifyRequest {
    /** The caller's row as usersRepository.findDetailById reads it (the guard's session row). */
    callerDetail: UserDetailRow | null;
    /**
     * Taken as the request arrives: the reads of things kept in memory pass it on, so that they look
     * for other connections' commits once per request, not once per read (db/commitLooks.ts).
     */
    arrivalMark: LookMark | undefined;
  }
}

export const EXTEND_HEADER = 'authorization-extend';

/**
 * People of a deactivated consulting firm lose their access with it. Only consulting firms are
 * deactivated (docs/product.md); other organizations marked inactive keep their people.
 */
export function losesAccessWithOrganization(user: {
  organizationType: number | null;
  organizationActive: number | null;
}): boolean {
  return user.organizationType === OrganizationType.Consultant && user.organizationActive === 0;
}

function bearer(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(.+)$/i.exec(header);
  return match?.[1]?.trim();
}

/**
 * The request guard: resolves the actor, refuses calls the route's access does not allow (401 without
 * a valid session, 403 for a role that may not call it), and hands back a renewed token with every
 * authenticated answer (tokens.renewal). The user row comes from the session cache, which drops it
 * on any change, so a deactivated or suspended user, a logout or a changed password takes effect at
 * once (docs/decisions.md#session-row-cache).
 */
export function registerGuard(app: FastifyInstance, sessions: SessionCache, tokens: TokenService): void {
  app.decorateRequest('actor', null);
  app.decorateRequest('callerDetail', null);
  app.decorateRequest('arrivalMark', undefined);
  app.addHook('onRequest', async (request, reply) => {
    const config = request.routeOptions.config;
    const access = config.access;
    if (access === undefined) return; // not an API route (static files, the SPA fallback)
    request.arrivalMark = sessions.mark();
    const token = bearer(request);
    if (access === 'public' && !token) return;
    const claims = token ? await tokens.verify(token) : undefined;
    const user = claims ? await sessions.get(claims.userId, request.arrivalMark) : undefined;
    const valid =
      claims &&
      user &&
      user.isActive === 1 &&
      user.isSuspended !== 1 &&
      !losesAccessWithOrganization(user) &&
      user.tokenVersion === claims.tokenVersion;
    if (!valid || !user || !token) {
      if (access === 'public') return; // a stale token does not stop a public call
      throw unauthorized();
    }
    request.callerDetail = user;
    const group = user.userGroup as UserGroup;
    request.actor = {
      userId: user.id,
      userName: user.userName,
      role: roleOfGroup(group),
      group,
      organizationId: user.organizationId,
      requireChangePassword: user.requireChangePassword === 1,
    };
    // The renewal keeps the session's start, so the absolute lifetime holds however often it is renewed.
    reply.header(
      EXTEND_HEADER,
      await tokens.renewal(token, {
        userId: user.id,
        tokenVersion: user.tokenVersion,
        authTime: claims.authTime,
      }),
    );
    if (!canAccess(request.actor.role, access)) throw forbidden();
    // Public calls stay open: they are open to anyone without a session anyway.
    if (request.actor.requireChangePassword && access !== 'public' && !config.allowedBeforePasswordChange) {
      throw forbidden(messages.auth.changePasswordFirst);
    }
  });
}

/** The caller's row as the guard read it (shared and frozen: never change it). */
export function callerDetailOf(request: FastifyRequest): UserDetailRow {
  if (!request.callerDetail) throw unauthorized();
  return request.callerDetail;
}
