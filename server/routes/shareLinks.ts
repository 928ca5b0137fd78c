import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { AssessmentType, type UserGroup } from '../../domain/codes.js';
import { canViewInsightsOf } from '../../domain/policies/organizationInsights.js';
import type { OrganizationActor } from '../../domain/policies/organizations.js';
import { figuresFrom } from '../../domain/rules/anonymity.js';
import { hasRoadmap } from '../../domain/rules/organizations.js';
import { roleOfGroup } from '../../domain/rules/roles.js';
import {
  SHARE_TOKEN_BYTES,
  sharedSections,
  shareLinkExpiry,
  shareLinkOpens,
  shareLinkTexts,
} from '../../domain/rules/shareLinks.js';
import { emptyEnvelope } from '../../domain/schemas/answers.js';
import { idBodySchema } from '../../domain/schemas/content.js';
import {
  type AdminShareLinkView,
  adminShareLinkPageSchema,
  type SharedRoadmapView,
  type ShareLinkCreated,
  sharedRoadmapViewSchema,
  shareLinkAddAnswerSchema,
  shareLinkAddSchema,
  shareLinkPageSchema,
  shareLinkSearchSchema,
} from '../../domain/schemas/shareLinks.js';
import { actorOf, losesAccessWithOrganization } from '../auth/guard.js';
import { shareLinks } from '../commands/shareLinks.js';
import { todayIso } from '../db/clock.js';
import { badRequest, forbidden, notFound, ok } from '../http/envelope.js';
import { keptPages } from '../http/keptPages.js';
import type { ZodApp } from '../http/types.js';
import { linkBase } from '../mail/links.js';
import { presentShareLink } from '../presenters/shareLink.js';
import { actionsRepository } from '../repositories/actions.js';
import { organizationDetails } from '../repositories/organizationDetails.js';
import { type OrganizationScores, reportData } from '../repositories/reportData.js';
import { type ShareLinkWithCreator, shareLinksRepository } from '../repositories/shareLinks.js';
import type { Deps } from './deps.js';

const tags = ['shared roadmap links'];
/** A plan's actions as a link shows them: all of a real plan, bounded like any list (paging.ts). */
const MAX_SHARED_ACTIONS = 10_000;
/** The tables the admin link page reads: the links, their organizations (name, Anonymize Results)
 * and their creators (name, group, organization). */
const linkPages = keptPages(['share_links', 'organizations', 'users']);
const handlers = { access: ['admin', 'consultant', 'manufacturer-champion'] } as const;
const who =
  "Admins, the consultants of the firm working with the manufacturer and its champion; anyone else 403. Only a manufacturer's roadmap can be shared (400 for another organization).";

/** `anonymized`: the link's viewer, anonymous, sees no figure of 1 or 2 respondents (anonymity.ts). */
const figuresOf = (results: OrganizationScores, anonymized = false) => ({
  sections: results.content.sections,
  scores: figuresFrom(anonymized, results.respondents).map((r) => r.scores),
});

/**
 * A link's creator as the guard would let them act now, or undefined when they could not sign in:
 * gone, deactivated, suspended, or of a deactivated consulting firm (the guard's own conditions,
 * server/auth/guard.ts). A consultant's link so dies with the firm, a champion's when they leave.
 */
function creatorNow(link: ShareLinkWithCreator): OrganizationActor | undefined {
  if (link.creatorId == null || link.creatorGroup == null) return undefined;
  if (link.creatorActive !== 1 || link.creatorSuspended === 1) return undefined;
  const organization = {
    organizationType: link.creatorOrganizationType,
    organizationActive: link.creatorOrganizationActive,
  };
  if (losesAccessWithOrganization(organization)) return undefined;
  return { role: roleOfGroup(link.creatorGroup as UserGroup), organizationId: link.creatorOrganizationId };
}

/** Shared roadmap links (docs/product.md#insights-share-links). */
export function shareLinkRoutes(app: ZodApp, { db, config }: Deps): void {
  /** The organization, when the caller may handle its links (404 unknown, 403 out of reach). */
  async function reachable(request: Parameters<typeof actorOf>[0], id: number) {
    const actor = actorOf(request);
    const org = await organizationDetails.findById(db, id);
    if (!org) throw notFound('The organization was not found.');
    if (!canViewInsightsOf(actor, org)) throw forbidden();
    if (!hasRoadmap(org)) throw badRequest(shareLinkTexts.manufacturersOnly);
    return { actor, org };
  }

  app.post(
    '/organization/sharelink/add',
    {
      config: handlers,
      schema: {
        summary: "Create a link to a manufacturer's roadmap summary",
        description: `expiresInDays 1 to 365 (30 when left out; otherwise 400). Answers data { id, url, expiresOn }: url is PUBLIC_URL/shared/{token}, the token 256 random bits, shown this once and stored only as its SHA-256. host, as for links in e-mails, counts only when it is PUBLIC_URL's host or one of ALLOWED_HOSTS. ${who}`,
        tags,
        body: shareLinkAddSchema,
        response: { 200: shareLinkAddAnswerSchema },
      },
    },
    async (request) => {
      const { actor, org } = await reachable(request, request.body.id);
      const token = randomBytes(SHARE_TOKEN_BYTES).toString('base64url');
      const now = new Date();
      const expiresAt = shareLinkExpiry(now, request.body.expiresInDays).toISOString();
      const id = await shareLinks.create(db, actor.userId, {
        organizationId: org.id,
        token,
        createdAt: now.toISOString(),
        expiresAt,
      });
      const data: ShareLinkCreated = {
        id,
        url: `${linkBase(config, request.body.host)}/shared/${token}`,
        expiresOn: expiresAt,
      };
      return ok(data, shareLinkTexts.created);
    },
  );

  app.post(
    '/organization/sharelink/list',
    {
      config: handlers,
      schema: {
        summary: "A manufacturer's shared roadmap links",
        description: `id: the organization. Answers { data: [{ id, createdOn, expiresOn, revoked, createdBy }], count }, newest first, never a token; createdBy is the creator's name where the caller may see that person (an admin anyone, a consultant their firm's and its manufacturers' people, anyone their own organization's; under Anonymize Results only an admin sees the name of one of the manufacturer's own people), else their role ('An administrator', 'A consultant', 'A champion', 'A former user'). ${who}`,
        tags,
        body: idBodySchema,
        response: { 200: shareLinkPageSchema },
      },
    },
    async (request) => {
      const { actor, org } = await reachable(request, request.body.id);
      const rows = await shareLinksRepository.listOf(db, org.id);
      const manufacturer = { id: org.id, anonymizeResults: org.anonymizeResults === 1 };
      return { data: rows.map((row) => presentShareLink(row, actor, manufacturer)), count: rows.length };
    },
  );

  app.post(
    '/organization/sharelink/revoke',
    {
      config: handlers,
      schema: {
        summary: 'Revoke a shared roadmap link',
        description: `id: the link's. From then on the link answers 404 like an unknown one; revoking it again changes nothing. ${who}`,
        tags,
        body: idBodySchema,
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => {
      const link = await shareLinksRepository.findById(db, request.body.id);
      if (!link) throw notFound(shareLinkTexts.linkNotFound);
      const { actor } = await reachable(request, link.organizationId);
      const revoked = await shareLinks.revoke(db, actor.userId, link);
      return ok(undefined, revoked ? shareLinkTexts.revoked : shareLinkTexts.alreadyRevoked);
    },
  );

  app.post(
    '/admin/sharelink/search',
    {
      config: { access: ['admin'] },
      schema: {
        summary: 'Every shared roadmap link',
        description:
          "Query matches the organization's name. Answers { data: [{ id, organizationId, organizationName, createdOn, expiresOn, revoked, createdBy }], count }, newest first, count before Skip and Take; never a token. Admins revoke with organization/sharelink/revoke. Admins only.",
        tags,
        body: shareLinkSearchSchema,
        response: { 200: adminShareLinkPageSchema },
      },
    },
    async (request, reply) =>
      linkPages(db, request, reply, async () => {
        const actor = actorOf(request);
        const { rows, count } = await shareLinksRepository.search(db, request.body);
        const data: AdminShareLinkView[] = rows.map((row) => ({
          ...presentShareLink(row, actor, {
            id: row.organizationId,
            anonymizeResults: row.organizationAnonymizes === 1,
          }),
          organizationId: row.organizationId,
          organizationName: row.organizationName,
        }));
        return { data, count };
      }),
  );

  app.get(
    '/shared/:token',
    {
      config: { access: 'public' },
      schema: {
        summary: "A manufacturer's roadmap summary, through a shared link",
        description:
          "No sign-in. Answers { name, businessType, roadmapStatus (code), sections: [{ id, name, current, future, gap }] }: the current- and future-state section averages over the results that count in the report, gap = future - current, largest gap first (under Anonymize Results, current or future is null while only 1 or 2 results of that state count), actions: [{ sectionName, title, dueOn, status }] (the plan's every action by due date, none last; no owner, no description); no person's name, user name or e-mail. An unknown, revoked or expired token answers the same 404, and so does a link whose creator could no longer create it now (deactivated, suspended or deleted, of a deactivated firm, no longer the manufacturer's consultant or champion). Counted by the public calls' rate limit; never cached or indexed.",
        tags,
        params: z.object({ token: z.string().max(200) }),
        response: { 200: sharedRoadmapViewSchema },
      },
    },
    async (request, reply) => {
      reply.header('x-robots-tag', 'noindex, nofollow');
      const link = await shareLinksRepository.findByToken(db, request.params.token);
      if (!link || !shareLinkOpens(link) || !hasRoadmap({ type: link.organizationType }))
        throw notFound(shareLinkTexts.invalid);
      const org = await organizationDetails.findById(db, link.organizationId);
      // docs/decisions.md#sign-in-links: the link lasts only while its creator could create it now (the add route's policy).
      const creator = creatorNow(link);
      if (!org || !creator || !canViewInsightsOf(creator, org)) throw notFound(shareLinkTexts.invalid);
      const [current, future, plan] = await Promise.all([
        reportData.organizationScores(db, org.id, AssessmentType.CurrentState),
        reportData.organizationScores(db, org.id, AssessmentType.FutureState),
        actionsRepository.search(
          db,
          { organizationId: org.id, skip: 0, take: MAX_SHARED_ACTIONS },
          todayIso(),
        ),
      ]);
      const view: SharedRoadmapView = {
        name: org.name,
        businessType: org.businessTypeName,
        roadmapStatus: org.roadmapStatusCode,
        sections: sharedSections(
          figuresOf(current, org.anonymizeResults === 1),
          figuresOf(future, org.anonymizeResults === 1),
        ),
        actions: plan.rows.map(({ sectionName, title, dueOn, status }) => ({
          sectionName,
          title,
          dueOn,
          status,
        })),
      };
      return view;
    },
  );
}
