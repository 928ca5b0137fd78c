import { z } from 'zod';
import { messages } from '../../domain/messages.js';
import { reachFirmOf } from '../../domain/rules/consultantReach.js';
import { certificationCutoff, type UserSort, userStatusOfSlug } from '../../domain/rules/userLists.js';
import { idBodySchema } from '../../domain/schemas/content.js';
import {
  userDraftViewSchema,
  userPageSchema,
  userSavedSchema,
  userViewSchema,
} from '../../domain/schemas/user.js';
import {
  adminUserAddSchema,
  adminUserUpdateSchema,
  userGroupSearchSchema,
  userSearchSchema,
} from '../../domain/schemas/userAdmin.js';
import { reachableUser } from '../access/userReach.js';
import { type Actor, actorOf } from '../auth/guard.js';
import { nameProbeLimits } from '../auth/nameProbes.js';
import { accountMail } from '../commands/accountMail.js';
import { emailChange } from '../commands/emailChange.js';
import { saveUser } from '../commands/saveUser.js';
import { JSON_TYPE, notFound, ok } from '../http/envelope.js';
import { idempotencyOf } from '../http/idempotency.js';
import { keptPages } from '../http/keptPages.js';
import type { ZodApp } from '../http/types.js';
import { presentUser, presentUserDraft } from '../presenters/user.js';
import { type UserListFilter, userSearchRepository } from '../repositories/userSearch.js';
import { usersRepository } from '../repositories/users.js';
import type { Deps } from './deps.js';
import { userViewBytes } from './userViewBytes.js';

const tags = ['users'];
const adminOnly = { access: ['admin'] } as const;
/** Consultants reach the user screens for their own firm's and their clients' people only. */
const userScreens = { access: ['admin', 'consultant'] } as const;
/** The tables a user page reads: the people, their organizations, the names of their lookups. */
const userPages = keptPages(['users', 'organizations', 'lookup_items']);
const searchDescription =
  'Query matches full name, user name, e-mail and organization name; count is the total before Skip and Take. Ordered by full name. The caller is not listed. Consultants get their own firm and its manufacturers, never admins or visitors.';

/** Admin users (docs/product.md#calls): the searches and the user form's loads and saves. */
export function userRoutes(app: ZodApp, deps: Deps): void {
  const { db } = deps;
  const idempotency = idempotencyOf(db);
  const savedAnswer = ({ id }: { id: number }) => ok({ id }, messages.admin.saved);
  const nameProbesOf = nameProbeLimits(db);

  /** One page of a list, in the caller's reach. */
  const list = async (
    actor: Actor,
    filter: UserListFilter,
    page: { skip?: number | null; take?: number | null; sort?: UserSort | null },
  ) => {
    const firm = reachFirmOf(actor);
    const reach = firm === undefined ? {} : { consultingFirmId: firm };
    const { rows, count } = await userSearchRepository.search(
      db,
      { ...filter, ...reach, exceptUserId: actor.userId },
      page,
    );
    return { data: rows.map((r) => presentUser(r, { admin: actor.role === 'admin' })), count };
  };

  app.post(
    '/admin/user/search',
    {
      config: userScreens,
      schema: {
        summary: 'Search all users',
        description: searchDescription,
        tags,
        body: userSearchSchema,
        response: { 200: userPageSchema },
      },
    },
    async (request, reply) =>
      userPages(db, request, reply, () =>
        list(actorOf(request), { query: request.body.query }, request.body),
      ),
  );

  app.post(
    '/admin/user/search/:status',
    {
      config: userScreens,
      schema: {
        summary: 'Search users of one status: approved, pending, imported or visitor',
        description: `The status is lower case; any other value answers 404. ${searchDescription}`,
        tags,
        params: z.object({ status: z.string().max(40) }),
        body: userSearchSchema,
        response: { 200: userPageSchema },
      },
    },
    async (request, reply) => {
      const status = userStatusOfSlug(request.params.status);
      if (status === undefined) throw notFound(`There is no user list '${request.params.status}'.`);
      return userPages(db, request, reply, () =>
        list(actorOf(request), { query: request.body.query, status }, request.body),
      );
    },
  );

  app.post(
    '/admin/user/search/bygroup',
    {
      config: userScreens,
      schema: {
        summary: 'Search the users of one group (userGroup 1-5, required)',
        description: searchDescription,
        tags,
        body: userGroupSearchSchema,
        response: { 200: userPageSchema },
      },
    },
    async (request, reply) =>
      userPages(db, request, reply, () =>
        list(actorOf(request), { query: request.body.query, group: request.body.userGroup }, request.body),
      ),
  );

  for (const mode of ['inactive', 'suspended'] as const) {
    app.post(
      `/admin/user/search/${mode}`,
      {
        config: adminOnly,
        schema: {
          summary: `Search ${mode} users (userGroup optional)`,
          description: searchDescription,
          tags,
          body: userSearchSchema,
          response: { 200: userPageSchema },
        },
      },
      async (request, reply) =>
        userPages(db, request, reply, () =>
          list(
            actorOf(request),
            { query: request.body.query, group: request.body.userGroup, [mode]: true },
            request.body,
          ),
        ),
    );
  }

  app.post(
    '/admin/user/consultant/expiredcertification',
    {
      config: adminOnly,
      schema: {
        summary: 'Search active consultants whose certification is missing or expired',
        description: `Expired: no last certification date, or one older than a year (domain/rules/userLists.ts); userGroup is ignored. ${searchDescription}`,
        tags,
        body: userSearchSchema,
        response: { 200: userPageSchema },
      },
    },
    async (request) =>
      list(
        actorOf(request),
        { query: request.body.query, certifiedBefore: certificationCutoff(new Date()) },
        request.body,
      ),
  );

  app.post(
    '/admin/user/getbyid',
    {
      config: userScreens,
      schema: { summary: 'One user', tags, body: idBodySchema, response: { 200: userViewSchema } },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      // A read-only answer: the row may come from the session cache (the same fields, kept current),
      // and its answer's bytes with it.
      const row = await reachableUser(db, actor, request.body.id, (id) =>
        deps.sessions.get(id, request.arrivalMark),
      );
      return reply.type(JSON_TYPE).send(userViewBytes(row, { admin: actor.role === 'admin' }));
    },
  );

  app.post(
    '/admin/user/copy',
    {
      config: userScreens,
      schema: {
        summary: 'A new user copied from one (not saved)',
        description:
          'Keeps the group, organization, functional role, state, division, department and referral; id null, names, e-mail and phone blank, active, Pending (Visitor for visitors). Save it with admin/user/visitor/add.',
        tags,
        body: idBodySchema,
        response: { 200: userDraftViewSchema },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const row = await reachableUser(db, actor, request.body.id);
      return presentUserDraft(row, { admin: actor.role === 'admin' });
    },
  );

  app.post(
    '/admin/user/init',
    {
      config: userScreens,
      schema: {
        summary: 'A blank new user (not saved)',
        tags,
        body: z.looseObject({}).nullish(),
        response: { 200: userDraftViewSchema },
      },
    },
    async (request) => presentUserDraft(null, { admin: actorOf(request).role === 'admin' }),
  );

  app.post(
    '/admin/user/visitor/add',
    {
      config: userScreens,
      schema: {
        summary: 'Create a user of any group, optionally invited to an assessment and e-mailed the invite',
        description:
          "user: the admin user form (organization by id, or for admins by name: the active organization of that name and the group type, else a new one). assessment: { id } or { code } adds an active invite. sendInvite: after saving, e-mail the link to set a password (as admin/user/resendinvite). Answers data { id }. Consultants: only their clients' people, groups Manufacturer Champion and Manufacturer (a consulting firm's people are the administrators'); admin-only fields ignored. Every other input is checked before the user name; a non-admin caller who hears 'user name taken' 20 times in 15 minutes gets 429 for a while.",
        tags,
        body: adminUserAddSchema,
        response: { 200: userSavedSchema },
      },
    },
    async (request, reply) =>
      idempotency.run(request, reply, async (key) => {
        const actor = actorOf(request);
        const takenNames = nameProbesOf(actor);
        const { id } = await saveUser.add(db, actor, request.body, key?.keep(savedAnswer), takenNames);
        if (!request.body.sendInvite) return savedAnswer({ id });
        try {
          const sent = await accountMail.invite(deps, id, actor.userId, request.body.host);
          return ok({ id }, `${messages.admin.saved} ${sent.message}`);
        } catch (error) {
          request.log.error({ err: error, userId: id }, 'invite not sent');
          return ok({ id }, `${messages.admin.saved} ${messages.users.inviteNotSent}`);
        }
      }),
  );

  app.post(
    '/admin/user/visitor/update',
    {
      config: userScreens,
      schema: {
        summary: 'Save a user',
        description:
          "The body is the user, or { user }. Deactivating or suspending ends their sessions and e-mailed links at once; deactivating also withdraws their open invites without results. Nobody deactivates, suspends or regroups themselves; a visitor changes group only by conversion. Who may change which field (domain/policies/userFields.ts): the e-mail of someone who has an account only an administrator (one's own on auth/profile/update); a non-admin may correct the e-mail of a person who never registered (their invite goes again to the new address); organization, suspension and re-activation only an administrator; consultants manage their clients' people, not their own firm's. A refused field answers 403 (400 for one's own group or state) and nothing is saved. The old address is told of every e-mail change.",
        tags,
        body: adminUserUpdateSchema,
        response: { 200: userSavedSchema },
      },
    },
    async (request, reply) =>
      idempotency.run(request, reply, async (key) => {
        const actor = actorOf(request);
        await reachableUser(db, actor, request.body.id);
        const saved = await usersRepository.findById(db, request.body.id);
        if (!saved) throw notFound(messages.users.notFound);
        const { emailChanged } = await saveUser.update(
          db,
          actor,
          request.body,
          saved,
          key?.keep(savedAnswer),
        );
        if (!emailChanged) return savedAnswer(saved);
        try {
          await emailChange.notify(deps, emailChanged, actor.userId);
          return savedAnswer(saved);
        } catch (error) {
          request.log.error({ err: error, userId: saved.id }, 'e-mail change notice not sent');
          return ok({ id: saved.id }, `${messages.admin.saved} ${messages.account.emailChangeNoticeNotSent}`);
        }
      }),
  );
}
