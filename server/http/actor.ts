import type { FastifyRequest } from 'fastify';
import type { UserGroup } from '../../domain/codes.js';
import type { Role } from '../../domain/rules/roles.js';
import { unauthorized } from './envelope.js';

/** Who is calling: established from the bearer token and the user's current row on every call (auth/guard.ts). */
export type Actor = {
  userId: number;
  userName: string;
  role: Role;
  group: UserGroup;
  organizationId: number | null;
  requireChangePassword: boolean;
};

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
  }
}

/** The actor of a route whose access guarantees one. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw unauthorized();
  return request.actor;
}
