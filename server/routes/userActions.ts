import { messages } from '../../domain/messages.js';
import { canDeleteUser } from '../../domain/policies/users.js';
import { idBodySchema } from '../../domain/schemas/content.js';
import { actorOf } from '../auth/guard.js';
import { reachableUser } from '../auth/userReach.js';
import { deleteUser } from '../commands/deleteUser.js';
import { fail, ok } from '../http/envelope.js';
import type { Deps, ZodApp } from '../http/types.js';

const admins = { access: ['admin'] } as const;

/** Admin users (SPEC.md section 7): delete, convert and one-time passcodes. */
export function userActionRoutes(app: ZodApp, deps: Deps): void {
  const { db } = deps;

  app.post(
    '/admin/user/visitor/delete',
    {
      config: admins,
      schema: {
        summary: 'Delete a user with their assessment results, invites, links and passcodes',
        description: 'Nobody deletes themselves (isSuccess false). It cannot be undone.',
        tags: ['users'],
        body: idBodySchema,
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const user = await reachableUser(db, actor, request.body.id);
      if (!canDeleteUser(actor, user)) return fail(messages.users.cannotDeleteSelf);
      await deleteUser(db, actor.userId, user);
      return ok(undefined, messages.admin.deleted);
    },
  );
}
