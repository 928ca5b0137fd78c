import { z } from 'zod';
import {
  SHARE_LINK_DEFAULT_DAYS,
  SHARE_LINK_MAX_DAYS,
  SHARE_LINK_MIN_DAYS,
  shareLinkTexts,
} from '../rules/shareLinks.js';
import { actionStatusSchema } from './actions.js';
import { envelopeOf, pageOf } from './answers.js';
import { listSearchSchema } from './common.js';

/** Days until the link expires: a whole number from 1 to 365; 30 when left out. */
export const expiresInDaysSchema = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
  z
    .number({ error: shareLinkTexts.expiryRange })
    .int(shareLinkTexts.expiryRange)
    .min(SHARE_LINK_MIN_DAYS, shareLinkTexts.expiryRange)
    .max(SHARE_LINK_MAX_DAYS, shareLinkTexts.expiryRange),
);

/** organization/sharelink/add: the organization and how long the link lives. */
export const shareLinkAddSchema = z.object({
  id: z.coerce.number().int(),
  expiresInDays: z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? SHARE_LINK_DEFAULT_DAYS : v),
    expiresInDaysSchema,
  ),
  /** As for links in e-mails: used only when it is PUBLIC_URL's host or one of ALLOWED_HOSTS. */
  host: z.string().max(500).nullish(),
});
export type ShareLinkAdd = z.infer<typeof shareLinkAddSchema>;

/** What the add answers in data: the only time the token is ever shown. */
export const shareLinkCreatedSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  expiresOn: z.string(),
});
export type ShareLinkCreated = z.output<typeof shareLinkCreatedSchema>;
export const shareLinkAddAnswerSchema = envelopeOf(shareLinkCreatedSchema);

/** A link as the organization's list shows it: never its token. */
export const shareLinkViewSchema = z.object({
  id: z.number().int(),
  createdOn: z.string(),
  expiresOn: z.string(),
  revoked: z.boolean(),
  /** Who made it: their name where the caller may see it, else their role (namesLinkCreator). */
  createdBy: z.string(),
});
export type ShareLinkView = z.output<typeof shareLinkViewSchema>;
export const shareLinkPageSchema = pageOf(shareLinkViewSchema);

/** admin/sharelink/search: Query (the organization's name), Skip, Take. */
export const shareLinkSearchSchema = listSearchSchema;

/** A link in the admins' list, with its organization. */
export const adminShareLinkViewSchema = shareLinkViewSchema.extend({
  organizationId: z.number().int(),
  organizationName: z.string(),
});
export type AdminShareLinkView = z.output<typeof adminShareLinkViewSchema>;
export const adminShareLinkPageSchema = pageOf(adminShareLinkViewSchema);

/** GET shared/{token}: the roadmap summary, with no person in it. */
export const sharedRoadmapViewSchema = z.object({
  name: z.string(),
  businessType: z.string().nullable(),
  /** The roadmap status's code. */
  roadmapStatus: z.string().nullable(),
  /** Largest gap first. */
  sections: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      current: z.number().nullable(),
      future: z.number().nullable(),
      gap: z.number().nullable(),
    }),
  ),
  /** The plan's actions, whatever their status, by due date (none last): no owner, no description. */
  actions: z.array(
    z.object({
      sectionName: z.string(),
      title: z.string(),
      dueOn: z.string().nullable(),
      status: actionStatusSchema,
    }),
  ),
});
export type SharedRoadmapView = z.output<typeof sharedRoadmapViewSchema>;

/** The web form: the days as typed. */
export const shareLinkFormSchema = z.object({ expiresInDays: expiresInDaysSchema });
